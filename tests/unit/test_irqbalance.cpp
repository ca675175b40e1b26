// irqbalance: the busiest CPU sheds its heaviest IRQ to the idlest when that
// narrows the gap between them, and leaves an IRQ whose move would not.
#include <gtest/gtest.h>
#include <systemc>
#include "models/irq/mpic.hpp"
#include "tests/unit/core_bench.hpp"
#include "workloads/os/linux/irq_affinity.hpp"
#include "workloads/os/linux/irqbalance.hpp"
#include "workloads/os/linux/linux.hpp"

using namespace ws;
using namespace ws::os;
using sc_core::sc_time;
using sc_core::SC_MS;
using sc_core::SC_US;

TEST(IrqBalance, TheBusiestCpuShedsItsHeaviestIrqToTheIdlest) {
  test::Cores two(2);
  Linux lx(two.raw(), KernelCosts{}, Linux::Config{}, two.stats);
  Mpic mpic(10, two.raw());
  IrqAffinity affinity(mpic);
  for (unsigned c = 0; c < 2; ++c)
    for (unsigned line : {4u, 5u})
      lx.kernel().attach_hwi(c, line, 8, [&lx]() -> Task {
        lx.kernel().charge(5000);  // 5 us a handler
        co_return;
      }, "dev");
  mpic.configure(0, 4, 8, 0);
  mpic.configure(1, 5, 8, 0);
  // In the first 4 ms: 100 assertions of source 0 and 50 of source 1, all on CPU0.
  for (int i = 0; i < 100; ++i) two.sched.at(sc_time(10 + 20 * i, SC_US), [&] { mpic.raise(0); });
  for (int i = 0; i < 50; ++i) two.sched.at(sc_time(15 + 40 * i, SC_US), [&] { mpic.raise(1); });
  std::vector<const CpuLoad*> loads = {two.stats.cpu_load("cpu0"), two.stats.cpu_load("cpu1")};
  IrqBalance balance(lx, mpic, affinity, {0, 1}, loads, {sc_time(3, SC_MS), 0});
  two.sched.at(sc_time(6, SC_MS), [] { sc_core::sc_stop(); });
  sc_core::sc_start();
  ASSERT_EQ(balance.passes(), 1u) << "one pass, at the first tick after 3 ms";
  EXPECT_EQ(mpic.destination(0), 1u) << "500 us of 750 moves: the gap narrows to 250";
  EXPECT_EQ(mpic.destination(1), 0u) << "moving 250 us more would widen it again";
  EXPECT_EQ(balance.moves(), 1u);
  EXPECT_EQ(affinity.mask(0), 2u);
}
