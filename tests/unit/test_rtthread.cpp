// RT-Thread on the kernel: its priorities (0 most urgent), round robin in
// time slices of 1 ms ticks, and CPU usage as 1 - idle.
#include <gtest/gtest.h>
#include <systemc>
#include <string>
#include <vector>
#include "tests/unit/core_bench.hpp"
#include "workloads/os/kernel/sync.hpp"
#include "workloads/os/rtthread/rtthread.hpp"

using namespace ws;
using namespace ws::os;
using sc_core::sc_time;
using sc_core::SC_MS;
using sc_core::SC_US;

namespace {
struct Bench : test::CoreBench {
  RtThread rtt;
  // A 1 ms tick (RT_TICK_PER_SECOND 1000) keeps the slices short here.
  explicit Bench(unsigned slice = 5) : CoreBench(1.2e9), rtt(core, stats, KernelCosts{}, sc_time(1, SC_MS), slice) {}
  Task busy(double us) { return CoreBench::busy(rtt.kernel(), us); }
};
}  // namespace

TEST(RtThread, ALowerPriorityNumberIsMoreUrgent) {
  Bench b;
  Semaphore go(b.rtt.kernel());
  std::vector<std::string> order;
  b.rtt.thread("tcpip", 10, [&]() -> Task {
    co_await go.pend();
    order.push_back("tcpip");
  });
  b.rtt.thread("iperf", 20, [&]() -> Task {
    order.push_back("iperf starts");
    go.post();
    co_await b.busy(100);  // tcpip runs at iperf's next point
    order.push_back("iperf ends");
  });
  sc_core::sc_start();
  EXPECT_EQ(order, (std::vector<std::string>{"iperf starts", "tcpip", "iperf ends"}));
  EXPECT_THROW(b.rtt.thread("bad", 32, [] () -> Task { co_return; }), std::logic_error);
}

TEST(RtThread, EqualThreadsShareInTimeSlicesOfTicks) {
  Bench b(2);  // two 1 ms ticks per slice
  std::vector<std::pair<char, sc_time>> turns;
  for (char id : {'a', 'b'})
    b.rtt.thread(std::string(1, id), 15, [&, id]() -> Task {
      for (int i = 0; i < 800; ++i) {
        if (turns.empty() || turns.back().first != id) turns.emplace_back(id, ws::now());
        b.core.exec(10e-6 * 1.2e9);
        co_await b.rtt.kernel().point();
      }
    });
  sc_core::sc_start();
  ASSERT_GE(turns.size(), 5u);
  for (size_t i = 1; i + 2 < turns.size(); ++i) {
    const double ms = (turns[i + 1].second - turns[i].second).to_seconds() * 1e3;
    EXPECT_GT(ms, 0.99) << "turn " << i;
    EXPECT_LT(ms, 2.1) << "turn " << i;
  }
}

TEST(RtThread, CpuUsageIsOneMinusIdle) {
  Bench b;
  b.rtt.thread("worker", 12, [&]() -> Task { co_await b.busy(3000); }, sc_time(1, SC_MS));
  sc_core::sc_start(sc_time(10, SC_MS));
  EXPECT_NEAR(b.rtt.cpu_usage_pct(sc_time(10, SC_MS)), 30.0, 0.5) << "3 ms busy in 10 ms (ticks cost 0 here)";
}
