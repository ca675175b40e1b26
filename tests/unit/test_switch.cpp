// The store-and-forward switch: learning and flooding, its latency, and
// output-buffer drops when two ports send into one.
#include <gtest/gtest.h>
#include <systemc>
#include <vector>
#include "models/eth/headers.hpp"
#include "models/eth/switch.hpp"

using namespace ws;
using sc_core::sc_time;
using sc_core::SC_NS;

namespace {

struct Bench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  eth::FramePool pool;
  eth::Switch sw;
  std::vector<std::vector<std::pair<sc_time, uint32_t>>> got;  // per port: arrival, length

  explicit Bench(uint32_t buffer = 64 * 1024) : sw("sw", {3, 1e9, buffer, 1000}, sched, stats, pool), got(3) {
    for (unsigned p = 0; p < 3; ++p)
      sw.out(p).connect([this, p](eth::Frame* f) {
        got[p].emplace_back(ws::now(), f->len);
        pool.put(f);
      });
  }
  // A frame from `src` to `dst` arriving (last bit) on `port` at `t`.
  void frame_at(sc_time t, unsigned port, uint8_t src, uint8_t dst, uint32_t len = 1518) {
    sched.at(t, [=, this] {
      eth::Frame* f = pool.get();
      f->len = len;
      const eth::MacAddr d = dst == 0xff ? eth::kBroadcast : eth::local_mac(0x02, dst), s = eth::local_mac(0x02, src);
      std::copy(d.begin(), d.end(), f->bytes.begin());
      std::copy(s.begin(), s.end(), f->bytes.begin() + 6);
      sw.receive(port, f);
    });
  }
};

}  // namespace

TEST(Switch, FloodsTheUnknownAndForwardsWhatItLearnt) {
  Bench b;
  b.frame_at(sc_time(0, SC_NS), 0, 1, 2, 64);        // 2 unknown: flooded to 1 and 2
  b.frame_at(sc_time(10000, SC_NS), 2, 2, 1, 64);    // 1 was learnt on port 0
  b.frame_at(sc_time(20000, SC_NS), 0, 1, 2, 64);    // 2 now learnt on port 2
  sc_core::sc_start();
  EXPECT_EQ(b.got[1].size(), 1u) << "only the first, flooded";
  EXPECT_EQ(b.got[2].size(), 2u);
  ASSERT_EQ(b.got[0].size(), 1u);
  // 1000 ns to decide, then the wire's time for it: 64 B + 8 preamble + 12 gap = 672 ns.
  EXPECT_EQ(b.got[2][0].first, sc_time(1000 + 672, SC_NS));
}

TEST(Switch, TwoPortsIntoOneOverflowTheOutputBuffer) {
  Bench b(8 * 1518);  // room for eight full frames
  b.frame_at(sc_time(0, SC_NS), 2, 3, 1, 64);  // first: 3 lives on port 2
  for (int i = 0; i < 100; ++i) {  // two line-rate streams of 1518 B frames into port 2
    const sc_time t(12304.0 * i + 2000, SC_NS);  // after the switch has learnt 3
    b.frame_at(t, 0, 1, 3);
    b.frame_at(t, 1, 2, 3);
  }
  sc_core::sc_start();
  const uint64_t dropped = b.sw.dropped(2);
  EXPECT_GT(dropped, 50u) << "half the offered load cannot leave";
  EXPECT_EQ(b.got[2].size() + dropped, 200u) << "every frame delivered or counted";
  EXPECT_EQ(b.stats.drops_by_reason().at("sw.port2.output_buffer_full"), dropped);
  EXPECT_EQ(b.sw.buffered(2), 0u) << "drained at the end";
}
