// SteadyState: when a skip is taken (three equal periods, the shortest stride
// that recurs, the tail kept, counts on their modulus), what it adds, and when
// it refuses (a fingerprint or a level that changes, too few periods left, off).
#include <gtest/gtest.h>

#include "models/sim/sim_time.hpp"
#include "models/sim/steady_state.hpp"
#include "models/sim/stats.hpp"

namespace {

using sc_core::sc_time;
using sc_core::SC_NS;

// Drives a SteadyState as a run would: boundaries `period` apart, the clock set through dispatch_time().
struct PeriodicRun {
  ws::SteadyState steady;
  ws::StatsRegistry stats;
  ws::ResourceStats* wire = stats.resource("wire");
  uint64_t blocks = 0;
  uint64_t phase = 0;  // the fingerprint
  sc_time t;
  PeriodicRun() {
    ws::dispatch_time() = &t;
    steady.stats(stats);
    steady.count(blocks);
    steady.state([this](ws::Fingerprint& f) { f.add(phase); });
    steady.enable(true);
  }
  ~PeriodicRun() { ws::dispatch_time() = nullptr; }
  // One period's work, then its boundary with `left` periods to go; returns the periods skipped.
  uint64_t period(uint64_t left, uint64_t new_blocks = 4) {
    t += sc_time(100, SC_NS);
    blocks += new_blocks;
    wire->add_busy(sc_time(60, SC_NS), 256, t);
    return steady.boundary(left);
  }
};

TEST(SteadyState, SkipsAfterThreeEqualPeriodsKeepingTheTail) {
  PeriodicRun r;
  EXPECT_EQ(r.period(100), 0u);  // the first boundary: nothing to compare
  EXPECT_EQ(r.period(99), 0u);
  EXPECT_EQ(r.period(98), 0u);
  EXPECT_EQ(r.period(97), 96u);  // the fourth closes the third equal period; 1 is left to simulate
  EXPECT_EQ(r.blocks, 16u + 96u * 4);
  EXPECT_EQ(r.wire->ops, 4u + 96u);
  EXPECT_EQ(r.wire->bytes, 256u * 100);
  EXPECT_EQ(r.wire->busy, sc_time(60, SC_NS) * 100.0);
  // An instant after the skip is 96 periods later in the run without it; one before is where it was.
  EXPECT_EQ(r.steady.shifted(sc_time(401, SC_NS)), sc_time(401 + 9600, SC_NS));
  EXPECT_EQ(r.steady.shifted(sc_time(400, SC_NS)), sc_time(400, SC_NS));
  EXPECT_EQ(r.period(2), 0u);  // one skip a run
}

TEST(SteadyState, ClosingMovesOnlyResourcesBookedAfterTheSkip) {
  PeriodicRun r;
  auto* idle = r.stats.resource("idle");
  idle->add_busy(sc_time(10, SC_NS), 0, sc_time(10, SC_NS));
  for (uint64_t left = 10; left > 6; --left) r.period(left);
  ASSERT_EQ(r.steady.periods_skipped(), 6u);
  r.period(1);  // the tail books the wire again
  r.steady.close();
  EXPECT_EQ(r.wire->until, sc_time(500, SC_NS) + sc_time(600, SC_NS));
  EXPECT_EQ(idle->until, sc_time(10, SC_NS));
}

TEST(SteadyState, TheShortestRecurringStrideIsThePeriod) {
  PeriodicRun r;
  uint64_t skipped = 0;
  for (uint64_t left = 40; left > 0 && !skipped; --left) {
    r.phase ^= 1;  // the state comes back every second period
    skipped = r.period(left, r.phase ? 3 : 5);
  }
  // Stride 2 needs 7 boundaries: at the 7th, 34 periods are left, 32 of them (16 strides of 2) skipped.
  EXPECT_EQ(skipped, 32u);
  EXPECT_EQ(r.blocks, 7u / 2 * 8 + 3 + 16u * 8);
}

TEST(SteadyState, AStrideCoversWholeWorkPeriods) {
  PeriodicRun r;
  uint64_t skipped = 0;
  size_t boundaries = 0;
  for (uint64_t left = 40; left > 0 && !skipped; --left, ++boundaries) {
    r.t += sc_time(100, SC_NS);
    r.blocks += 4;
    r.wire->add_busy(sc_time(60, SC_NS), 256, r.t);
    skipped = r.steady.boundary(left, /*work_period=*/3);
  }
  EXPECT_EQ(boundaries, 10u);  // a stride of 3 matched three times: 3 x 3 + 1 boundaries
  EXPECT_EQ(skipped, 30u);     // 31 left: 10 strides of 3, a tail of at least 1
}

TEST(SteadyState, AStateThatNeverComesBackIsNotSkipped) {
  PeriodicRun r;
  for (uint64_t left = 50; left > 0; --left) {
    ++r.phase;
    EXPECT_EQ(r.period(left), 0u);
  }
  EXPECT_NE(r.steady.summary().find("no skip"), std::string::npos);
}

TEST(SteadyState, ARisingLevelIsNotSkipped) {
  PeriodicRun r;
  for (uint64_t left = 50; left > 0; --left) {
    r.wire->note_queue(50 - left, "B");  // a queue that grows every period
    EXPECT_EQ(r.period(left), 0u);
  }
}

TEST(SteadyState, ACountOnAModulusGainsOnlyItsMultiples) {
  PeriodicRun r;
  uint64_t channel = 0;  // 3 requests a period over 4 channels
  r.steady.count(channel, 4);
  uint64_t skipped = 0;
  for (uint64_t left = 30; left > 0 && !skipped; --left) {
    channel += 3;
    skipped = r.period(left);
  }
  EXPECT_EQ(skipped, 24u);  // 26 or 25 (27 less the tail) would leave the channels off their turn
  EXPECT_EQ(channel % 4, (4 * 3) % 4);
}

TEST(SteadyState, ACountNeverGainsPastItsLimit) {
  PeriodicRun r;
  uint64_t issued = 0;  // 4 a period, 60 in all: the skip may take it to 60, no further
  r.steady.count(issued, 1, 60);
  uint64_t skipped = 0;
  for (uint64_t left = 30; left > 0 && !skipped; --left) {
    issued += 4;
    skipped = r.period(left);
  }
  EXPECT_EQ(skipped, 11u);  // 26 would leave the tail, but 16 + 11 x 4 = 60
  EXPECT_EQ(issued, 60u);
}

TEST(SteadyState, OffSimulatesEveryPeriodAndSaysWhy) {
  PeriodicRun r;
  r.steady.enable(false);
  for (uint64_t left = 20; left > 0; --left) EXPECT_EQ(r.period(left), 0u);
  EXPECT_NE(r.steady.summary().find("sim.steady_skip=off"), std::string::npos);
  ws::SteadyState refused;
  refused.enable(true, "bit errors");
  EXPECT_FALSE(refused.enabled());
  EXPECT_NE(refused.summary().find("bit errors"), std::string::npos);
}

}  // namespace
