// CoreExecutor: interrupts taken between steps, none lost while an ISR runs, the
// cursor's time for computation and cache misses, busy time per step.
#include <gtest/gtest.h>
#include <systemc>
#include <vector>
#include "models/cpu/core_executor.hpp"
#include "models/mem/memory.hpp"

using namespace ws;
using sc_core::sc_time;
using sc_core::SC_NS;

namespace {
struct Bench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  // 8 B/ns, 10 ns latency: a 256 B line fill takes 32 + 10 ns.
  Memory mem{"mem", Memory::Config{1 << 20, 10, 8, 1, true}, stats};
  CoreExecutor core{"core", CoreExecutor::Config{1e9, Cache::Config{32 * 1024, 8, 256}, Cache::Config{16 * 1024, 8, 256}, 10, 10, 2, 40}, sched, stats,
                    nullptr};
  Bench() { core.socket.bind(mem.socket); }
};
}  // namespace

TEST(CoreExecutor, InterruptAssertedAsAnIsrEndsIsNotLost) {
  Bench b;
  std::vector<sc_time> starts;
  b.core.attach_isr(0, [&] {
    starts.push_back(b.core.time());
    b.core.exec(1000);
    return false;
  }, "isr");
  b.sched.at(sc_time(0, SC_NS), [&] { b.core.raise(0, ws::now()); });
  // Raised while the ISR runs; it reaches the core just after the ISR has ended.
  b.sched.at(sc_time(1015, SC_NS), [&] { b.core.raise(0, ws::now() + sc_time(10, SC_NS)); });
  sc_core::sc_start();
  ASSERT_EQ(starts.size(), 2u);
  EXPECT_EQ(starts[0], sc_time(10, SC_NS)) << "entry cycles come first";
  EXPECT_EQ(starts[1], sc_time(1035, SC_NS)) << "the ISR ended at 1020 ns; taken when asserted (1025 ns), after its entry";
  EXPECT_EQ(b.core.interrupts_taken(), 2u);
}

TEST(CoreExecutor, StepsResynchroniseAndBookBusyTime) {
  Bench b;
  int steps = 0;
  std::vector<sc_time> seen;
  b.core.attach_isr(0, [&] {
    seen.push_back(ws::now());
    b.core.exec(100);
    return ++steps < 3;
  }, "isr");
  b.sched.at(sc_time(0, SC_NS), [&] { b.core.raise(0, ws::now()); });
  sc_core::sc_start();
  // Entry 10 ns, then three steps of 100 ns, each starting where the last ended.
  EXPECT_EQ(seen, (std::vector<sc_time>{sc_time(0, SC_NS), sc_time(110, SC_NS), sc_time(210, SC_NS)}));
  EXPECT_EQ(b.stats.resource("core")->busy, sc_time(320, SC_NS)) << "entry + 3 steps + exit";
}

TEST(CoreExecutor, CachedReadsMissOnceAndReturnRealBytes) {
  Bench b;
  const uint8_t data[4] = {1, 2, 3, 4};
  b.mem.write(0x1000, data, 4);
  uint8_t got[4] = {};
  sc_time first, second;
  b.core.start_task(sc_time(0, SC_NS), [&] {
    b.core.read(0x1000, got, 4);
    first = b.core.time();
    b.core.read(0x1002, got + 2, 2);
    second = b.core.time();
    b.core.reg_access();
    return false;
  }, "task");
  sc_core::sc_start();
  EXPECT_EQ(got[0], 1);
  EXPECT_EQ(got[3], 4);
  EXPECT_EQ(first, sc_time(42, SC_NS)) << "a 256 B line at 8 B/ns plus 10 ns latency";
  EXPECT_EQ(second, first) << "a hit costs nothing beyond the code's cycles";
  EXPECT_EQ(b.core.l1d().misses(), 1u);
  EXPECT_EQ(b.core.l1d().hits(), 1u);
}

