// Cache: hit/miss accounting, LRU replacement, write-back of dirty victims,
// invalidate and flush.
#include <gtest/gtest.h>
#include <algorithm>
#include <stdexcept>
#include <vector>
#include "models/mem/cache.hpp"

using ws::Cache;

namespace {
struct Log {
  std::vector<uint64_t> fills, evictions;
  auto fill() { return [this](uint64_t l) { fills.push_back(l); }; }
  auto evict() { return [this](uint64_t l) { evictions.push_back(l); }; }
};
// The MSC8144 L1 D-cache geometry: 32 KB, 8 ways, 256 B lines, so 16 sets; lines
// 4 KB apart share a set.
const Cache::Config kL1 = {32 * 1024, 8, 256};
}  // namespace

TEST(Cache, MissThenHitsWithinALine) {
  Cache c(kL1);
  Log log;
  c.access(0x1000, 4, false, log.fill(), log.evict());
  c.access(0x1004, 100, false, log.fill(), log.evict());
  c.access(0x10f0, 16, true, log.fill(), log.evict());
  EXPECT_EQ(c.misses(), 1u);
  EXPECT_EQ(c.hits(), 2u);
  EXPECT_EQ(log.fills, std::vector<uint64_t>{0x1000});
}

TEST(Cache, AccessSpanningLinesTouchesEach) {
  Cache c(kL1);
  Log log;
  c.access(0x10f0, 0x120, false, log.fill(), log.evict());  // 0x10f0..0x120f: three lines
  EXPECT_EQ(c.misses(), 3u);
  EXPECT_EQ(c.lines(0x10f0, 0x120), 3u);
  EXPECT_EQ(c.lines(0x1000, 256), 1u);
  EXPECT_EQ(c.lines(0x1000, 0), 0u);
}

TEST(Cache, LeastRecentlyUsedIsEvictedAndWrittenBackWhenDirty) {
  Cache c(kL1);
  Log log;
  for (uint64_t w = 0; w < 8; ++w) c.access(w * 0x1000, 4, w == 0, log.fill(), log.evict());  // fills set 0
  c.access(0x1000, 4, false, log.fill(), log.evict());  // way 1 becomes most recent; way 0 (dirty) is LRU
  c.access(8 * 0x1000, 4, false, log.fill(), log.evict());
  EXPECT_EQ(log.evictions, std::vector<uint64_t>{0x0});
  EXPECT_FALSE(c.holds(0x0));
  EXPECT_TRUE(c.holds(0x1000));
  EXPECT_EQ(c.writebacks(), 1u);
  c.access(2 * 0x1000, 4, false, log.fill(), log.evict());  // still held: a hit
  EXPECT_EQ(c.misses(), 9u);
}

TEST(Cache, InvalidateDropsWithoutWritingBackFlushWritesDirtyOnly) {
  Cache c(kL1);
  Log log;
  c.access(0x2000, 512, true, log.fill(), log.evict());   // two dirty lines
  c.access(0x3000, 256, false, log.fill(), log.evict());  // one clean line
  EXPECT_EQ(c.flush(0x2000, 0x1100, log.evict()), 2u);
  EXPECT_EQ(log.evictions, (std::vector<uint64_t>{0x2000, 0x2100}));
  EXPECT_EQ(c.flush(0x2000, 512, log.evict()), 0u) << "flushed lines are clean";
  EXPECT_TRUE(c.holds(0x2000));
  c.access(0x2000, 4, true, log.fill(), log.evict());
  EXPECT_EQ(c.invalidate(0x2000, 0x1100), 3u);
  EXPECT_FALSE(c.holds(0x2000));
  EXPECT_EQ(c.writebacks(), 2u) << "invalidate loses dirty data by design";
}

TEST(Cache, RejectsGeometryWithoutPowerOfTwoSets) {
  EXPECT_THROW(Cache({3 * 1024, 1, 256}), std::invalid_argument);
  EXPECT_THROW(Cache({32 * 1024, 8, 100}), std::invalid_argument);
}

