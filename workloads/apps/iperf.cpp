#ifdef WS_HAVE_LWIP
#include "workloads/apps/iperf.hpp"

#include <algorithm>

namespace ws::apps {

const lib::BytePattern& iperf_pattern() {
  static const lib::BytePattern pattern(131, 11, 0);
  return pattern;
}

void iperf_datagram(uint8_t* d, uint16_t n, uint32_t seq, const sc_core::sc_time& t) {
  const auto us = uint64_t(t.to_seconds() * 1e6);
  const uint32_t head[3] = {uint32_t(us / 1000000), uint32_t(us % 1000000), seq};
  for (int w = 0; w < 3; ++w)
    for (int b = 0; b < 4; ++b) d[w * 4 + b] = uint8_t(head[w] >> (24 - 8 * b));
  if (n > 12) iperf_pattern().fill(d + 12, uint64_t(seq) * 7 + 12, n - 12u);
}

void IperfTally::tcp(const uint8_t* d, uint32_t n, uint64_t& offset, bool in_window) {
  wrong += iperf_pattern().mismatches(d, offset, n);
  offset += n;
  if (in_window) bytes += n;
  else late += n;
}

void IperfTally::udp(const uint8_t* d, uint32_t n, bool in_window) {
  if (n < 12) {  // no iperf header: the datagram is wrong, whatever its length
    wrong += std::max<uint32_t>(n, 1);
    ++datagrams;
    return;
  }
  const uint32_t seq = uint32_t(d[8]) << 24 | uint32_t(d[9]) << 16 | uint32_t(d[10]) << 8 | d[11];
  wrong += iperf_pattern().mismatches(d + 12, uint64_t(seq) * 7 + 12, n - 12);
  if (int64_t(seq) < last_seq) ++out_of_order;
  last_seq = std::max(last_seq, int64_t(seq));
  ++datagrams;
  if (in_window) bytes += n;
  else ++late;
}

// ---------------------------------------------------------------- the board

IperfBoard::IperfBoard(const IperfConfig& cfg, os::Kernel& kernel, const SpawnTask& spawn, net::TcpipThread& tcpip,
                       net::LwipStack& stack, net::LwipOnCore& lwip, unsigned priority, uint32_t pc_ip)
    : cfg_(cfg), kernel_(kernel), tcpip_(tcpip), stack_(stack), lwip_(lwip), pc_ip_(pc_ip), events_(kernel),
      buf_(std::max<uint32_t>(cfg.block_bytes, cfg.udp_bytes)) {
  lwip_.map_buffer(buf_.data(), buf_.size());  // the application's buffer in the board's RAM
  stack_.on_event = [this](int e, int socket) {
    if (e == WS_LWIP_READABLE) events_.post(kReadable);
    else if (e == WS_LWIP_SENT) events_.post(kSent);
    else if (e == WS_LWIP_CONNECTED) {
      sock_ = socket;  // the accepted connection, or ours
      events_.post(kConnected);
    }
  };
  // The server side is up from the start; the client starts the test at cfg.start.
  spawn("iperf", priority, [this] { return run(); }, cfg.board_receives ? sc_core::SC_ZERO_TIME : cfg.start);
}

void IperfBoard::next_trial(const sc_core::sc_time& start, const sc_core::sc_time& end, double mbps) {
  cfg_.start = start, cfg_.end = end, cfg_.udp_mbps = mbps;
  events_.post(kTrial);
}

bool IperfBoard::in_window() const { return lwip_.core().time() < cfg_.end; }

// A socket call: its cost, then lwIP under the core lock. Through the raw
// API the call is lwIP's own (no socket layer) and moves no data: a
// callback's pbuf_free is its work.
os::Task IperfBoard::api(std::function<void()> body) {
  co_await tcpip_.call([this, &body] {
    const sc_core::sc_time t = lwip_.core().time();
    lwip_.core().exec_code(cfg_.raw_api ? lwip_.costs().pbuf : lwip_.costs().api);
    lwip_.book(cfg_.raw_api ? "lwiperf" : "socket API", t);
    lwip_.set_charge_copies(!cfg_.raw_api);
    body();
    lwip_.set_charge_copies(true);
  });
}

os::Task IperfBoard::run() {
  if (cfg_.tcp) co_await (cfg_.board_receives ? tcp_receive() : tcp_send());
  else co_await (cfg_.board_receives ? udp_receive() : udp_send());
}

os::Task IperfBoard::tcp_receive() {
  co_await api([this] { listening_ = stack_.listen(cfg_.port) >= 0; });
  for (;;) {
    co_await events_.pend(kReadable);
    while (stack_.readable(sock_) > 0) {  // recv() returns what is there; it blocks only when nothing is
      uint32_t n = 0;
      co_await api([&] { n = stack_.read(sock_, buf_.data(), cfg_.block_bytes); });
      tally_.tcp(buf_.data(), n, offset_, in_window());
    }
  }
}

os::Task IperfBoard::tcp_send() {
  co_await api([this] { stack_.connect(pc_ip_, cfg_.port); });
  co_await events_.pend(kConnected);
  while (in_window()) {
    iperf_pattern().fill(buf_.data(), offset_, cfg_.block_bytes);
    uint32_t took = 0;
    co_await api([&] { took = stack_.write(sock_, buf_.data(), cfg_.block_bytes); });
    offset_ += took;
    if (took == 0) co_await events_.pend(kSent);  // send() blocks until the peer acknowledges
  }
}

os::Task IperfBoard::udp_receive() {
  co_await api([this] { listening_ = stack_.udp_bind(cfg_.port); });
  for (;;) {
    co_await events_.pend(kReadable);
    while (stack_.udp_waiting() > 0) {
      int n = -1;
      co_await api([&] { n = stack_.udp_read(buf_.data(), uint16_t(std::min<size_t>(buf_.size(), 0xFFFF))); });
      if (n >= 0) tally_.udp(buf_.data(), uint32_t(n), in_window());
    }
  }
}

os::Task IperfBoard::udp_send() {
  co_await api([this] { stack_.udp_connect(pc_ip_, cfg_.port); });
  while (!stack_.arp_resolved(pc_ip_)) {  // as iperf3's control connection would have
    co_await api([this] { stack_.arp_request(pc_ip_); });
    co_await kernel_.sleep(sc_core::sc_time(1, sc_core::SC_MS));
  }
  for (;;) {  // a trial: [start, end) at its rate; the next waits for next_trial()
    const sc_core::sc_time gap = cfg_.udp_mbps > 0 ? sc_core::sc_time(cfg_.udp_bytes * 8.0 / cfg_.udp_mbps, sc_core::SC_US)
                                                   : sc_core::SC_ZERO_TIME;
    if (cfg_.start > lwip_.core().time()) co_await kernel_.sleep(cfg_.start - lwip_.core().time());
    sc_core::sc_time due = lwip_.core().time();
    while (in_window()) {
      iperf_datagram(buf_.data(), cfg_.udp_bytes, uint32_t(sent_datagrams_), lwip_.core().time());
      // Counted as lwIP takes it: the datagram may reach the PC before this call returns.
      bool refused = false;
      co_await api([&] {
        if (stack_.udp_send(buf_.data(), cfg_.udp_bytes)) ++sent_datagrams_;
        else ++send_failures_, refused = true;
      });
      if (refused && cfg_.send_retry > sc_core::SC_ZERO_TIME) co_await kernel_.sleep(cfg_.send_retry);
      due += gap;
      if (due > lwip_.core().time()) co_await kernel_.sleep(due - lwip_.core().time());  // iperf's pacing
    }
    co_await events_.pend(kTrial);
  }
}

// ---------------------------------------------------------------- the PC

IperfPc::IperfPc(const IperfConfig& cfg, net::LwipStack& stack, Scheduler& sched, uint32_t board_ip)
    : cfg_(cfg), stack_(stack), sched_(sched), board_ip_(board_ip), buf_(std::max<uint32_t>(64 * 1024, cfg.udp_bytes)) {
  const bool pc_sends = cfg.board_receives;
  stack_.on_event = [this, pc_sends](int e, int socket) {
    if (e == WS_LWIP_CONNECTED) sock_ = socket;
    // Never back into lwIP from its own callback: the application runs as the next event.
    if (pc_sends && (e == WS_LWIP_CONNECTED || e == WS_LWIP_SENT) && !pumping_) {
      pumping_ = true;
      sched_.at(now(), [this] { pump(); });
    }
    if (e == WS_LWIP_READABLE && !draining_) {
      draining_ = true;
      sched_.at(now(), [this] { drain(); });
    }
  };
  if (!cfg.board_receives) {  // the PC is the server
    if (cfg.tcp) stack_.listen(cfg.port);
    else stack_.udp_bind(cfg.port);
    return;
  }
  sched_.at(cfg.start, [this] { start(); });
}

// iperf3's control connection starts the test once the server's data socket is
// up: the client waits for it, rather than send to a port nobody has bound.
void IperfPc::start() {
  if (server_ready && !server_ready()) {
    sched_.after(sc_core::sc_time(100, sc_core::SC_US), [this] { start(); });
    return;
  }
  if (cfg_.tcp) {
    sock_ = stack_.connect(board_ip_, cfg_.port);
  } else {
    stack_.udp_connect(board_ip_, cfg_.port);
    send_next();
  }
}

void IperfPc::next_trial(const sc_core::sc_time& start, const sc_core::sc_time& end, double mbps) {
  cfg_.end = end, cfg_.udp_mbps = mbps;
  sched_.at(start, [this] { send_next(); });
}

void IperfPc::pump() {
  pumping_ = false;
  while (now() < cfg_.end) {
    const uint32_t n = std::min<uint32_t>(uint32_t(buf_.size()), stack_.send_buffer(sock_));
    if (n == 0) return;
    iperf_pattern().fill(buf_.data(), offset_, n);
    const uint32_t took = stack_.write(sock_, buf_.data(), n);
    if (took == 0) return;
    offset_ += took;
  }
}

void IperfPc::drain() {
  draining_ = false;
  const bool in = now() < cfg_.end;
  if (cfg_.tcp) {
    while (uint32_t n = stack_.read(sock_, buf_.data(), uint32_t(buf_.size()))) tally_.tcp(buf_.data(), n, offset_, in);
  } else {
    for (int n; (n = stack_.udp_read(buf_.data(), 0xFFFF)) >= 0;) tally_.udp(buf_.data(), uint32_t(n), in);
  }
}

void IperfPc::send_next() {
  if (now() >= cfg_.end) return;
  if (!stack_.arp_resolved(board_ip_)) {  // lwIP would queue one datagram and replace it with the next
    sched_.after(sc_core::sc_time(100, sc_core::SC_US), [this] { send_next(); });
    return;
  }
  iperf_datagram(buf_.data(), cfg_.udp_bytes, uint32_t(sent_datagrams_), now());
  if (stack_.udp_send(buf_.data(), cfg_.udp_bytes)) ++sent_datagrams_;
  sched_.after(sc_core::sc_time(cfg_.udp_bytes * 8.0 / cfg_.udp_mbps, sc_core::SC_US), [this] { send_next(); });
}

}  // namespace ws::apps
#endif
