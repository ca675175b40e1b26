// How transfers are cut into TLPs: MPS/MRRS-aligned pieces that never cross 4 KB
// (PCIe Base Spec 1.1 §2.2.7, §2.3.1.1).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "models/pcie/tlp_split.hpp"

namespace {

using ws::pcie::Piece;
using ws::pcie::split_aligned;

// Checks the invariants every split must hold and returns nothing; failures name the case.
void check_invariants(uint64_t addr, uint64_t n, uint32_t max, const std::vector<Piece>& ps) {
  SCOPED_TRACE(::testing::Message() << "addr=0x" << std::hex << addr << std::dec << " n=" << n << " max=" << max);
  uint64_t at = addr, total = 0;
  const uint64_t limit = std::min<uint64_t>(max, 4096);
  for (const Piece& p : ps) {
    ASSERT_EQ(p.addr, at) << "pieces must be contiguous and in order";
    ASSERT_GT(p.len, 0u);
    ASSERT_LE(p.len, limit);
    EXPECT_EQ(p.addr / 4096, (p.addr + p.len - 1) / 4096) << "piece crosses a 4 KB boundary";
    EXPECT_EQ(p.addr / limit, (p.addr + p.len - 1) / limit) << "piece crosses a max-aligned boundary";
    at += p.len;
    total += p.len;
  }
  EXPECT_EQ(total, n);
  // Fewest pieces possible under the aligned-cut rule: one per max-aligned window touched.
  const uint64_t windows = n == 0 ? 0 : (addr + n - 1) / limit - addr / limit + 1;
  EXPECT_EQ(ps.size(), windows);
}

TEST(PcieSplit, AlignedKilobyteAtMps256IsFourFullPieces) {
  const auto ps = split_aligned(0x80000000, 1024, 256);
  ASSERT_EQ(ps.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(ps[i].addr, 0x80000000u + 256 * i);
    EXPECT_EQ(ps[i].len, 256u);
  }
  check_invariants(0x80000000, 1024, 256, ps);
}

TEST(PcieSplit, KilobyteAtOffset4CostsOneMorePiece) {
  const auto ps = split_aligned(0x80000004, 1024, 256);
  ASSERT_EQ(ps.size(), 5u);
  EXPECT_EQ(ps[0].addr, 0x80000004u);
  EXPECT_EQ(ps[0].len, 252u);
  for (size_t i = 1; i < 4; ++i) {
    EXPECT_EQ(ps[i].addr, 0x80000000u + 256 * i);
    EXPECT_EQ(ps[i].len, 256u);
  }
  EXPECT_EQ(ps[4].addr, 0x80000400u);
  EXPECT_EQ(ps[4].len, 4u);
  check_invariants(0x80000004, 1024, 256, ps);
}

TEST(PcieSplit, MaxPayload128) {
  const auto ps = split_aligned(0x1000, 1024, 128);
  EXPECT_EQ(ps.size(), 8u);
  for (const Piece& p : ps) EXPECT_EQ(p.len, 128u);
  const auto odd = split_aligned(0x1003, 1024, 128);
  ASSERT_EQ(odd.size(), 9u);
  EXPECT_EQ(odd.front().len, 125u);
  EXPECT_EQ(odd.back().len, 3u);
}

TEST(PcieSplit, SmallTransfersInsideOneWindowAreOnePiece) {
  for (uint32_t n : {1u, 3u, 8u, 64u, 255u}) {
    const auto ps = split_aligned(0x2000, n, 256);
    ASSERT_EQ(ps.size(), 1u) << n;
    EXPECT_EQ(ps[0].len, n);
  }
  // ...unless they straddle a window boundary.
  const auto ps = split_aligned(0x20FE, 4, 256);
  ASSERT_EQ(ps.size(), 2u);
  EXPECT_EQ(ps[0].len, 2u);
  EXPECT_EQ(ps[1].addr, 0x2100u);
  EXPECT_EQ(ps[1].len, 2u);
  EXPECT_TRUE(split_aligned(0x2000, 0, 256).empty());
}

TEST(PcieSplit, Never4KbCrossingWithMax4096OrLarger) {
  for (uint32_t max : {4096u, 8192u, 1u << 20}) {
    const auto ps = split_aligned(0x1234, 10000, max);
    // 0x1234..0x3944: windows 0x1000, 0x2000, 0x3000.
    ASSERT_EQ(ps.size(), 3u) << max;
    EXPECT_EQ(ps[0].len, 0x2000u - 0x1234u);
    EXPECT_EQ(ps[1].addr, 0x2000u);
    EXPECT_EQ(ps[1].len, 4096u);
    EXPECT_EQ(ps[2].addr, 0x3000u);
    EXPECT_EQ(ps[2].len, 10000u - (0x2000u - 0x1234u) - 4096u);
    check_invariants(0x1234, 10000, max, ps);
  }
  // Above 4 GB too.
  const uint64_t hi = 0x1'FFFF'F800ull;
  const auto ps = split_aligned(hi, 4096, 4096);
  ASSERT_EQ(ps.size(), 2u);
  EXPECT_EQ(ps[0].len, 2048u);
  EXPECT_EQ(ps[1].addr, 0x2'0000'0000ull);
  check_invariants(hi, 4096, 4096, ps);
}

TEST(PcieSplit, ReadsCutAtMrrs512) {
  const auto ps = split_aligned(0x90000000, 2048, 512);
  ASSERT_EQ(ps.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(ps[i].addr, 0x90000000u + 512 * i);
    EXPECT_EQ(ps[i].len, 512u);
  }
  const auto kb = split_aligned(0x90000000, 1024, 512);
  EXPECT_EQ(kb.size(), 2u);
  const auto odd = split_aligned(0x90000010, 2048, 512);
  ASSERT_EQ(odd.size(), 5u);
  EXPECT_EQ(odd[0].len, 496u);
  EXPECT_EQ(odd[4].len, 16u);
  check_invariants(0x90000010, 2048, 512, odd);
}

TEST(PcieSplit, FirstPieceIsTheFirstCut) {
  std::mt19937_64 g(99);
  for (int i = 0; i < 500; ++i) {
    const uint32_t max = 1u << (7 + g() % 7);
    const uint64_t addr = g() % (1ull << 33);
    const uint64_t n = 1 + g() % 9000;
    const auto ps = split_aligned(addr, n, max);
    const Piece f = ws::pcie::first_piece(addr, n, max);
    ASSERT_FALSE(ps.empty());
    EXPECT_EQ(f.addr, ps[0].addr);
    EXPECT_EQ(f.len, ps[0].len);
  }
  EXPECT_EQ(ws::pcie::first_piece(0x80000004, 1024, 256).len, 252u);
  EXPECT_EQ(ws::pcie::first_piece(0x80000000, 100, 256).len, 100u);
}

TEST(PcieSplit, RandomizedInvariants) {
  std::mt19937_64 g(12345);
  for (int i = 0; i < 2000; ++i) {
    const uint32_t max = 1u << (7 + g() % 7);  // 128 .. 8192
    const uint64_t addr = g() % (1ull << 34);
    const uint64_t n = 1 + g() % 20000;
    check_invariants(addr, n, max, split_aligned(addr, n, max));
    if (::testing::Test::HasFailure()) break;
  }
}

}  // namespace
