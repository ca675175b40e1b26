// gianfar's fast-path table: a destination misses until the stack's forward
// fills its entry, then hits with the out port; each CPU has its own table;
// a destination in the same slot replaces the entry.
#include <gtest/gtest.h>
#include <systemc>
#include "tests/unit/core_bench.hpp"
#include "workloads/drivers/gianfar_fp.hpp"

using namespace ws;

TEST(GianfarFastPath, MissesUntilLearnedThenHitsPerCpu) {
  test::Cores two(2);
  drivers::GianfarFastPath fp({0x10000, 4, 2});
  Cpu& c0 = *two.cores[0];
  Cpu& c1 = *two.cores[1];
  two.sched.at(sc_core::SC_ZERO_TIME, [&] {
  EXPECT_FALSE(fp.lookup(c0, 0, 0x0A010002));
  fp.learn(c0, 0, 0x0A010002, 1);
  EXPECT_EQ(fp.lookup(c0, 0, 0x0A010002), std::optional<unsigned>(1));
  EXPECT_FALSE(fp.lookup(c1, 1, 0x0A010002)) << "CPU1's table is its own";
  EXPECT_FALSE(fp.lookup(c0, 0, 0x0A000002)) << "another destination";
  fp.learn(c0, 0, 0x0A000002, 0);
  EXPECT_EQ(fp.lookup(c0, 0, 0x0A000002), std::optional<unsigned>(0));
  // With 4 slots, some of 8 other destinations share a slot with 10.1.0.2 and replace it.
  for (uint32_t d = 0x0B000000; d < 0x0B000008; ++d) fp.learn(c0, 0, d, 0);
  unsigned kept = 0;
  for (uint32_t d = 0x0B000000; d < 0x0B000008; ++d) kept += fp.lookup(c0, 0, d).has_value();
  EXPECT_LE(kept, 4u) << "at most one per slot";
  EXPECT_EQ(fp.hits() + fp.misses(), 13u);
  });
  sc_core::sc_start();
  EXPECT_THROW(drivers::GianfarFastPath({0, 3, 1}), std::logic_error) << "not a power of two";
}