// A range that hit whole is replayed from its slots (Cache::access_range): the
// counts, the LRU order and the dirty lines must be those of a walk line by line
// (accesses of one line, which are never replayed).
static void expect_replay_matches_walk(uint32_t clock_start) {
  Cache replayed(kL1), walked(kL1);
  replayed.start_clock_at(clock_start);
  walked.start_clock_at(clock_start);
  Log a, b;
  const uint64_t base = 0x10000, n = 8 * 256;  // eight lines, sets 0..7; 0x10000 in set 0
  auto both = [&](uint64_t addr, uint64_t len, bool write) {
    replayed.access(addr, len, write, a.fill(), a.evict());
    for (uint64_t off = 0; off < len; off += 256) walked.access(addr + off, 256, write, b.fill(), b.evict());
  };
  for (uint64_t w = 1; w <= 7; ++w) both(w * 0x1000, 4, false);  // seven other lines of set 0
  both(base, n, false);                                            // walked: misses
  both(base, n, false);                                            // walked: hits whole, remembered
  for (uint64_t w = 1; w <= 7; ++w) both(w * 0x1000, 4, false);  // hits: newer than the range's line
  both(base, n, true);                                             // replayed: the range's line newest again, dirty
  both(8 * 0x1000, 4, false);  // a ninth line in set 0 takes its least recently used way
  EXPECT_TRUE(replayed.holds(base)) << "the replay refreshed the line's LRU stamp";
  EXPECT_FALSE(replayed.holds(0x1000));
  EXPECT_TRUE(replayed.dirty(base + 7 * 256)) << "the replay's write left the lines dirty";
  EXPECT_EQ(replayed.hits(), walked.hits());
  EXPECT_EQ(replayed.misses(), walked.misses());
  EXPECT_EQ(replayed.writebacks(), walked.writebacks());
  for (uint64_t line = 0; line < 16; ++line) EXPECT_EQ(replayed.held(base + line * 256), walked.held(base + line * 256));
  EXPECT_EQ(replayed.held(0x1000), walked.held(0x1000));
}

TEST(Cache, ReplayedRangeMatchesALineByLineWalk) { expect_replay_matches_walk(0); }

// 30 touches before the replay: the clock is at its end when the range's first
// line (set 0's) is stamped again, which the replay renumbers before its loop
// and the walk at that line. Stamped 0 instead, the line would be set 0's
// least recently used and the ninth line would take its way.
TEST(Cache, ReplayedRangeMatchesALineByLineWalkAcrossTheClocksWrap) { expect_replay_matches_walk(~uint32_t(0) - 30); }

TEST(Cache, ReplayEndsWhenALineOfTheRangeIsEvicted) {
  Cache c(kL1);
  Log log;
  c.access(0x10000, 8 * 256, false, log.fill(), log.evict());
  c.access(0x10000, 8 * 256, false, log.fill(), log.evict());  // hit whole: replayable
  for (uint64_t w = 1; w <= 8; ++w) c.access(w * 0x1000, 4, false, log.fill(), log.evict());  // set 0: 0x10000 evicted
  ASSERT_FALSE(c.holds(0x10000));
  const uint64_t misses = c.misses();
  c.access(0x10000, 8 * 256, false, log.fill(), log.evict());
  EXPECT_EQ(c.misses(), misses + 1) << "the evicted line is fetched again";
  EXPECT_TRUE(c.holds(0x10000));
}

TEST(Cache, ReplayEndsWhenALineOfTheRangeIsDropped) {
  Cache c(kL1);
  Log log;
  c.access(0x10000, 8 * 256, false, log.fill(), log.evict());
  c.access(0x10000, 8 * 256, false, log.fill(), log.evict());  // hit whole: replayable
  EXPECT_EQ(c.invalidate(0x10300, 4), 1u);
  c.access(0x10000, 8 * 256, false, log.fill(), log.evict());
  EXPECT_EQ(c.misses(), 9u) << "the dropped line is fetched again";
  EXPECT_EQ(c.hits(), 15u);
  EXPECT_EQ(log.fills.back(), 0x10300u);
}

