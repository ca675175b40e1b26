// The PCIe DMA test's integrity check: wrong bytes and lost blocks are both
// caught, even when a lost block's slot was later filled by another block.
#include <gtest/gtest.h>
#include <vector>
#include "models/sim/stats.hpp"
#include "workloads/apps/pcie_dma_test.hpp"

namespace {

struct Buffers {
  ws::StatsRegistry stats;
  ws::Memory src{"src", {1 << 20, 10, 1}, stats}, dst{"dst", {1 << 20, 10, 1}, stats};
  ws::PcieDmaTestConfig cfg;

  Buffers() {
    cfg.block_bytes = 64;
    cfg.blocks = 4;
    cfg.slots = 2;  // blocks 0 and 2 share slot 0, blocks 1 and 3 slot 1
    ws::fill_pattern(src, 0, cfg, 7);
  }
  // Destination slots as after blocks 2 and 3 landed last (what the DMA leaves).
  void copy_slots() {
    std::vector<uint8_t> b(cfg.block_bytes);
    for (unsigned i = 0; i < cfg.slots; ++i) {
      const uint64_t at = ws::PcieDmaTest::slot_offset(cfg, i);
      src.read(at, b.data(), b.size());
      dst.write(at, b.data(), b.size());
    }
  }
  uint64_t errors(uint64_t landed) { return ws::integrity_errors({&src, 0}, {&dst, 0}, cfg, landed); }
};

}  // namespace

TEST(PcieDmaIntegrity, EveryBlockLandedIsClean) {
  Buffers b;
  b.copy_slots();
  EXPECT_EQ(b.errors(4 * 64), 0u);
}

TEST(PcieDmaIntegrity, LostBlockHiddenBehindSlotReuseIsCaughtByTheByteCount) {
  Buffers b;
  b.copy_slots();  // block 1 never arrived, but block 3 filled its slot: the bytes compare equal
  EXPECT_EQ(b.errors(3 * 64), 64u);
}

TEST(PcieDmaIntegrity, DuplicatedBlockIsCaught) {
  Buffers b;
  b.copy_slots();
  EXPECT_EQ(b.errors(5 * 64), 64u);
}

TEST(PcieDmaIntegrity, WrongBytesAreCountedOneByOne) {
  Buffers b;
  b.copy_slots();
  const uint8_t flipped[3] = {0, 0, 0};
  uint8_t orig[3];
  b.src.read(ws::PcieDmaTest::slot_offset(b.cfg, 1) + 5, orig, 3);
  b.dst.write(ws::PcieDmaTest::slot_offset(b.cfg, 1) + 5, flipped, 3);
  const uint64_t differing = (orig[0] != 0) + (orig[1] != 0) + (orig[2] != 0);
  ASSERT_GT(differing, 0u);
  EXPECT_EQ(b.errors(4 * 64), differing);
}

// The work recurs when every block's buffers sit where a block's sat a period
// before, in a 4 KB page (SteadyState matches only whole such periods).
TEST(PcieDmaWorkPeriod, BuffersOnPageMultiplesRecurEveryPeriod) {
  ws::PcieDmaTestConfig c;
  c.block_bytes = 32768;
  c.in_flight = 8;
  c.slots = 64;
  EXPECT_EQ(ws::PcieDmaTest::work_period(c), 1u);
  c.buffer_offset = 100;  // 100 B into every page alike: 100 + 32512 B round up to a 32 KB stride
  c.block_bytes = 32768 - 256;
  EXPECT_EQ(ws::PcieDmaTest::work_period(c), 1u);
}

TEST(PcieDmaWorkPeriod, ABeatOfPagePlacesRecursInWholeBatches) {
  ws::PcieDmaTestConfig c;
  c.block_bytes = 3840;  // 16 blocks before a buffer starts at a page's start again
  c.in_flight = 8;
  c.slots = 512;
  EXPECT_EQ(ws::PcieDmaTest::work_period(c), 2u);
  c.ring = true;  // a period is a block
  EXPECT_EQ(ws::PcieDmaTest::work_period(c), 16u);
}

TEST(PcieDmaWorkPeriod, ARingOffTheBeatRecursOnlyWhole) {
  ws::PcieDmaTestConfig c;
  c.block_bytes = 4096;
  c.buffer_offset = 100;  // 4352 B apart: a 16-block beat that 963 buffers break
  c.in_flight = 8;
  c.slots = 963;
  EXPECT_EQ(ws::PcieDmaTest::work_period(c), 963u);
}
