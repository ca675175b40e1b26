// The measurement harness on a board of known capacity: a reflector that echoes
// one frame per `service` time from a queue of `depth` frames and drops the
// rest. Each mode must find what that capacity implies, end with one final
// trial, and show every trial to a plugged-in analyzer.
#include <gtest/gtest.h>
#include <systemc>
#include <deque>
#include <vector>
#include "models/eth/headers.hpp"
#include "models/tester/measurement.hpp"

using namespace ws;
using namespace ws::tester;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

namespace {

constexpr uint16_t kOffset = 1000;
const eth::MacAddr kBoardMac = eth::local_mac(0x02, 1);
const uint32_t kBoardIp = 0x0A000002;

// Echoes the tester's UDP frames (ARP is not used here) at one per `service`.
class Reflector {
 public:
  Reflector(Scheduler& sched, StatsRegistry& stats, TrafficTester& tester, sc_time service, size_t depth)
      : sched_(sched), wire_("reflector.tx", 1e9, sched, stats), tester_(tester), service_(service), depth_(depth) {
    wire_.connect([this](eth::Frame* f) { tester_.receive(0, f); });
  }
  void receive(eth::Frame* f) {
    if (queue_.size() == depth_) {
      ++dropped_;
      pool_put_(f);
      return;
    }
    queue_.push_back(f);
    if (!busy_) serve();
  }
  bool idle() const { return queue_.empty() && !busy_; }
  uint64_t dropped() const { return dropped_; }
  std::function<void(eth::Frame*)> pool_put_;

 private:
  void serve() {
    if (queue_.empty()) {
      busy_ = false;
      return;
    }
    busy_ = true;
    sched_.after(service_, [this] {
      eth::Frame* f = queue_.front();
      queue_.pop_front();
      eth::ParsedUdp u;
      const size_t len = f->len - eth::kFcsBytes;
      if (eth::parse_udp(f->bytes.data(), len, u)) {
        eth::UdpHeaders h = u.h;
        std::swap(h.dst_mac, h.src_mac);
        h.src_mac = kBoardMac;
        std::swap(h.src_ip, h.dst_ip);
        h.src_port = u.h.dst_port;
        h.dst_port = uint16_t(u.h.src_port + kOffset);
        f->len = uint32_t(eth::append_fcs(f->bytes.data(), eth::write_udp_headers(f->bytes.data(), h, u.payload_len)));
      }
      wire_.transmit(f, now());
      serve();
    });
  }
  Scheduler& sched_;
  eth::Wire wire_;
  TrafficTester& tester_;
  sc_time service_;
  size_t depth_;
  std::deque<eth::Frame*> queue_;
  bool busy_ = false;
  uint64_t dropped_ = 0;
};

struct Recorder : Analyzer {
  std::vector<std::pair<double, bool>> trials;  // offered %, final
  void trial_ended(const TrialResult& r, bool final) override { trials.emplace_back(r.offered_pct, final); }
};

struct Bench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  eth::FramePool pool;
  TrafficTester tester;
  Reflector board;
  Recorder recorder;
  std::unique_ptr<Measurement> m;
  bool stuck = false;  // a board that never goes idle

  // `service`: the reflector's time per frame; 64 B frames at line rate come every 672 ns.
  Bench(Measurement::Mode mode, sc_time service, uint32_t frame_bytes = 64)
      : tester("tester", {1e9, frame_bytes, kOffset, true}, {{eth::local_mac(0x54, 0), 0x0A000001}},
               {{0, kBoardMac, kBoardIp, 7, 5000}}, sched, stats, pool),
        board(sched, stats, tester, service, 64) {
    board.pool_put_ = [this](eth::Frame* f) { pool.put(f); };
    tester.tx_wire(0).connect([this](eth::Frame* f) { board.receive(f); });
    tester.count_drops_with([this] { return board.dropped(); });
    Measurement::Config c;
    c.mode = mode;
    c.load_pct = 50;
    c.trial = sc_time(2, sc_core::SC_MS);
    c.drain = sc_time(1, sc_core::SC_MS);
    c.resolution_pct = 1;
    c.size_step_bytes = 64;
    m = std::make_unique<Measurement>(c, tester, sched, Measurement::Board{[this] { return !stuck && board.idle(); }, [] {}});
    m->add(recorder);
    m->on_refused([](const TrialResult&) { FAIL() << "a trial did not drain"; });
  }
  void run() {
    m->start(sc_time(10, SC_US));
    sc_core::sc_start();
    ASSERT_TRUE(m->done());
  }
};

}  // namespace

TEST(Measurement, Rfc2544FindsTheReflectorsCapacity) {
  Bench b(Measurement::Mode::Rfc2544, sc_time(1344, SC_NS));  // half the 64 B line rate
  b.run();
  EXPECT_NEAR(b.m->result().line_rate_pct, 50, 1.01) << "within one resolution step";
  EXPECT_LE(b.m->result().line_rate_pct, 50) << "zero loss at the figure found";
  EXPECT_EQ(b.m->result().window.lost(), 0u);
  ASSERT_GE(b.recorder.trials.size(), 3u);
  EXPECT_EQ(b.recorder.trials.front().first, 100) << "the search starts at line rate";
  for (size_t i = 0; i + 1 < b.recorder.trials.size(); ++i) EXPECT_FALSE(b.recorder.trials[i].second);
  EXPECT_TRUE(b.recorder.trials.back().second) << "one final trial, last";
  EXPECT_EQ(b.m->result().trials, b.recorder.trials.size());
}

TEST(Measurement, FixedLoadRunsOneTrialAndReportsWhatCameBack) {
  Bench b(Measurement::Mode::Fixed, sc_time(1344, SC_NS));
  b.run();
  ASSERT_EQ(b.recorder.trials.size(), 1u);
  EXPECT_TRUE(b.recorder.trials[0].second);
  const auto metrics = b.m->metrics(1);
  EXPECT_EQ(metrics[0].first, "line_rate_pct");
  EXPECT_NEAR(metrics[0].second, 50, 0.5) << "50 % offered, all of it carried";
  const TrialResult& w = b.m->result().window;
  EXPECT_EQ(w.sent, w.received + w.invalid + w.dropped + w.in_flight) << "every frame accounted for";
  EXPECT_TRUE(b.m->result().settled);
}

// A board that never goes idle does not hang the measurement: each wait ends
// after 1 s and the result says the board did not settle.
TEST(Measurement, ABoardThatNeverGoesIdleEndsTheWaitAndIsFlagged) {
  Bench b(Measurement::Mode::Fixed, sc_time(1344, SC_NS));
  b.stuck = true;
  b.run();
  EXPECT_FALSE(b.m->result().settled);
  EXPECT_LT(sc_core::sc_time_stamp(), sc_time(2.1, sc_core::SC_SEC)) << "two waits of 1 s and the trial";
  EXPECT_NE(b.m->window_report().find("did not go idle"), std::string::npos);
}

TEST(Measurement, LineRateSizeFindsTheFirstSizeTheReflectorKeepsUpWith) {
  // 1000 ns per frame: 64 B frames (672 ns on the wire) overload it, 128 B
  // (1184 ns) do not; sizes go in steps of 64 B.
  Bench b(Measurement::Mode::LineRateSize, sc_time(1000, SC_NS));
  b.run();
  EXPECT_EQ(b.m->result().line_rate_frame_bytes, 128);
  EXPECT_TRUE(b.recorder.trials.back().second);
  EXPECT_EQ(b.m->result().window.lost(), 0u);
}
