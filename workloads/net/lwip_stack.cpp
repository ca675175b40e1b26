#ifdef WS_HAVE_LWIP
#include "workloads/net/lwip_stack.hpp"

#include <cstring>
#include <limits>
#include <stdexcept>

namespace ws::net {

ws_lwip_host LwipStack::host_for(LwipStack* self) {
  ws_lwip_host h{};
  h.ctx = self;
  h.now_ms = [](void*) { return uint32_t(uint64_t(now().to_seconds() * 1e3)); };
  h.output = [](void* c, void* f, uint16_t n) {
    auto* s = static_cast<LwipStack*>(c);
    if (s->output) s->output(f, n);
    else s->tx_free(f);
  };
  h.copy = [](void* c, void* dst, const void* src, size_t n) {
    auto* s = static_cast<LwipStack*>(c);
    s->copied_ += n;
    std::memmove(dst, src, n);  // lwIP's MEMCPY: the bytes move here, the core is charged by on_copy
    if (s->on_copy) s->on_copy(dst, src, n);
  };
  h.checksum = [](void* c, const void* d, size_t n) {
    auto* s = static_cast<LwipStack*>(c);
    s->checksummed_ += n;
    if (s->on_checksum) s->on_checksum(d, n);
  };
  h.event = [](void* c, int e, int socket) {
    auto* s = static_cast<LwipStack*>(c);
    if (s->on_event) s->on_event(e, socket);
  };
  return h;
}

LwipStack::LwipStack(const ws_lwip_api* api, Scheduler& sched, const eth::MacAddr& mac, uint32_t ip, uint32_t netmask,
                     const ws_lwip_options& opt)
    : api_(api), sched_(sched) {
  static std::vector<const ws_lwip_api*> in_use;  // an instance's globals serve one stack
  for (auto* a : in_use)
    if (a == api) throw std::logic_error(std::string("lwIP instance ") + api->profile + " used twice");
  in_use.push_back(api);
  const ws_lwip_host h = host_for(this);
  const int r = api_->init(&h, mac.data(), ip, netmask, &opt);
  if (r == -2) throw std::logic_error(std::string("lwIP instance ") + api->profile + ": options beyond its build");
  if (r != 0) throw std::runtime_error("lwIP netif set-up failed");
  rearm();
}

// One pending wake-up at a time: a call that leaves the next timeout later
// than the pending one posts nothing (that wake-up checks and re-arms), so a
// stream of frames does not flood the scheduler with stale timers.
void LwipStack::rearm() {
  const uint32_t ms = api_->sleep_ms();
  if (ms == std::numeric_limits<uint32_t>::max()) return;
  // lwIP counts whole milliseconds: the timeout falls on a tick of its clock.
  const double at_ms = double(uint64_t(now().to_seconds() * 1e3) + ms);
  const sc_core::sc_time at = std::max(now(), sc_core::sc_time(at_ms, sc_core::SC_MS));
  if (wake_pending_ && wake_at_ <= at) return;
  wake_pending_ = true;
  wake_at_ = at;
  const uint64_t generation = ++timer_generation_;
  sched_.at(at, [this, generation] {
    if (generation != timer_generation_) return;  // an earlier wake-up replaced it
    wake_pending_ = false;
    if (on_timer) on_timer();
    else check_timeouts();
  });
}

void LwipStack::check_timeouts() {
  api_->check_timeouts();
  rearm();
}

bool LwipStack::rx_input(void* frame) {
  const bool ok = api_->rx_input(frame) == 0;
  rearm();
  return ok;
}

bool LwipStack::input(const uint8_t* frame, uint16_t len) {
  uint8_t* data = nullptr;
  void* f = rx_alloc(len, &data);
  if (!f) return false;
  std::memcpy(data, frame, len);
  return rx_input(f);
}

uint16_t LwipStack::tx_copy(void* frame, uint8_t* out) const {
  const uint8_t* piece[16];
  uint16_t len[16];
  const int n = tx_pieces(frame, piece, len, 16);
  uint16_t at = 0;
  for (int k = 0; k < n; ++k) {
    std::memcpy(out + at, piece[k], len[k]);
    at = uint16_t(at + len[k]);
  }
  return at;
}

int LwipStack::listen(uint16_t port) {
  const int id = api_->tcp_listen(port);
  rearm();
  return id;
}

int LwipStack::connect(uint32_t ip, uint16_t port) {
  const int id = api_->tcp_connect(ip, port);
  rearm();
  return id;
}

uint32_t LwipStack::write(int socket, const uint8_t* data, uint32_t n) {
  const uint32_t took = api_->tcp_write(socket, data, n);
  rearm();
  return took;
}

uint32_t LwipStack::read(int socket, uint8_t* dst, uint32_t max) {
  const uint32_t n = api_->tcp_read(socket, dst, max);
  rearm();
  return n;
}

void LwipStack::close(int socket) {
  api_->tcp_close(socket);
  rearm();
}

bool LwipStack::udp_bind(uint16_t port) { return api_->udp_bind(port) == 0; }
bool LwipStack::udp_connect(uint32_t ip, uint16_t port) { return api_->udp_connect(ip, port) == 0; }

bool LwipStack::udp_send(const uint8_t* data, uint16_t n) {
  const bool ok = api_->udp_send(data, n) == 0;
  rearm();
  return ok;
}

int LwipStack::udp_read(uint8_t* dst, uint16_t max) { return api_->udp_read(dst, max); }

ws_lwip_counters LwipStack::counters() const {
  ws_lwip_counters c{};
  api_->counters(&c);
  return c;
}

}  // namespace ws::net
#endif
