// TI-RTOS on the kernel: Task priorities (higher is more urgent), Swis before
// Tasks, Task_yield among equals, Clock functions on the tick in the Clock
// Swi, the Load module's figure; HeapMem's first fit, merging and exhaustion.
#include <gtest/gtest.h>
#include <systemc>
#include <string>
#include <vector>
#include "tests/unit/core_bench.hpp"
#include "workloads/os/kernel/sync.hpp"
#include "workloads/os/tirtos/heap_mem.hpp"
#include "workloads/os/tirtos/tirtos.hpp"

using namespace ws;
using namespace ws::os;
using sc_core::sc_time;
using sc_core::SC_MS;
using sc_core::SC_US;

namespace {
struct Bench : test::CoreBench {
  TiRtos bios;
  Bench() : CoreBench(1e9), bios(core, stats, KernelCosts{}, sc_time(1, SC_MS)) {}
  Task busy(double us) { return CoreBench::busy(bios.kernel(), us); }
};
}  // namespace

TEST(TiRtos, AHigherTaskPriorityIsMoreUrgentAndSwisRunBeforeTasks) {
  Bench b;
  std::vector<std::string> order;
  Semaphore go(b.bios.kernel());
  Deferred& swi = b.bios.swi("swi", 3, [&]() -> Task {
    order.push_back("swi");
    co_return;
  });
  b.bios.task("high", 9, [&]() -> Task {
    co_await go.pend();
    order.push_back("high");
  });
  b.bios.task("low", 2, [&]() -> Task {
    order.push_back("low starts");
    go.post();
    b.bios.post(swi);
    co_await b.busy(50);
    order.push_back("low ends");
  });
  sc_core::sc_start();
  EXPECT_EQ(order, (std::vector<std::string>{"low starts", "swi", "high", "low ends"}));
  EXPECT_THROW(b.bios.task("bad", 16, []() -> Task { co_return; }), std::logic_error);
  EXPECT_THROW(b.bios.swi("bad", 16, []() -> Task { co_return; }), std::logic_error);
}

TEST(TiRtos, TaskYieldHandsTheCoreToAnEqualTaskAndThereIsNoTimeSlice) {
  Bench b;
  std::vector<char> turns;
  for (char id : {'a', 'b'})
    b.bios.task(std::string(1, id), 5, [&, id]() -> Task {
      for (int i = 0; i < 3; ++i) {
        turns.push_back(id);
        co_await b.busy(3000);  // three ticks' worth: no slice ends it
        co_await b.bios.kernel().yield();
      }
    });
  sc_core::sc_start();
  EXPECT_EQ(turns, (std::vector<char>{'a', 'b', 'a', 'b', 'a', 'b'}));
}

TEST(TiRtos, ClockFunctionsRunOnTheTickInTheClockSwi) {
  Bench b;
  std::vector<sc_time> at;
  b.bios.clock(2, [&] {
    at.push_back(now());
    EXPECT_EQ(b.bios.kernel().running().level, Level::Deferred) << "in the Clock Swi";
  });
  sc_core::sc_start(sc_time(7, SC_MS));
  ASSERT_EQ(at.size(), 3u);
  EXPECT_EQ(at[0], sc_time(2, SC_MS));
  EXPECT_EQ(at[2], sc_time(6, SC_MS));
  EXPECT_LT(b.bios.load_pct(sc_time(7, SC_MS)), 1.0) << "the tick's handlers cost nothing here";
}

TEST(HeapMem, FirstFitMergesOnFreeAndRefusesWhatDoesNotFit) {
  HeapMem h(0x1000, 256 * 1024);  // BIOS.heapSize 0x40000
  const uint64_t a = h.alloc(64 * 1024), b = h.alloc(64 * 1024), c = h.alloc(64 * 1024);
  EXPECT_EQ(a, 0x1000u);
  EXPECT_EQ(b, a + 64 * 1024);
  EXPECT_NE(c, 0u);
  EXPECT_EQ(h.alloc(100 * 1024), 0u) << "64 KB left: a 100 KB block does not fit (ENOMEM)";
  EXPECT_EQ(h.alloc(3), c + 64 * 1024) << "rounded to 8 B";
  h.free(b, 64 * 1024);
  h.free(a, 64 * 1024);
  EXPECT_EQ(h.largest_free(), 128u * 1024) << "neighbours merged";
  EXPECT_EQ(h.alloc(128 * 1024), a);
  h.free(c, 64 * 1024);
  EXPECT_THROW(h.free(c, 64 * 1024), std::logic_error) << "a double free";
  EXPECT_EQ(h.free_bytes(), 256u * 1024 - 128 * 1024 - 8);
}
