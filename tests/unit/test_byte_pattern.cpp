// The apps' test payloads: the table-driven fill and check give exactly the
// per-byte formula, across block edges, at any offset, and count every wrong byte.
#include <gtest/gtest.h>
#include <vector>
#include "workloads/lib/byte_pattern.hpp"

using ws::lib::BytePattern;

TEST(BytePattern, FillEqualsTheFormulaAcrossBlocks) {
  for (auto [mul, shift, add] : {std::tuple{131, 11u, 0}, std::tuple{167, 9u, 3}, std::tuple{1, 4u, 255}}) {
    const BytePattern p(uint8_t(mul), shift, uint8_t(add));
    for (uint64_t from : {uint64_t(0), uint64_t(1), uint64_t(511), uint64_t(2047), uint64_t(1) << 33}) {
      std::vector<uint8_t> d(9000);
      p.fill(d.data(), from, d.size());
      for (size_t j = 0; j < d.size(); ++j)
        ASSERT_EQ(d[j], uint8_t((from + j) * uint64_t(mul) + ((from + j) >> shift) + uint64_t(add))) << mul << " " << j;
      EXPECT_EQ(p.mismatches(d.data(), from, d.size()), 0u);
      EXPECT_EQ(p.at(from + 77), d[77]);
    }
  }
}

TEST(BytePattern, CountsEveryWrongByte) {
  const BytePattern p(131, 11, 0);
  std::vector<uint8_t> d(5000);
  p.fill(d.data(), 100, d.size());
  d[0] ^= 1, d[1947] ^= 0x80, d[1948] ^= 2, d[4999] ^= 4;  // 1948 is a block edge (100 + 1948 = 2048)
  EXPECT_EQ(p.mismatches(d.data(), 100, d.size()), 4u);
  uint64_t shifted = 0;  // checked one byte off, counted by the formula
  for (size_t j = 0; j < d.size(); ++j) shifted += d[j] != p.at(101 + j);
  EXPECT_GT(shifted, 4000u);
  EXPECT_EQ(p.mismatches(d.data(), 101, d.size()), shifted);
}

TEST(BytePattern, RefusesAnEvenMultiplier) { EXPECT_THROW(BytePattern(2, 4, 0), std::invalid_argument); }
