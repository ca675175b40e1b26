// Linux's NET_RX softirq and NAPI: net_rx_action polls each context its weight
// at a time within netdev_budget and re-raises itself when work is left (a
// time squeeze); __do_softirq's restart and time limits then hand NET_RX to
// ksoftirqd; a poll that finishes below its weight leaves the list; the poll
// runs on the CPU whose hardirq scheduled it.
#include <gtest/gtest.h>
#include <systemc>
#include <memory>
#include <vector>
#include "tests/unit/core_bench.hpp"
#include "workloads/os/linux/linux.hpp"

using namespace ws;
using namespace ws::os;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

namespace {
struct Bench : test::Cores {
  std::unique_ptr<Linux> lx;
  explicit Bench(unsigned n = 1) : Cores(n) { lx = std::make_unique<Linux>(raw(), KernelCosts{}, Linux::Config{}, stats); }
};

// A device with `backlog` packets of 1 us each; its poll takes what its budget allows.
struct Device {
  Linux& lx;
  uint64_t backlog;
  std::vector<unsigned> polled_on;
  Linux::Napi napi;
  // Its Rx interrupt on `line` of each CPU schedules the NAPI context.
  Device(Linux& l, uint64_t packets, unsigned cpus = 1) : lx(l), backlog(packets) {
    for (unsigned c = 0; c < cpus; ++c)
      lx.kernel().attach_hwi(c, 4, 8, [this]() -> Task {
        lx.napi_schedule(napi);
        co_return;
      }, "eth0 rx");
    napi.name = "eth0";
    napi.poll = [this](unsigned budget, unsigned& done) -> Task {
      Cpu& c = lx.kernel().cpu(lx.kernel().running().cpu);
      polled_on.push_back(lx.kernel().running().cpu);
      done = unsigned(std::min<uint64_t>(budget, backlog));
      backlog -= done;
      c.exec(1000.0 * done);
      if (done < budget) lx.napi_complete(napi);  // and the device's interrupt is enabled again
      co_await lx.kernel().point();
    };
  }
};
}  // namespace

TEST(Linux, NetRxSpendsItsBudgetThenRaisesItselfAndKsoftirqdTakesOver) {
  Bench b;
  Device dev(*b.lx, 5000);
  b.sched.at(sc_time(1, SC_US), [&] { b.cores[0]->raise(4, ws::now()); });
  sc_core::sc_start();
  EXPECT_EQ(b.lx->packets(0), 5000u);
  EXPECT_EQ(dev.backlog, 0u);
  // 300 per run in polls of 64: five polls (320 packets), then a squeeze; 5000 packets take 16 runs.
  EXPECT_EQ(b.lx->time_squeezes(0), 15u);
  EXPECT_EQ(dev.polled_on.size(), size_t(5000 / 64 + 1));
  // 320 us a run: past 2 ms (MAX_SOFTIRQ_TIME) of restarts the rest goes to ksoftirqd.
  EXPECT_EQ(b.lx->kernel().deferred_handoffs(0), 1u);
  const CpuLoad* load = b.stats.cpu_load("cpu0");
  EXPECT_GT(load->soft, sc_time(4900, SC_US)) << "ksoftirqd's NET_RX counts as %soft";
}

TEST(Linux, APollBelowItsWeightCompletesAndLeavesTheList) {
  Bench b;
  Device dev(*b.lx, 100);
  b.sched.at(sc_time(1, SC_US), [&] { b.cores[0]->raise(4, ws::now()); });
  sc_core::sc_start();
  EXPECT_EQ(dev.polled_on.size(), 2u) << "64, then 36 and done";
  EXPECT_FALSE(dev.napi.scheduled);
  EXPECT_EQ(b.lx->time_squeezes(0), 0u);
  EXPECT_EQ(b.lx->kernel().deferred_handoffs(0), 0u);
}

TEST(Linux, TheSoftirqRunsOnTheCpuThatTookTheInterrupt) {
  Bench b(2);
  Device dev(*b.lx, 200, 2);
  b.sched.at(sc_time(1, SC_US), [&] { b.cores[1]->raise(4, ws::now()); });
  sc_core::sc_start();
  ASSERT_FALSE(dev.polled_on.empty());
  for (unsigned c : dev.polled_on) EXPECT_EQ(c, 1u);
  EXPECT_GT(b.stats.cpu_load("cpu1")->soft, sc_time(190, SC_US));
  EXPECT_EQ(b.stats.cpu_load("cpu0")->soft, sc_time(0, SC_NS));
}
