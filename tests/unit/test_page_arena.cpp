// PageArena: zeroed 4 KB pages, one at a time first, then carved from 2 MB blocks.
#include <gtest/gtest.h>
#include <cstdint>
#include <cstring>
#include <set>
#include <vector>
#include "models/mem/page_arena.hpp"

TEST(PageArena, GivesDistinctZeroedPagesFromSinglesThenFromAlignedBlocks) {
  ws::PageArena arena;
  constexpr size_t kPages = ws::PageArena::kSinglePages + 2 * ws::PageArena::kBlockBytes / ws::PageArena::kPageBytes + 3;
  std::vector<uint8_t*> pages;
  std::set<uintptr_t> starts;
  for (size_t i = 0; i < kPages; ++i) {
    uint8_t* p = arena.take();
    ASSERT_NE(p, nullptr);
    for (size_t b = 0; b < ws::PageArena::kPageBytes; b += 97) ASSERT_EQ(p[b], 0) << "page " << i << " byte " << b;
    std::memset(p, int(i % 251) + 1, ws::PageArena::kPageBytes);  // a page overlapping another would show here
    pages.push_back(p);
    starts.insert(reinterpret_cast<uintptr_t>(p));
  }
  EXPECT_EQ(arena.pages(), kPages);
  EXPECT_EQ(starts.size(), kPages);
  for (size_t i = 0; i < kPages; ++i) {
    EXPECT_EQ(pages[i][0], uint8_t(i % 251 + 1)) << "page " << i;
    EXPECT_EQ(pages[i][ws::PageArena::kPageBytes - 1], uint8_t(i % 251 + 1)) << "page " << i;
  }
  // Past the single pages: consecutive pages of a block, the first on a 2 MB boundary.
  const auto first_block = reinterpret_cast<uintptr_t>(pages[ws::PageArena::kSinglePages]);
  EXPECT_EQ(first_block % ws::PageArena::kBlockBytes, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(pages[ws::PageArena::kSinglePages + 1]),
            first_block + ws::PageArena::kPageBytes);
}