TEST(CoreExecutor, PostedWritesLandAtTheCoresTime) {
  Bench b;
  const uint8_t zero[4] = {}, ones[4] = {1, 1, 1, 1};
  b.mem.write(0x2000, zero, 4);
  b.core.start_task(sc_time(0, SC_NS), [&] {
    b.core.exec(500);
    b.core.write_uncached(0x2000, ones, 4);  // at 500 ns, although this step runs at 0
    return false;
  }, "task");
  uint8_t before = 9, after = 9;
  b.sched.at(sc_time(499, SC_NS), [&] { b.mem.read(0x2000, &before, 1); });
  b.sched.at(sc_time(501, SC_NS), [&] { b.mem.read(0x2000, &after, 1); });
  sc_core::sc_start();
  EXPECT_EQ(before, 0) << "a device polling the word must not see the write before the core makes it";
  EXPECT_EQ(after, 1);
}

TEST(CoreExecutor, BusyLinesAreTakenRoundRobin) {
  Bench b;
  std::vector<unsigned> order;
  for (unsigned line = 0; line < 2; ++line)
    b.core.attach_isr(line, [&, line] {
      order.push_back(line);
      b.core.exec(100);
      if (order.size() < 5) b.core.raise(line, ws::now());  // its queue keeps filling
      return false;
    }, "isr");
  b.sched.at(sc_time(0, SC_NS), [&] {
    b.core.raise(0, ws::now());
    b.core.raise(1, ws::now());
  });
  sc_core::sc_start();
  EXPECT_EQ(order, (std::vector<unsigned>{0, 1, 0, 1, 0, 1})) << "line 0 must not starve line 1";
}

TEST(CoreExecutor, CodeThatFitsTheICacheMissesOnceCodeThatDoesNotMissEveryTime) {
  Bench b;  // 16 KB L1 I-cache, 256 B lines
  b.core.start_task(sc_time(0, SC_NS), [&] {
    for (int pass = 0; pass < 3; ++pass) b.core.fetch(0x10000, 12 * 1024);
    return false;
  }, "task");
  sc_core::sc_start();
  EXPECT_EQ(b.core.l1i().misses(), 48u) << "12 KB = 48 lines, fetched once";
  EXPECT_EQ(b.core.l1i().hits(), 96u);
}

TEST(CoreExecutor, CodeLargerThanTheICacheThrashesUnderLru) {
  Bench b;
  b.core.start_task(sc_time(0, SC_NS), [&] {
    for (int pass = 0; pass < 3; ++pass) b.core.fetch(0x10000, 20 * 1024);
    return false;
  }, "task");
  sc_core::sc_start();
  EXPECT_EQ(b.core.l1i().misses(), 3u * 80u) << "a sequential sweep over more than the cache evicts every line first";
  EXPECT_EQ(b.core.l1i().hits(), 0u);
}

TEST(CoreExecutor, AnInterruptPreemptsATaskBetweenStepsAndTheTaskResumes) {
  Bench b;
  std::vector<std::pair<std::string, sc_time>> log;
  int steps = 0;
  b.core.start_task(sc_time(0, SC_NS), [&] {
    log.emplace_back("task", b.core.time());
    b.core.exec(100);
    return ++steps < 4;
  }, "task");
  b.core.attach_isr(0, [&] {
    log.emplace_back("isr", b.core.time());
    b.core.exec(50);
    return false;
  }, "isr");
  b.sched.at(sc_time(150, SC_NS), [&] { b.core.raise(0, ws::now()); });
  sc_core::sc_start();
  // Task steps at 0 and 100; the interrupt (150) is taken at the next annotation
  // point (200): entry 10, ISR 50, exit 10; the task resumes at 270.
  const std::vector<std::pair<std::string, sc_time>> want = {
      {"task", sc_time(0, SC_NS)},   {"task", sc_time(100, SC_NS)}, {"isr", sc_time(210, SC_NS)},
      {"task", sc_time(270, SC_NS)}, {"task", sc_time(370, SC_NS)}};
  EXPECT_EQ(log, want);
}
