// Linux's NET_RX softirq and NAPI: net_rx_action polls each context its weight
// at a time within netdev_budget and re-raises itself when work is left (a
// time squeeze); __do_softirq's restart and time limits then hand NET_RX to
// ksoftirqd; a poll that finishes below its weight leaves the list; the poll
// runs on the CPU whose hardirq scheduled it.
#include <gtest/gtest.h>
#include <systemc>
#include <algorithm>
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

// netif_rx: the skbs wait on the CPU's backlog for NET_RX's process_backlog,
// up to netdev_max_backlog; past it they are dropped and counted.
TEST(Linux, NetifRxQueuesOnTheBacklogAndDropsPastItsLimit) {
  test::Cores one(1);
  Linux::Config cfg;
  cfg.netdev_max_backlog = 10;
  Linux lx(one.raw(), KernelCosts{}, cfg, one.stats);
  std::vector<uint64_t> delivered;
  const Linux::Deliver up = [&](uint64_t buf, uint32_t) -> Task {
    delivered.push_back(buf);
    lx.kernel().charge(1000);
    co_return;
  };
  std::vector<bool> queued;
  lx.kernel().attach_hwi(0, 4, 8, [&]() -> Task {
    for (uint64_t i = 0; i < 15; ++i) queued.push_back(lx.netif_rx(up, i, 60));
    co_return;
  }, "eth0 rx");
  one.sched.at(sc_time(1, SC_US), [&] { one.cores[0]->raise(4, ws::now()); });
  sc_core::sc_start();
  EXPECT_EQ(std::count(queued.begin(), queued.end(), true), 10);
  EXPECT_EQ(lx.backlog_drops(0), 5u);
  EXPECT_EQ(delivered, (std::vector<uint64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})) << "in order, in NET_RX";
  EXPECT_EQ(lx.backlog(0), 0u);
  EXPECT_GE(one.stats.cpu_load("cpu0")->soft, sc_time(10, SC_US)) << "delivered from the softirq";
}

// A task made ready on a CPU busy in softirq goes to an idle CPU its affinity
// allows (the load balancer's pull); pinned, it waits where it is.
namespace {
// 2 ms of NET_RX on CPU0 from 1 us; a user task of 100 steps made ready at 10 us: the CPUs of its steps.
void run_user_task(Bench& b, unsigned mask, std::vector<unsigned>& ran_on) {
  Thread& t = b.lx->kernel().create_thread(0, 2, [&b, &ran_on]() -> Task {
    for (int i = 0; i < 100; ++i) {
      ran_on.push_back(b.lx->kernel().running().cpu);
      b.lx->kernel().charge(1000);
      co_await b.lx->kernel().point();
    }
  }, "user", sc_time(10, SC_US), true);
  b.lx->set_cpus_allowed(t, mask);
  b.sched.at(sc_time(1, SC_US), [&b] { b.cores[0]->raise(4, ws::now()); });
  sc_core::sc_start();
}
}  // namespace

TEST(Linux, ATaskLeavesACpuBusyInSoftirqForAnIdleOneItMayUse) {
  Bench b(2);
  Device dev(*b.lx, 2000, 2);
  std::vector<unsigned> ran_on;
  run_user_task(b, 3, ran_on);
  ASSERT_EQ(ran_on.size(), 100u);
  for (unsigned c : ran_on) EXPECT_EQ(c, 1u);
  EXPECT_GT(b.stats.cpu_load("cpu1")->usr, sc_time(90, SC_US));
}

TEST(Linux, APinnedTaskWaitsForItsCpu) {
  Bench b(2);
  Device dev(*b.lx, 2000, 2);
  std::vector<unsigned> ran_on;
  run_user_task(b, 1, ran_on);
  ASSERT_EQ(ran_on.size(), 100u);
  for (unsigned c : ran_on) EXPECT_EQ(c, 0u);
  EXPECT_EQ(b.stats.cpu_load("cpu1")->usr, sc_time(0, SC_NS));
  EXPECT_GT(b.stats.cpu_load("cpu0")->soft, sc_time(1900, SC_US)) << "it waited for NET_RX";
}
