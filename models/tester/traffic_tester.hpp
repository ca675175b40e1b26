#pragma once
// A SmartBits/IXIA-class tester on one or more gigabit ports. The generator sends
// UDP streams at a constant rate; every frame carries a signature, its stream, a
// sequence number and its send time. The analyzer checks every frame that comes
// back (FCS, IP and UDP checksums, addresses and ports of an echo, payload bytes)
// and counts what is missing, late or wrong, by reason. While the device drops
// every frame of a port (its wire's DropGate), that port's frames are counted
// without an event each (Train), with the figures of sending each.
#include <systemc>
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>
#include "models/eth/headers.hpp"
#include "models/eth/wire.hpp"
#include "models/sim/param.hpp"

namespace ws::tester {

struct PortSpec {
  eth::MacAddr mac;
  uint32_t ip;
};
// One stream: from a tester port to an address on the device under test, echoed
// back to the sender with destination port = source port + echo_port_offset;
// or, routed, to an address behind the device's other side, forwarded to the
// tester's port `routed_to` (the destination's) with its MACs rewritten (the
// device's egress port `router_mac` as source, that tester port's as
// destination), its TTL one lower, addresses, ports and payload unchanged.
struct StreamSpec {
  unsigned port;
  eth::MacAddr dst_mac;
  uint32_t dst_ip;
  uint16_t dst_port;
  uint16_t src_port;
  bool routed = false;
  unsigned routed_to = 0;
  eth::MacAddr router_mac{};
};

// One trial. Every frame sent is accounted for when the trial ends: echoed
// (valid), came back invalid, dropped by the device (its counters, by reason),
// or still in the device (in_flight: the trial ended before the device drained).
struct TrialResult {
  double offered_pct = 0;            // of line rate, per port
  uint64_t sent = 0, received = 0;   // frames of this trial; received = valid echoes
  uint64_t invalid = 0, dropped = 0, in_flight = 0;
  uint64_t reordered = 0;  // valid echoes back after a later frame of their stream (among received)
  std::vector<uint64_t> sent_per_port, received_per_port;
  std::map<std::string, uint64_t> errors;  // invalid frames by reason
  double latency_min_us = 0, latency_avg_us = 0, latency_max_us = 0;
  sc_core::sc_time started, last_echo, ended;  // start, last valid echo, all frames accounted (or the drain cap)
  // Frames inside the device halfway through the sending and when it ends: a
  // backlog that grows is an overload the trial was too short to turn into loss.
  int64_t backlog_mid = 0, backlog_end = 0;
  // The device's drops in this trial by place and reason (with count_drops_by_reason),
  // taken when `dropped` is: they sum to it.
  std::map<std::string, uint64_t> drops;
  uint64_t lost() const { return sent > received ? sent - received : 0; }
};

// A pluggable observer of the measurement: trials as they start and end, and
// every valid echo of a trial with its latency (the tester's own counts and
// checks are not analyzers: every measurement needs them).
class Analyzer {
 public:
  virtual ~Analyzer() = default;
  virtual void trial_started(double /*offered_pct*/) {}
  virtual void echoed(unsigned /*port*/, double /*latency_us*/) {}
  // `final`: the trial whose window the measurement reports.
  virtual void trial_ended(const TrialResult& /*r*/, bool /*final*/) {}
};

class TrafficTester : private eth::FrameSource {
 public:
  struct Config {
    double bits_per_s;
    uint32_t frame_bytes;         // FCS included, 64 to 1518
    uint16_t echo_port_offset;    // the echo's destination port = our source port + this
    bool udp_checksum;            // send UDP checksums (else 0)
  };
  TrafficTester(const std::string& name, const Config& cfg, std::vector<PortSpec> ports,
                std::vector<StreamSpec> streams, Scheduler& sched, StatsRegistry& stats, eth::FramePool& pool);
  // "tester.frame_bytes", "tester.udp_checksum".
  static void declare_params(ParamTable& t);
  // A gigabit port's Config from those keys; `echo_port_offset` is the device's (its echo's port).
  static Config config(const ParamTable& p, uint16_t echo_port_offset);
  // Port i's transmit direction (connect its sink to the device's MAC) and receive end.
  eth::Wire& tx_wire(unsigned port) { return *ports_[port].wire; }
  void receive(unsigned port, eth::Frame* f);

  // ARP-requests every stream's destination from its port at `at`; the replies
  // are checked and counted: valid ones (arp_replies()) and the others by
  // reason (arp_errors(): a wrong ARP body, an Ethernet source that is not the
  // ARP sender's).
  void resolve(const sc_core::sc_time& at);
  uint64_t arp_replies() const { return arp_replies_; }
  const std::map<std::string, uint64_t>& arp_errors() const { return arp_errors_; }
  size_t streams() const { return streams_.size(); }
  // The device's count of frames it discarded so far, every reason together:
  // with it the tester knows when every frame of a trial is accounted for.
  void count_drops_with(std::function<uint64_t()> dropped) { dropped_ = std::move(dropped); }
  // The same from the device's counters by reason, which the tester sums.
  void count_drops_by_reason(std::function<std::map<std::string, uint64_t>()> drops) {
    drops_by_reason_ = drops;
    dropped_ = [drops = std::move(drops)] {
      uint64_t n = 0;
      for (auto& [why, k] : drops()) n += k;
      return n;
    };
  }
  // Called instead of a trial's report when it ended with frames still in the device.
  void on_undrained(std::function<void(const TrialResult&)> f) { undrained_ = std::move(f); }
  // Sends `pct` % of line rate on every port for `duration` from `at`, waits
  // until every frame is echoed, invalid or dropped (the device has drained),
  // at most `drain` after the sending, then reports.
  void trial(const sc_core::sc_time& at, double pct, const sc_core::sc_time& duration,
             const sc_core::sc_time& drain, std::function<void(const TrialResult&)> done);
  const Config& config() const { return cfg_; }
  void add(Analyzer& a) { analyzers_.push_back(&a); }
  // Frame size of the next trials (64 to 1518 B, FCS included).
  void set_frame_bytes(uint32_t n);
  // Frames counted sent and dropped in a train (Train), over the run.
  uint64_t train_frames() const { return train_frames_; }

