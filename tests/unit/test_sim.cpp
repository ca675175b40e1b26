// Framework pieces: scheduler ordering, busy-until servers, clock domains, the
// stats registry's bottleneck report, parameter checking, the core executor.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "models/sim/busy_server.hpp"
#include "models/sim/clock_domain.hpp"
#include "models/sim/inplace_function.hpp"
#include "models/sim/one_shot_timer.hpp"
#include "models/sim/param.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/sim_time.hpp"
#include "models/sim/stats.hpp"

namespace ws {
namespace {

using sc_core::sc_time;
using sc_core::SC_NS;

// With no quantum every callback runs in its own kernel activation.
TEST(Scheduler, RunsCallbacksInTimeOrderAndSameTimeInPostingOrder) {
  Scheduler s("sched", sc_core::SC_ZERO_TIME);
  std::vector<std::string> log;
  s.at(sc_time(30, SC_NS), [&] { log.push_back("c30"); });
  s.at(sc_time(10, SC_NS), [&] { log.push_back("a10"); });
  s.at(sc_time(10, SC_NS), [&] { log.push_back("b10"); });
  s.at(sc_time(20, SC_NS), [&] {
    log.push_back("d20@" + std::to_string(int(sc_core::sc_time_stamp().to_seconds() * 1e9 + 0.5)));
    s.after(sc_time(5, SC_NS), [&] { log.push_back("e25"); });  // posted from inside a callback
  });
  sc_core::sc_start();
  EXPECT_EQ(log, (std::vector<std::string>{"a10", "b10", "d20@20", "e25", "c30"}));
  EXPECT_EQ(s.dispatched(), 5u);
  EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(30, SC_NS));
}

TEST(Scheduler, OnlyOnePerSimulationProcess) {
  Scheduler first("first");
  EXPECT_THROW(Scheduler("second"), std::logic_error);
}

// With a quantum one activation runs everything due within it, each callback at
// its own time as ws::now() reports it; the order is the same.
TEST(Scheduler, RunsAheadOfTheKernelWithinItsQuantum) {
  Scheduler s("sched", sc_time(15, SC_NS));
  std::vector<std::string> log;
  auto stamp = [&](const char* what) {
    log.push_back(std::string(what) + "@" + std::to_string(int(now().to_seconds() * 1e9 + 0.5)) + "/k" +
                  std::to_string(int(sc_core::sc_time_stamp().to_seconds() * 1e9 + 0.5)));
  };
  s.at(sc_time(10, SC_NS), [&] { stamp("a"); });
  s.at(sc_time(20, SC_NS), [&] {
    stamp("b");
    s.after(sc_time(5, SC_NS), [&] { stamp("c"); });
  });
  s.at(sc_time(40, SC_NS), [&] { stamp("d"); });
  sc_core::sc_start();
  // a, b and c run in the activation at 10 ns (window up to 25 ns); d needs another.
  EXPECT_EQ(log, (std::vector<std::string>{"a@10/k10", "b@20/k10", "c@25/k10", "d@40/k40"}));
}

// The queue keeps near callbacks in a timing wheel and far ones (and, between
// kernel steps, ones earlier than the wheel's window) in a heap: whatever the
// mix, callbacks run in (time, posting order). Times sit on a coarse grid so
// wheel and heap entries often share a time.
// A stop ends the run with the callback that made it, though the activation's
// quantum reaches further: what runs after a stop must not hang on where the
// kernel's grid fell (it did: a run with fewer callbacks, the same otherwise,
// booked a different CPU load after its measurement had ended).
TEST(Scheduler, AStopEndsTheRunWithTheCallbackThatMadeIt) {
  Scheduler s("sched", sc_time(15, SC_NS));
  std::vector<std::string> log;
  s.at(sc_time(10, SC_NS), [&] {
    log.push_back("stops");
    s.stop();
  });
  s.at(sc_time(10, SC_NS), [&] { log.push_back("the same instant"); });
  s.at(sc_time(20, SC_NS), [&] { log.push_back("within the quantum"); });
  sc_core::sc_start();
  EXPECT_EQ(log, (std::vector<std::string>{"stops"}));
  EXPECT_TRUE(s.stopped());
  EXPECT_EQ(s.stopped_at(), sc_time(10, SC_NS));
}

TEST(Scheduler, KeepsTimeAndPostingOrderAcrossWheelAndHeap) {
  Scheduler s("sched", sc_core::SC_ZERO_TIME);  // steps from outside below must not be overtaken
  const sc_time deltas[] = {sc_time(0, SC_NS),   sc_time(1, sc_core::SC_PS), sc_time(8, SC_NS),
                            sc_time(32, SC_NS),  sc_time(40, SC_NS),         sc_time(300, SC_NS),
                            sc_time(20, sc_core::SC_US), sc_time(40, sc_core::SC_US), sc_time(1, sc_core::SC_MS)};
  uint64_t rng = 12345;
  auto pick = [&](uint64_t n) {
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (rng >> 33) % n;
  };
  std::vector<std::pair<sc_time, int>> ran;
  int posted = 0;
  std::function<void(int)> fire = [&](int id) {
    ran.emplace_back(now(), id);
    for (uint64_t k = pick(3); k > 0 && posted < 20000; --k) {
      const sc_time d = deltas[pick(std::size(deltas))];
      // Round up to a 4 ns grid now and then, for equal times from different posts.
      sc_time t = now() + d;
      if (pick(2)) t = sc_time(std::ceil(t.to_seconds() * 250e6) * 4, SC_NS);
      const int next = posted++;
      s.at(t, [&fire, next] { fire(next); });
    }
  };
  for (int i = 0; i < 8; ++i) {
    const int id = posted++;
    s.at(sc_time(i * 10, SC_NS), [&fire, id] { fire(id); });
  }
  // Step the kernel and post from outside a dispatch, at kernel time and later.
  for (int step = 0; step < 400 && ran.size() < size_t(posted); ++step) {
    sc_core::sc_start(sc_time(7, sc_core::SC_US));
    const int id = posted++;
    s.after(deltas[pick(std::size(deltas))], [&fire, id] { fire(id); });
  }
  sc_core::sc_start();
  ASSERT_EQ(ran.size(), size_t(posted));
  EXPECT_TRUE(std::is_sorted(ran.begin(), ran.end()));
  EXPECT_EQ(s.dispatched(), size_t(posted));
}

// Restarts leave no callbacks behind, yet the timer fires in the place a post
// made at the last restart would take: after a same-time callback posted
// before that restart, before one posted after it.
TEST(OneShotTimer, FiresWhereAPostAtTheLastRestartWouldRun) {
  Scheduler s("sched");
  std::vector<std::string> log;
  auto stamp = [&](const char* what) {
    log.push_back(std::string(what) + "@" + std::to_string(int(now().to_seconds() * 1e9 + 0.5)));
  };
  OneShotTimer timer(s, sc_time(100, SC_NS), [&] { stamp("fire"); });
  s.at(sc_time(0, SC_NS), [&] { timer.start(); });                  // due at 100
  s.at(sc_time(10, SC_NS), [&] { s.at(sc_time(150, SC_NS), [&] { stamp("before"); }); });
  s.at(sc_time(50, SC_NS), [&] { timer.restart(); });               // due at 150
  s.at(sc_time(60, SC_NS), [&] {
    s.at(sc_time(150, SC_NS), [&] { stamp("after"); });
    timer.start();  // armed already: no effect
  });
  s.at(sc_time(200, SC_NS), [&] {
    timer.start();   // due at 300
    timer.cancel();  // never fires
  });
  s.at(sc_time(250, SC_NS), [&] { timer.start(); });  // due at 350, the pending callback at 300 moves on
  sc_core::sc_start();
  EXPECT_EQ(log, (std::vector<std::string>{"before@150", "fire@150", "after@150", "fire@350"}));
  // Not a callback per restart: the 8 posted above, and the timer's at 100 (moved
  // on to 150), 150, 300 (moved on to 350) and 350.
  EXPECT_EQ(s.dispatched(), 8u + 4u);
}

TEST(InplaceFunction, MovesItsCaptureAndDestroysItOnce) {
  auto token = std::make_shared<int>(7);
  int calls = 0;
  {
    InplaceFunction<64> f([token, &calls] { calls += *token; });
    EXPECT_EQ(token.use_count(), 2);
    InplaceFunction<64> g(std::move(f));
    EXPECT_FALSE(f);
    EXPECT_TRUE(g);
    g();
    InplaceFunction<64> h;
    h = std::move(g);
    h();
    EXPECT_EQ(token.use_count(), 2);  // moved, never copied
  }
  EXPECT_EQ(calls, 14);
  EXPECT_EQ(token.use_count(), 1);  // destroyed exactly once
}

TEST(BusyServer, QueuesOverlappingRequestsAndCountsBusyTime) {
  StatsRegistry stats;
  BusyServer srv(stats.resource("link"));
  EXPECT_EQ(srv.serve(sc_time(0, SC_NS), sc_time(10, SC_NS), 100), sc_time(0, SC_NS));
  EXPECT_EQ(srv.serve(sc_time(5, SC_NS), sc_time(10, SC_NS), 100), sc_time(10, SC_NS));  // waits
  EXPECT_EQ(srv.serve(sc_time(50, SC_NS), sc_time(10, SC_NS)), sc_time(50, SC_NS));      // idle gap
  const auto* r = stats.resource("link");
  EXPECT_EQ(r->busy, sc_time(30, SC_NS));
  EXPECT_EQ(r->ops, 3u);
  EXPECT_EQ(r->bytes, 200u);
}

TEST(StatsRegistry, BottleneckReportRanksByUtilisation) {
  StatsRegistry stats;
  stats.resource("ddr")->add_busy(sc_time(20, SC_NS));
  stats.resource("link")->add_busy(sc_time(90, SC_NS));
  stats.resource("core")->drop("ring_full");
  const auto rep = stats.bottleneck_report(sc_time(100, SC_NS), sc_time(100, SC_NS));
  EXPECT_LT(rep.find("link"), rep.find("ddr"));
  EXPECT_NE(rep.find("90.0"), std::string::npos);
  EXPECT_NE(rep.find("ring_full=1"), std::string::npos);
  EXPECT_EQ(stats.limiting(), "link");
  EXPECT_EQ(stats.resource("ddr"), stats.resource("ddr"));  // one record per name
}

// Work booked ahead that runs past the window's end is not the window's (issue
// 37: a core's 0.7 ms segment, booked whole at its start, read 117 % busy).
TEST(StatsRegistry, WorkPastTheWindowsEndIsNotInIt) {
  StatsRegistry stats;
  ResourceStats* core = stats.resource("core");
  core->add_busy(sc_time(60, SC_NS), 0, sc_time(60, SC_NS));
  core->add_time(sc_time(90, SC_NS), sc_time(150, SC_NS));  // a segment from 60 to 150 ns
  BusyServer link(stats.resource("link"));
  link.serve(sc_time(80, SC_NS), sc_time(40, SC_NS));  // 80 to 120 ns
  const auto use = stats.usage(sc_time(100, SC_NS), sc_time(100, SC_NS));
  ASSERT_EQ(use.size(), 2u);
  EXPECT_EQ(use[0].name, "core");
  EXPECT_DOUBLE_EQ(use[0].util_pct, 100) << "up to 100 ns, not 150";
  EXPECT_DOUBLE_EQ(use[1].util_pct, 20);
  EXPECT_EQ(stats.resource("core")->busy_by(sc_time(200, SC_NS)), sc_time(150, SC_NS)) << "all of it by 200 ns";
}

TEST(ClockDomain, ConvertsCyclesBothWays) {
  ClockDomain c(1e9);
  EXPECT_EQ(c.cycles(125), sc_time(125, SC_NS));
  EXPECT_EQ(c.to_cycles(sc_time(2, sc_core::SC_US)), 2000u);
  ClockDomain d(500e6);
  EXPECT_EQ(d.cycles(3), sc_time(6, SC_NS));
}

ParamTable table() {
  ParamTable t;
  ParamSpec lanes;
  lanes.key = "pcie.lanes";
  lanes.kind = ParamSpec::Kind::Int;
  lanes.def = "4";
  lanes.choices = {"1", "2", "4"};
  t.declare(lanes);
  ParamSpec bytes;
  bytes.key = "dma.block_bytes";
  bytes.kind = ParamSpec::Kind::Int;
  bytes.def = "256";
  bytes.min = 1;
  bytes.max = 1024;
  t.declare(bytes);
  return t;
}

TEST(ParamTable, DefaultsAndChecksValuesAgainstTheirRange) {
  auto t = table();
  EXPECT_EQ(t.i("pcie.lanes"), 4);
  t.set("pcie.lanes", "2", "f.yaml:3");
  EXPECT_EQ(t.i("pcie.lanes"), 2);
  auto msg = [&](const std::string& k, const std::string& v) {
    try {
      t.set(k, v, "f.yaml:9");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(msg("pcie.lanes", "3"), "f.yaml:9: key 'pcie.lanes': 3 is not valid; expected one of 1|2|4");
  EXPECT_NE(msg("dma.block_bytes", "-5").find("out of range; expected integer 1..1024"), std::string::npos);
  EXPECT_NE(msg("dma.block_bytes", "1.5").find("not an integer"), std::string::npos);
  EXPECT_NE(msg("dma.block_bytes", "12abc").find("not an integer"), std::string::npos);
  EXPECT_NE(msg("pcie.lane", "4").find("unknown key 'pcie.lane' (known pcie keys: pcie.lanes)"), std::string::npos);
  EXPECT_EQ(t.i("dma.block_bytes"), 256);  // rejected values leave the old one
}

TEST(ParamTable, DeclaringADefaultOutsideItsRangeIsAProgrammingError) {
  ParamTable t;
  ParamSpec p;
  p.key = "x";
  p.kind = ParamSpec::Kind::Int;
  p.def = "0";
  p.min = 1;
  p.max = 2;
  EXPECT_THROW(t.declare(p), std::logic_error);
}

TEST(ParamTable, AModelDeclaresAKeyAndItsPlatformGivesTheDefaultAndItsSource) {
  ParamTable t;
  t.declare_model(model_number("m.latency_ns", ParamSpec::Kind::Real, 0, 100, "ns", "latency"));
  EXPECT_THROW(t.check_complete(), std::logic_error) << "no default yet";
  EXPECT_THROW(t.set_default("m.latency_ns", "200", "datasheet"), std::logic_error) << "out of the model's range";
  EXPECT_THROW(t.set_default("m.latency_ns", "20", ""), std::logic_error) << "a default needs its source";
  EXPECT_THROW(t.set_default("m.other", "1", "x"), std::logic_error) << "undeclared";
  t.set_default("m.latency_ns", "20", "datasheet");
  t.check_complete();
  EXPECT_EQ(t.r("m.latency_ns"), 20);
  EXPECT_EQ(t.spec("m.latency_ns").source, "datasheet");
  EXPECT_THROW(t.declare_model(model_number("m.latency_ns", ParamSpec::Kind::Real, 0, 1, "ns", "again")),
               std::logic_error);
}

}  // namespace
}  // namespace ws

TEST(ResourceStats, CountsDropsByReasonInRunsAndAfterAResetOrACopy) {
  ws::StatsRegistry reg;
  ws::ResourceStats& r = *reg.resource("drops");
  for (int i = 0; i < 5; ++i) r.drop("rx_ring_full");
  r.drop("fcs_error");
  r.drop(std::string("rx_") + "ring_full");  // the same reason from another string
  r.drop("fcs_error");
  EXPECT_EQ(r.drops, (std::map<std::string, uint64_t>{{"fcs_error", 2}, {"rx_ring_full", 6}}));
  ws::ResourceStats copy = r;
  copy.drop("fcs_error");
  r.drop("rx_ring_full");
  EXPECT_EQ(copy.drops.at("fcs_error"), 3u) << "a copy counts into its own map";
  EXPECT_EQ(r.drops.at("fcs_error"), 2u);
  EXPECT_EQ(r.drops.at("rx_ring_full"), 7u);
  reg.reset();
  r.drop("rx_ring_full");
  EXPECT_EQ(r.drops, (std::map<std::string, uint64_t>{{"rx_ring_full", 1}})) << "a reset starts the counts again";
}