// A plain LRU model (a list per set, most recent first) against the cache over
// random accesses, invalidations and flushes, for way counts below, at and above
// the 8 hints compared at a time, with lines whose tags share their low byte (the
// hint) so that a matching hint must still have its tag compared.
static void expect_lru_model(uint32_t clock_start) {
  for (const uint32_t ways : {1u, 2u, 3u, 8u, 12u, 16u}) {
    constexpr uint32_t kLine = 32, kSets = 4;
    Cache c({kLine * kSets * ways, ways, kLine});
    c.start_clock_at(clock_start);
    std::vector<std::vector<std::pair<uint64_t, bool>>> sets(kSets);  // line, dirty; most recent first
    uint64_t hits = 0, misses = 0, writebacks = 0;
    std::vector<uint64_t> fills, evictions, want_fills, want_evictions;
    uint64_t x = 12345;
    auto next = [&x] { return x = x * 6364136223846793005ull + 1442695040888963407ull, x >> 33; };
    for (int i = 0; i < 20000; ++i) {
      // Tags 0..3 and 256..259 (the same hints), in every set.
      const uint64_t tag = (next() % 4) + ((next() & 1) ? 256 : 0);
      const uint64_t line = (tag * kSets + next() % kSets) * kLine;
      auto& set = sets[(line / kLine) % kSets];
      auto it = std::find_if(set.begin(), set.end(), [&](auto& e) { return e.first == line; });
      const uint64_t op = next() % 10;
      if (op == 0) {  // invalidate
        EXPECT_EQ(c.invalidate(line, kLine), it != set.end() ? 1u : 0u);
        if (it != set.end()) set.erase(it);
        continue;
      }
      if (op == 1) {  // flush
        const bool dirty = it != set.end() && it->second;
        EXPECT_EQ(c.flush(line, kLine, [](uint64_t) {}), dirty ? 1u : 0u);
        if (dirty) it->second = false, ++writebacks;
        continue;
      }
      const bool write = op < 5;
      EXPECT_EQ(c.held(line) == Cache::Held::Dirty, it != set.end() && it->second);
      EXPECT_EQ(c.holds(line), it != set.end()) << "its bucket's count must not hide a held line";
      if (it != set.end()) {
        ++hits;
        auto e = *it;
        set.erase(it);
        set.insert(set.begin(), {line, e.second || write});
      } else {
        ++misses;
        if (set.size() == ways) {
          if (set.back().second) want_evictions.push_back(set.back().first), ++writebacks;
          set.pop_back();
        }
        want_fills.push_back(line);
        set.insert(set.begin(), {line, write});
      }
      c.access(line, 4, write, [&](uint64_t l) { fills.push_back(l); }, [&](uint64_t l) { evictions.push_back(l); });
    }
    EXPECT_EQ(c.hits(), hits) << ways << " ways";
    EXPECT_EQ(c.misses(), misses) << ways << " ways";
    EXPECT_EQ(c.writebacks(), writebacks) << ways << " ways";
    EXPECT_EQ(fills, want_fills) << ways << " ways";
    EXPECT_EQ(evictions, want_evictions) << ways << " ways";
  }
}

TEST(Cache, MatchesAPlainLruModelAtEveryWayCount) { expect_lru_model(0); }

// The 32-bit LRU clock wraps in a long run (about 4e9 touches): each set's
// stamps are renumbered by their order, so replacement goes on as before.
TEST(Cache, MatchesAPlainLruModelAcrossTheClocksWrap) { expect_lru_model(~uint32_t(0) - 5000); }

// A line number past the tags' 30 bits would alias a low line: refused, not folded.
TEST(Cache, RefusesALineBeyondItsTags) {
  Cache c({1024, 2, 32});
  const auto none = [](uint64_t) {};
  EXPECT_NO_THROW(c.access((uint64_t(1) << 35) - 32, 4, false, none, none));
  EXPECT_THROW(c.access(uint64_t(1) << 35, 4, false, none, none), std::logic_error);
}