 private:
  // While the device drops every frame of a port (its wire's DropGate), the
  // port's frames are counted as the frame-by-frame model would send them and
  // see them dropped, without an event each: up to a time whenever a count is
  // read, and up to the gate's opening, from which frames are sent again.
  struct Train {
    bool on = false;
    bool booked = false;  // a frame on the wire, counted sent, not yet arrived (at most one: interval >= wire time)
    sc_core::sc_time end;              // when its last bit arrives
    std::array<uint64_t, 2> recipe{};  // its stream, sequence number and send time (Frame::defer)
  };
  struct Port {
    PortSpec spec;
    std::unique_ptr<eth::Wire> wire;
    std::vector<unsigned> streams;  // indices into streams_, sent round robin
    uint64_t to_send = 0, next = 0;
    size_t turn = 0;  // the stream whose frame goes next: next % streams.size()
    sc_core::sc_time interval, start;
    Train train;
    // Its latest frame's callbacks (the delivery, the next sending) and the free
    // places in the order just before and after them: a train's end posts its
    // first callbacks beside another port's of the same instant, in port order,
    // where the frame-by-frame model has them.
    sc_core::sc_time delivery, sending;
    uint64_t before = 0, after = 0;
    bool placed = false;  // before and after are free places beside them
    sc_core::sc_time send_time(uint64_t k) const { return start + interval * double(k); }
  };
  struct Stream {
    StreamSpec spec;
    uint32_t next_seq = 0;       // next sequence number to send
    uint32_t trial_first = 0;    // first sequence number of the running trial
    uint32_t expect = 0;         // next sequence number the analyzer expects back
    std::vector<bool> echoed{};  // this trial's frames back, from trial_first on: a second echo is a duplicate
    std::array<uint8_t, eth::kUdpPayloadOffset> head{};  // its frames' headers, IP id and checksums aside
    uint32_t head_for_bytes = 0;                           // the frame size `head` was written for (0: none)
  };
  void send_next(unsigned port);
  // The port's next frame counted sent: its recipe (stream, sequence number, send time `at`).
  std::array<uint64_t, 2> count_sent(unsigned port, const sc_core::sc_time& at);
  // Every train counted up to `t`: the frames the frame-by-frame model has sent,
  // and seen dropped, before it (as a callback at `t` posted before theirs sees them).
  void run_trains(const sc_core::sc_time& t);
  void run_train(unsigned port, const sc_core::sc_time& t);
  // The gate opened: the train counted up to now, its frames sent one by one again.
  void end_train(unsigned port);
  // `fn` posted for `t` beside another port's callback of that instant, as the frame-by-frame model orders them.
  template <typename F>
  bool post_in_port_order(unsigned port, const sc_core::sc_time& t, F&& fn);
  // Frames of the running trial echoed, invalid or dropped so far.
  uint64_t accounted() const;
  void await_drain(const sc_core::sc_time& deadline, std::function<void(const TrialResult&)> done);
  // The frame of `f`'s recipe (stream, sequence number, send time in ticks) into `f`, whose len is set.
  void make(eth::Frame& f) override;
  void build(Stream& s, unsigned id, uint32_t seq, uint64_t sent_ns, eth::Frame& f);
  void check_echo(unsigned port, const eth::Frame& f);
  // The addresses and ports a frame of `s` comes back with; "" when they are right, else the error.
  const char* check_return(const Stream& s, unsigned port, const eth::ParsedUdp& u) const;
  void error(const char* why) {
    ++result_.errors[why];
    ++result_.invalid;
  }

  Config cfg_;
  Scheduler& sched_;
  eth::FramePool& pool_;
  std::vector<Port> ports_;
  std::vector<Stream> streams_;
  TrialResult result_;
  double latency_sum_us_ = 0;
  bool in_trial_ = false;
  std::function<uint64_t()> dropped_ = [] { return uint64_t(0); };
  std::function<std::map<std::string, uint64_t>()> drops_by_reason_;
  std::map<std::string, uint64_t> drops_at_start_;
  uint64_t dropped_at_start_ = 0;
  std::function<void(const TrialResult&)> undrained_;
  uint64_t arp_replies_ = 0, train_frames_ = 0;
  std::map<std::string, uint64_t> arp_errors_;
  std::vector<Analyzer*> analyzers_;
};

}  // namespace ws::tester
