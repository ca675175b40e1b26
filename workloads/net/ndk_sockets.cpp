#ifdef WS_HAVE_LWIP
#include "workloads/net/ndk_sockets.hpp"

#include <fmt/format.h>

namespace ws::net {

NdkSockets::NdkSockets(const Config& cfg, os::HeapMem& heap, os::Kernel& kernel, TcpipThread& stack_lock,
                       LwipStack& stack, LwipOnCore& lwip)
    : cfg_(cfg), heap_(heap), kernel_(kernel), lock_(stack_lock), stack_(stack), lwip_(lwip), events_(kernel) {
  stack_.on_event = [this](int e, int id) {
    if (id < 0) return;  // UDP: no NDK socket here
    if (e == WS_LWIP_READABLE) events_.post(bit(id, 0));
    else if (e == WS_LWIP_SENT) events_.post(bit(id, 1));
    else if (e == WS_LWIP_CLOSED || e == WS_LWIP_ERROR) {
      if (auto it = socks_.find(id); it != socks_.end()) it->second.closed = true, it->second.reset |= e == WS_LWIP_ERROR;
      else closed_early_.insert(id);  // accepted, not yet taken by accept()
      events_.post(bit(id, 0) | bit(id, 1) | bit(id, 2));
    } else if (e == WS_LWIP_CONNECTED) {
      if (auto it = socks_.find(id); it != socks_.end()) {  // our connect() completed
        it->second.connected = true;
        events_.post(bit(id, 2));
        return;
      }
      const uint16_t port = stack_.local_port(id);  // an accepted connection: its listener's queue
      for (auto& [lid, s] : socks_)
        if (s.port == port) {
          s.pending.push_back(id);
          events_.post(bit(lid, 2));
          return;
        }
      stack_.close(id);
    }
  };
}

os::Task NdkSockets::locked(std::function<void()> body) {
  co_await lock_.call([this, &body] {
    const sc_core::sc_time t = lwip_.core().time();
    lwip_.core().exec_code(lwip_.costs().api);
    lwip_.book("socket layer", t);
    body();
  });
}

bool NdkSockets::take_heap(Sock& s, bool no_copy, const char* call) {
  const uint64_t want = uint64_t(cfg_.socket_object_bytes) + cfg_.tcp_tx_buf + (no_copy ? 0 : cfg_.tcp_rx_buf);
  s.object = heap_.alloc(cfg_.socket_object_bytes);
  s.tx = s.object ? heap_.alloc(cfg_.tcp_tx_buf) : 0;
  s.rx = s.tx && !no_copy ? heap_.alloc(cfg_.tcp_rx_buf) : 0;
  s.no_copy = no_copy;
  if (s.object && s.tx && (no_copy || s.rx)) return true;
  give_heap(s);
  ++failures_;
  last_failure_ = fmt::format("{} ENOMEM: {} B asked of a {} B heap with {} B free (largest block {} B)", call, want,
                              heap_.size(), heap_.free_bytes(), heap_.largest_free());
  return false;
}

void NdkSockets::give_heap(Sock& s) {
  if (s.rx) heap_.free(s.rx, cfg_.tcp_rx_buf);
  if (s.tx) heap_.free(s.tx, cfg_.tcp_tx_buf);
  if (s.object) heap_.free(s.object, cfg_.socket_object_bytes);
  s.object = s.tx = s.rx = 0;
}

os::Task NdkSockets::listen(uint16_t port, bool no_copy, int& fd) {
  Sock s;
  fd = kEnomem;
  if (!take_heap(s, no_copy, "socket()")) co_return;
  int id = -1;
  co_await locked([&] { id = stack_.listen(port); });
  if (id < 0) throw std::logic_error(fmt::format("NDK stand-in: no listener on port {}", port));
  s.port = port;
  socks_[id] = std::move(s);
  fd = id;
}

os::Task NdkSockets::accept(int listener, int& fd) {
  Sock& l = socks_.at(listener);
  while (l.pending.empty()) co_await events_.pend(bit(listener, 2));
  const int id = l.pending.front();
  l.pending.pop_front();
  Sock s;
  if (!take_heap(s, l.no_copy, "accept()")) {
    fd = kEnomem;
    closed_early_.erase(id);
    co_await locked([&] { stack_.close(id); });
    co_return;
  }
  co_await locked([] {});
  s.closed = closed_early_.erase(id) > 0;
  socks_[id] = std::move(s);
  fd = id;
}

os::Task NdkSockets::connect(uint32_t ip, uint16_t port, bool no_copy, int& fd) {
  Sock s;
  fd = kEnomem;
  if (!take_heap(s, no_copy, "socket()")) co_return;
  int id = -1;
  co_await locked([&] { id = stack_.connect(ip, port); });
  if (id < 0) {
    give_heap(s);
    fd = -1;
    co_return;
  }
  socks_[id] = std::move(s);
  // The flags, not the bits: a bit can be left from the id's last connection.
  while (!socks_.at(id).connected && !socks_.at(id).closed) co_await events_.pend(bit(id, 2));
  if (socks_.at(id).connected && !socks_.at(id).closed) {
    fd = id;
    co_return;
  }
  fd = -1;  // refused: everything back
  co_await close(id);
}

os::Task NdkSockets::send(int fd, const uint8_t* data, uint32_t n, uint32_t& sent) {
  sent = 0;
  while (sent < n && !socks_.at(fd).closed) {
    uint32_t took = 0;
    co_await locked([&] { took = stack_.write(fd, data + sent, n - sent); });
    sent += took;
    if (sent < n) {  // the send buffer is full: wait for an ACK
      const sc_core::sc_time t = lwip_.core().time();
      co_await events_.pend(bit(fd, 1));
      send_blocked_ += lwip_.core().time() - t;
    }
  }
}

os::Task NdkSockets::recv(int fd, uint8_t* dst, uint32_t max, bool no_copy, uint32_t& n) {
  n = 0;
  while (stack_.readable(fd) == 0 && !socks_.at(fd).closed) co_await events_.pend(bit(fd, 0));
  if (stack_.readable(fd) == 0) co_return;  // the peer closed and everything was read
  co_await locked([&] {
    if (no_copy) lwip_.set_charge_copies(false);  // recvnc: the application reads the stack's buffer in place
    n = stack_.read(fd, dst, max);
    lwip_.set_charge_copies(true);
  });
}

os::Task NdkSockets::close(int fd) {
  co_await locked([&] { stack_.close(fd); });
  if (auto it = socks_.find(fd); it != socks_.end()) {
    give_heap(it->second);
    socks_.erase(it);
  }
}

}  // namespace ws::net
#endif
