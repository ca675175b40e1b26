// Interrupt routing: a source goes to the input it is routed to, and a source
// moved to another core (IRQ affinity) is taken there.
#include <gtest/gtest.h>
#include <systemc>
#include <memory>
#include <vector>
#include "models/irq/epic.hpp"
#include "models/irq/gic.hpp"
#include "models/irq/mpic.hpp"
#include "models/mem/memory.hpp"
#include "tests/unit/core_bench.hpp"
#include "workloads/os/kernel/kernel.hpp"
#include "workloads/os/linux/irq_affinity.hpp"

using namespace ws;
using namespace ws::os;
using sc_core::sc_time;
using sc_core::SC_NS;

TEST(IrqController, ASourceMovedToAnotherCoreIsTakenThere) {
  test::Cores two(2);
  auto& sched = two.sched;
  auto& cores = two.cores;
  Kernel k(two.raw(), KernelConfig{}, two.stats);
  std::vector<std::pair<int, sc_time>> taken;
  for (int c = 0; c < 2; ++c)
    k.attach_hwi(unsigned(c), 3, 1, [&, c]() -> Task {
      taken.emplace_back(c, ws::now());
      co_return;
    }, "dev");
  Epic epic(20);
  epic.route(7, cores[0].get(), 3);
  sched.at(sc_time(0, SC_NS), [&] { epic.raise(7); });
  sched.at(sc_time(100, SC_NS), [&] {
    epic.route(7, cores[1].get(), 3);  // smp_affinity changed
    epic.raise(7);
  });
  sc_core::sc_start();
  ASSERT_EQ(taken.size(), 2u);
  EXPECT_EQ(taken[0], (std::pair<int, sc_time>{0, sc_time(20, SC_NS)})) << "after the delivery latency";
  EXPECT_EQ(taken[1], (std::pair<int, sc_time>{1, sc_time(120, SC_NS)}));
  EXPECT_EQ(k.interrupts_taken(0), 1u);
  EXPECT_EQ(k.interrupts_taken(1), 1u);
  EXPECT_EQ(epic.raised(7), 2u);
  EXPECT_EQ(epic.routed_to(7), cores[1].get());
}

TEST(IrqController, AnUnroutedSourceIsAnError) {
  Epic epic(0);
  EXPECT_THROW(epic.raise(1), std::logic_error);
}

TEST(Gic, ALowerPriorityNumberNestsAndADisabledSourceWaits) {
  Scheduler sched("sched");
  StatsRegistry stats;
  Memory mem("mem", Memory::Config{1 << 16, 10, 8, 2, true}, stats);
  Cpu cpu("cpu", Cpu::Config{1e9, Cache::Config{4096, 2, 32}, Cache::Config{4096, 2, 32}, 0, 0, 1, 40}, sched, stats,
          nullptr);
  cpu.socket.bind(mem.socket);
  Kernel k({&cpu}, KernelConfig{}, stats);
  Gic gic(0);
  std::vector<std::pair<std::string, sc_time>> log;
  k.attach_hwi(0, 0, 1, [&]() -> Task {  // the kernel's priority is overridden by the GIC's
    log.emplace_back("timer", ws::now());
    for (int i = 0; i < 3; ++i) {
      cpu.exec(100);
      co_await k.point();
    }
  }, "timer");
  k.attach_hwi(0, 1, 1, [&]() -> Task {
    log.emplace_back("emac", ws::now());
    co_return;
  }, "emac");
  gic.connect(27, &cpu, 0, 0xA0);
  gic.connect(59, &cpu, 1, 0x80);  // more urgent
  sched.at(sc_time(0, SC_NS), [&] { gic.raise(27); });
  sched.at(sc_time(50, SC_NS), [&] { gic.raise(59); });  // nests at the timer's point at 100 ns
  sched.at(sc_time(1000, SC_NS), [&] {
    gic.set_enabled(59, false);
    gic.raise(59);
  });
  sched.at(sc_time(2000, SC_NS), [&] { gic.set_enabled(59, true); });  // taken now
  sc_core::sc_start();
  const std::vector<std::pair<std::string, sc_time>> want{
      {"timer", sc_time(0, SC_NS)}, {"emac", sc_time(100, SC_NS)}, {"emac", sc_time(2000, SC_NS)}};
  EXPECT_EQ(log, want);
}

// The MPIC sends each assertion to its source's one destination CPU, the
// other after the destination changes, and counts them per CPU
// (/proc/interrupts); an IPI reaches every CPU of its mask. Linux's
// smp_affinity resolves a mask to one CPU: its first, or for "every CPU" the
// next of one round robin shared by all sources (irq_choose_cpu).
TEST(Mpic, OneDestinationPerSourceAndIpisReachTheirCpus) {
  test::Cores two(2);
  auto& sched = two.sched;
  auto& cores = two.cores;
  Kernel k(two.raw(), KernelConfig{}, two.stats);
  std::vector<int> eth0, ipis;
  for (int c = 0; c < 2; ++c) {
    k.attach_hwi(unsigned(c), 4, 8, [&, c]() -> Task {
      eth0.push_back(c);
      co_return;
    }, "eth0 rx");
    k.attach_hwi(unsigned(c), 1, 15, [&, c]() -> Task {
      ipis.push_back(c);
      co_return;
    }, "ipi");
  }
  Mpic mpic(10, {cores[0].get(), cores[1].get()});
  mpic.configure(29, 4, 8, 0);  // eth0's Rx on CPU0
  for (int i = 0; i < 2; ++i) sched.at(sc_time(100 * i, SC_NS), [&] { mpic.raise(29); });
  sched.at(sc_time(200, SC_NS), [&] { mpic.set_destination(29, 1); });
  for (int i = 0; i < 3; ++i) sched.at(sc_time(300 + 100 * i, SC_NS), [&] { mpic.raise(29); });
  sched.at(sc_time(1000, SC_NS), [&] { mpic.ipi(2, 1); });
  sched.at(sc_time(1100, SC_NS), [&] { mpic.ipi(3, 1); });
  sc_core::sc_start();
  EXPECT_EQ(eth0, (std::vector<int>{0, 0, 1, 1, 1}));
  EXPECT_EQ(mpic.count(29, 0), 2u);
  EXPECT_EQ(mpic.count(29, 1), 3u);
  EXPECT_EQ(ipis, (std::vector<int>{1, 0, 1}));
  EXPECT_THROW(mpic.set_destination(29, 2), std::logic_error) << "CPU2 does not exist";
  EXPECT_THROW(mpic.raise(30), std::logic_error) << "not configured";

  IrqAffinity aff(mpic);
  for (unsigned s = 30; s < 34; ++s) mpic.configure(s, 5, 8, 0);
  aff.set(30, 2);
  EXPECT_EQ(mpic.destination(30), 1u) << "one CPU: that CPU";
  aff.set(31, 3);
  aff.set(32, 3);
  aff.set(33, 3);
  EXPECT_EQ((std::vector<unsigned>{mpic.destination(31), mpic.destination(32), mpic.destination(33)}),
            (std::vector<unsigned>{1, 0, 1}))
      << "every CPU: the rover, starting past CPU0, shared by the sources";
  EXPECT_EQ(aff.mask(31), 3u);
  EXPECT_THROW(aff.set(30, 4), std::logic_error) << "no online CPU";
}
