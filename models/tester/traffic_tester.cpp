#include "models/tester/traffic_tester.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include "models/eth/headers.hpp"
#include "models/eth/inet_checksum.hpp"

namespace ws::tester {

using sc_core::sc_time;

namespace {
constexpr uint32_t kSignature = 0x57535044;  // "WSPD"
constexpr size_t kSigBytes = 18;             // signature, stream, sequence, send time: fits a 64 B frame
constexpr uint8_t kTtl = 64;
uint8_t pattern(uint32_t seq, size_t i) { return uint8_t(seq * 7 + i); }
}  // namespace

TrafficTester::TrafficTester(const std::string& name, const Config& cfg, std::vector<PortSpec> ports,
                             std::vector<StreamSpec> streams, Scheduler& sched, StatsRegistry& stats,
                             eth::FramePool& pool)
    : cfg_(cfg), sched_(sched), pool_(pool) {
  set_frame_bytes(cfg.frame_bytes);
  for (size_t i = 0; i < ports.size(); ++i) {
    Port p;
    p.spec = ports[i];
    p.wire = std::make_unique<eth::Wire>(name + ".port" + std::to_string(i) + ".tx_wire", cfg.bits_per_s, sched, stats);
    ports_.push_back(std::move(p));
  }
  for (size_t i = 0; i < streams.size(); ++i) {
    if (streams[i].port >= ports_.size() || (streams[i].routed && streams[i].routed_to >= ports_.size()))
      throw std::invalid_argument("stream on a port the tester lacks");
    ports_[streams[i].port].streams.push_back(unsigned(i));
    streams_.push_back(Stream{streams[i]});
  }
}

void TrafficTester::set_frame_bytes(uint32_t n) {
  if (n < eth::kMinFrameBytes || n > eth::kMaxFrameBytes) throw std::invalid_argument("tester frame size out of 64..1518 B");
  cfg_.frame_bytes = n;
}

// A stream's headers change only with the frame size: written once a size, and
// each frame takes a copy with its IP id and both checksums put in (the same
// functions write_udp_headers uses, over the same bytes).
void TrafficTester::build(Stream& s, unsigned id, uint32_t seq, uint64_t sent_ns, eth::Frame& f) {
  const size_t payload = f.len - eth::kFcsBytes - eth::kUdpPayloadOffset;
  if (s.head_for_bytes != f.len) {
    eth::UdpHeaders h;
    h.dst_mac = s.spec.dst_mac;
    h.src_mac = ports_[s.spec.port].spec.mac;
    h.src_ip = ports_[s.spec.port].spec.ip;
    h.dst_ip = s.spec.dst_ip;
    h.src_port = s.spec.src_port;
    h.dst_port = s.spec.dst_port;
    h.ttl = kTtl;
    eth::write_udp_headers(f.bytes.data(), h, payload, false);
    std::copy_n(f.bytes.begin(), s.head.size(), s.head.begin());
    s.head_for_bytes = f.len;
  }
  uint8_t* b = f.bytes.data();
  std::copy(s.head.begin(), s.head.end(), b);
  uint8_t* p = b + eth::kUdpPayloadOffset;
  eth::put32(p, kSignature);
  eth::put16(p + 4, uint16_t(id));
  eth::put32(p + 6, seq);
  eth::put32(p + 10, uint32_t(sent_ns >> 32));
  eth::put32(p + 14, uint32_t(sent_ns));
  for (size_t i = kSigBytes; i < payload; ++i) p[i] = pattern(seq, i);
  uint8_t* ip = b + eth::kHeaderBytes;
  eth::put16(ip + 4, uint16_t(seq));  // the IP id
  eth::put16(ip + 10, 0);
  eth::put16(ip + 10, eth::inet_checksum(ip, eth::kIpv4HeaderBytes));
  if (cfg_.udp_checksum) {
    uint8_t* udp = ip + eth::kIpv4HeaderBytes;
    eth::put16(udp + 6, eth::udp_checksum(eth::get32(ip + 12), eth::get32(ip + 16), udp, eth::kUdpHeaderBytes + payload));
  }
  // A tester frame is never short: 64 B carry the 18 B of signature.
  eth::seal(f, eth::kUdpPayloadOffset + payload);
}

void TrafficTester::make(eth::Frame& f) {
  const auto id = unsigned(f.recipe[0] >> 32);
  const double sent_s = sc_time::from_value(f.recipe[1]).to_seconds();
  build(streams_[id], id, uint32_t(f.recipe[0]), uint64_t(sent_s * 1e9 + 0.5), f);
}

void TrafficTester::resolve(const sc_time& at) {
  sched_.at(at, [this] {
    for (auto& s : streams_) {
      Port& port = ports_[s.spec.port];
      eth::Frame* f = pool_.get();
      eth::Arp a;
      a.sender_mac = port.spec.mac;
      a.sender_ip = port.spec.ip;
      a.target_ip = s.spec.dst_ip;
      eth::seal(*f, eth::write_arp(f->bytes.data(), eth::kBroadcast, port.spec.mac, a));
      port.wire->transmit(f, now());
    }
  });
}

void TrafficTester::trial(const sc_time& at, double pct, const sc_time& duration, const sc_time& drain,
                          std::function<void(const TrialResult&)> done) {
  sched_.at(at, [this, pct, duration, drain, done = std::move(done)] {
    result_ = TrialResult{};
    result_.offered_pct = pct;
    result_.started = result_.last_echo = now();
    result_.sent_per_port.assign(ports_.size(), 0);
    result_.received_per_port.assign(ports_.size(), 0);
    result_.latency_min_us = 1e30;
    latency_sum_us_ = 0;
    in_trial_ = true;
    for (auto& s : streams_) s.trial_first = s.expect = s.next_seq, s.echoed.clear();
    dropped_at_start_ = dropped_();
    if (drops_by_reason_) drops_at_start_ = drops_by_reason_();
    for (Analyzer* a : analyzers_) a->trial_started(pct);
    const sc_time wire = eth::wire_time(cfg_.frame_bytes, cfg_.bits_per_s);
    const double fps = eth::line_rate_fps(cfg_.frame_bytes, cfg_.bits_per_s) * pct / 100.0;
    for (unsigned i = 0; i < ports_.size(); ++i) {
      Port& p = ports_[i];
      p.to_send = pct > 0 ? uint64_t(fps * duration.to_seconds()) : 0;
      p.next = 0;
      p.turn = 0;
      p.train = {};  // the last trial's train was counted to its end
      p.interval = pct >= 100 ? wire : wire * (100.0 / pct);
      p.start = now();
      if (p.to_send && !p.streams.empty()) send_next(i);
    }
    const sc_time start = now();
    sched_.at(start + duration / 2, [this] {
      run_trains(now());
      result_.backlog_mid = int64_t(result_.sent) - int64_t(accounted());
    });
    sched_.at(start + duration, [this, deadline = start + duration + drain, done] {
      run_trains(now());
      result_.backlog_end = int64_t(result_.sent) - int64_t(accounted());
      await_drain(deadline, done);
    });
  });
}

uint64_t TrafficTester::accounted() const {
  return result_.received + result_.invalid + (dropped_() - dropped_at_start_);
}

// Polls until every frame of the trial is accounted for, or the deadline.
void TrafficTester::await_drain(const sc_time& deadline, std::function<void(const TrialResult&)> done) {
  constexpr double kPollNs = 5000;
  run_trains(now());
  if (accounted() < result_.sent && now() < deadline) {
    const sc_time next = std::min(deadline, now() + sc_time(kPollNs, sc_core::SC_NS));
    sched_.at(next, [this, deadline, done = std::move(done)]() mutable { await_drain(deadline, std::move(done)); });
    return;
  }
  in_trial_ = false;
  result_.ended = now();
  result_.dropped = dropped_() - dropped_at_start_;
  if (drops_by_reason_)
    for (auto& [why, n] : drops_by_reason_())
      if (const uint64_t d = n - drops_at_start_[why]) result_.drops[why] = d;
  const uint64_t gone = result_.received + result_.invalid + result_.dropped;
  if (gone > result_.sent)
    throw std::logic_error("tester: " + std::to_string(gone) + " frames accounted for in a trial that sent " +
                           std::to_string(result_.sent) + " (a frame of an earlier trial counted in this one)");
  result_.in_flight = result_.sent - gone;
  if (result_.received == 0) result_.latency_min_us = 0;
  else result_.latency_avg_us = latency_sum_us_ / double(result_.received);
  if (result_.in_flight > 0 && undrained_) undrained_(result_);
  done(result_);
}

// Frame k of a port leaves at start + k x interval, so the rate has no drift.
void TrafficTester::send_next(unsigned port) {
  Port& p = ports_[port];
  if (eth::DropGate* gate = p.wire->dropping(cfg_.frame_bytes)) {
    p.train.on = true;
    gate->when_open([this, port] { end_train(port); });
    return;
  }
  // Sent unmade (FrameSource): its length and seal are what the wire and a MAC's drop read.
  eth::Frame* f = pool_.get();
  f->defer(*this, cfg_.frame_bytes, count_sent(port, now()));
  p.before = sched_.take_place();
  if (p.next < p.to_send) {
    p.sending = p.send_time(p.next);
    p.delivery = p.wire->transmit_then(f, now(), p.sending, [this, port] { send_next(port); });
  } else {
    p.sending = sc_time();
    p.delivery = p.wire->transmit(f, now());
  }
  p.after = sched_.take_place();
  p.placed = true;
}

std::array<uint64_t, 2> TrafficTester::count_sent(unsigned port, const sc_time& at) {
  Port& p = ports_[port];
  const unsigned id = p.streams[p.turn];
  if (++p.turn == p.streams.size()) p.turn = 0;  // round robin, without a division a frame
  ++p.next;
  ++result_.sent;
  ++result_.sent_per_port[port];
  return {uint64_t(id) << 32 | streams_[id].next_seq++, at.value()};
}

void TrafficTester::run_trains(const sc_time& t) {
  for (unsigned i = 0; i < ports_.size(); ++i) run_train(i, t);
}

// In the frame-by-frame order: a frame's arrival, then (at line rate, in the same callback) the next one's sending.
void TrafficTester::run_train(unsigned port, const sc_time& t) {
  Port& p = ports_[port];
  Train& tr = p.train;
  if (!tr.on) return;
  for (;;) {
    if (tr.booked && tr.end < t) {
      p.wire->arrived_unsent(cfg_.frame_bytes);
      tr.booked = false;
      ++train_frames_;
    } else if (!tr.booked && p.next < p.to_send && p.send_time(p.next) < t) {
      const sc_time at = p.send_time(p.next);
      tr.end = p.wire->book_len(cfg_.frame_bytes, at);
      tr.recipe = count_sent(port, at);
      tr.booked = true;
    } else {
      return;
    }
  }
}

// The frame on the wire as the gate opened arrives as a frame, and the sending
// goes on at its times: the callbacks the frame-by-frame model has, each where
// it has it among another port's of the same instant.
void TrafficTester::end_train(unsigned port) {
  Port& p = ports_[port];
  if (!p.train.on) return;  // a train of an earlier trial, counted to its end
  run_train(port, now());
  Train& tr = p.train;
  tr.on = false;
  const bool more = p.next < p.to_send;
  const sc_time next_at = more ? p.send_time(p.next) : sc_time();
  const uint64_t before = sched_.take_place();
  bool borrowed = false;
  if (tr.booked) {
    eth::Frame* f = pool_.get();
    f->defer(*this, cfg_.frame_bytes, tr.recipe);
    if (more && tr.end == next_at) {
      borrowed = post_in_port_order(port, tr.end, [this, port, f] {
        ports_[port].wire->deliver(f);
        send_next(port);
      });
    } else {
      borrowed = post_in_port_order(port, tr.end, [this, port, f] { ports_[port].wire->deliver(f); });
      if (more) borrowed |= post_in_port_order(port, next_at, [this, port] { send_next(port); });
    }
  } else if (more) {
    borrowed = post_in_port_order(port, next_at, [this, port] { send_next(port); });
  }
  p.delivery = tr.booked ? tr.end : sc_time();
  p.sending = next_at;
  tr.booked = false;
  // Free places beside them, as send_next keeps, unless a callback went into another port's place.
  p.before = before;
  p.after = sched_.take_place();
  p.placed = !borrowed;
}

// The frame-by-frame model posts a port's callbacks for an instant right after
// the lower ports' and right before the higher ports'. Another port's callback
// at `t` marks that place (the post goes there: true); with none, or at now,
// the post takes a new place.
template <typename F>
bool TrafficTester::post_in_port_order(unsigned port, const sc_time& t, F&& fn) {
  const Port* beside = nullptr;
  bool after = false;
  if (t > now())
    for (unsigned m = 0; m < ports_.size(); ++m) {
      const Port& o = ports_[m];
      if (m == port || !o.placed || (o.delivery != t && o.sending != t)) continue;
      beside = &o, after = m < port;
      if (m > port) break;  // the nearest higher port's; a lower one's gives way to a nearer lower one
    }
  if (!beside) {
    sched_.at(t, std::forward<F>(fn));
    return false;
  }
  sched_.at_place(t, after ? beside->after : beside->before, std::forward<F>(fn), /*timer=*/false);
  return true;
}

void TrafficTester::receive(unsigned port, eth::Frame* f) {
  if (!eth::fcs_ok(*f)) error("fcs");
  else check_echo(port, *f);
  pool_.put(f);
}

void TrafficTester::check_echo(unsigned port, const eth::Frame& f) {
  const uint8_t* b = f.bytes.data();
  const size_t len = f.len - eth::kFcsBytes;
  eth::Arp arp;
  if (eth::parse_arp(b, len, arp)) {
    eth::MacAddr eth_src;
    std::copy(b + 6, b + 12, eth_src.begin());
    if (arp.op == 2 && eth_src != arp.sender_mac) {
      ++arp_errors_["ethernet_source"];
      return;
    }
    const bool ok = arp.op == 2 && arp.target_mac == ports_[port].spec.mac && arp.target_ip == ports_[port].spec.ip &&
                    std::any_of(streams_.begin(), streams_.end(), [&](const Stream& s) {
                      return s.spec.port == port && s.spec.dst_ip == arp.sender_ip && s.spec.dst_mac == arp.sender_mac;
                    });
    if (ok) ++arp_replies_;
    else ++arp_errors_["bad_reply"];
    return;
  }
  eth::ParsedUdp u;
  if (!eth::parse_udp(b, len, u)) return error("not_udp");
  if (!u.ip_checksum_ok) return error("ip_checksum");
  if (!u.udp_checksum_ok) return error("udp_checksum");
  if (u.payload_len < kSigBytes || eth::get32(b + eth::kUdpPayloadOffset) != kSignature) return error("no_signature");
  const uint8_t* p = b + eth::kUdpPayloadOffset;
  const unsigned id = eth::get16(p + 4);
  if (id >= streams_.size()) return error("unknown_stream");
  Stream& s = streams_[id];
  if (const char* why = check_return(s, port, u); *why) return error(why);
  const uint32_t seq = eth::get32(p + 6);
  for (size_t i = kSigBytes; i < u.payload_len; ++i)
    if (p[i] != pattern(seq, i)) return error("payload");
  if (!in_trial_ || seq < s.trial_first) return;  // an echo of an earlier trial: neither counted nor an error
  // A frame overtaken by a later one of its stream is still a valid echo (two
  // CPUs' backlogs forward one port's frames out of order); one back twice is not.
  const uint32_t k = seq - s.trial_first;
  if (k < s.echoed.size() && s.echoed[k]) return error("duplicate");
  if (k >= s.echoed.size()) s.echoed.resize(k + 1);
  s.echoed[k] = true;
  if (seq < s.expect) ++result_.reordered;
  else s.expect = seq + 1;
  const uint64_t sent_ns = uint64_t(eth::get32(p + 10)) << 32 | eth::get32(p + 14);
  const double lat_us = (now().to_seconds() * 1e9 - double(sent_ns)) / 1e3;
  ++result_.received;
  ++result_.received_per_port[port];
  result_.last_echo = now();
  latency_sum_us_ += lat_us;
  result_.latency_min_us = std::min(result_.latency_min_us, lat_us);
  result_.latency_max_us = std::max(result_.latency_max_us, lat_us);
  for (Analyzer* a : analyzers_) a->echoed(port, lat_us);
}

const char* TrafficTester::check_return(const Stream& s, unsigned port, const eth::ParsedUdp& u) const {
  const PortSpec& me = ports_[port].spec;
  if (s.spec.routed) {
    const PortSpec& from = ports_[s.spec.port].spec;
    if (port != s.spec.routed_to) return "wrong_port";
    if (u.h.dst_mac != me.mac || u.h.src_mac != s.spec.router_mac) return "mac_address";
    if (u.h.src_ip != from.ip || u.h.dst_ip != s.spec.dst_ip) return "ip_address";
    if (u.h.ttl != kTtl - 1) return "ttl";
    if (u.h.src_port != s.spec.src_port || u.h.dst_port != s.spec.dst_port) return "udp_port";
    return "";
  }
  if (s.spec.port != port) return "wrong_port";
  if (u.h.dst_mac != me.mac || u.h.src_mac != s.spec.dst_mac) return "mac_address";
  if (u.h.dst_ip != me.ip || u.h.src_ip != s.spec.dst_ip) return "ip_address";
  if (u.h.src_port != s.spec.dst_port || u.h.dst_port != uint16_t(s.spec.src_port + cfg_.echo_port_offset))
    return "udp_port";
  return "";
}

}  // namespace ws::tester
