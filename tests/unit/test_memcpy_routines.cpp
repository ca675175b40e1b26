// The study's copy routines: each copies every size 0..4 KB correctly at every
// alignment, and their access patterns order as their code implies.
#include <gtest/gtest.h>
#include <cstring>
#include <vector>
#include "workloads/lib/memcpy_routines.hpp"

using namespace ws::lib;

namespace {
const Memcpy kAll[] = {Memcpy::Rt, Memcpy::RtHalfword, Memcpy::RtNeon, Memcpy::Uboot, Memcpy::Libc};
}

TEST(MemcpyRoutines, EveryRoutineCopiesEverySizeAtEveryAlignment) {
  std::vector<uint8_t> src(4096 + 16), dst(4096 + 32);
  for (size_t i = 0; i < src.size(); ++i) src[i] = uint8_t(i * 37 + 11);
  for (Memcpy r : kAll)
    for (size_t so = 0; so < 8; ++so)
      for (size_t d_o = 0; d_o < 8; ++d_o)
        for (size_t n = 0; n <= 4096; n += (n < 130 ? 1 : 61)) {
          std::fill(dst.begin(), dst.end(), 0xEE);
          memcpy_run(r, dst.data() + d_o + 8, src.data() + so, n);
          ASSERT_EQ(std::memcmp(dst.data() + d_o + 8, src.data() + so, n), 0) << int(r) << " n=" << n;
          for (size_t k = 0; k < d_o + 8; ++k) ASSERT_EQ(dst[k], 0xEE) << "wrote before the destination";
          for (size_t k = d_o + 8 + n; k < dst.size(); ++k) ASSERT_EQ(dst[k], 0xEE) << "wrote past the destination";
          ASSERT_EQ(memcpy_pattern(r, uint64_t(d_o), uint64_t(so), n).bytes_loaded(), n);
        }
}

TEST(MemcpyRoutines, PatternsOrderAsTheCodeSays) {
  auto accesses = [](Memcpy r, uint64_t d, uint64_t s, size_t n) { return memcpy_pattern(r, d, s, n).accesses(); };
  // A 1460 B payload from an Ethernet buffer (2-byte aligned) into a word-aligned pbuf.
  EXPECT_EQ(accesses(Memcpy::Rt, 0x1000, 0x2002, 1460), 2u * 1460) << "shipped: byte by byte";
  EXPECT_EQ(accesses(Memcpy::RtHalfword, 0x1002, 0x2002, 1460), 1460u) << "both 2-aligned: halfwords";
  EXPECT_LT(accesses(Memcpy::Uboot, 0x1000, 0x2002, 1460), accesses(Memcpy::RtHalfword, 0x1000, 0x2002, 1460))
      << "shifted words beat bytes and halfwords";
  // Aligned bulk copies: words < NEON blocks, LDM/STM of 8 in between.
  const size_t n = 64 * 1024;
  EXPECT_EQ(accesses(Memcpy::Rt, 0, 0, n), 2 * n / 4);
  EXPECT_EQ(accesses(Memcpy::Uboot, 0, 0, n), 2 * n / 32);
  EXPECT_EQ(accesses(Memcpy::RtNeon, 0, 0, n), 2 * n / 64);
  EXPECT_EQ(accesses(Memcpy::Libc, 0, 0, n), 2 * n / 64);
  EXPECT_GT(memcpy_pattern(Memcpy::Rt, 0, 0, n).other_instructions,
            memcpy_pattern(Memcpy::Uboot, 0, 0, n).other_instructions);
  EXPECT_THROW(memcpy_from_name("fast"), std::invalid_argument);
  EXPECT_EQ(memcpy_from_name("rt_neon"), Memcpy::RtNeon);
}
