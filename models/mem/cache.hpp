#pragma once
// A set-associative, write-back, write-allocate cache with LRU replacement. It
// holds tags only: the bytes stay in the memory model, which is exact for software
// that keeps DMA buffers coherent (invalidate before reading what a device wrote,
// flush before a device reads) as the drivers here do. What the cache decides is
// timing: which accesses miss and which lines must be written back.
#include <bit>
#include <cstdint>
#include <cstddef>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ws {

class Cache {
 public:
  struct Config {
    uint32_t size_bytes;
    uint32_t ways;
    uint32_t line_bytes;  // power of two
  };
  // Throws std::invalid_argument unless size = sets x ways x line with sets a power of two.
  explicit Cache(const Config& cfg);

  // Touches every line of [addr, addr+n). For each missing line, `evict(line_addr)`
  // is called first when the victim is dirty, then `fill(line_addr)`; neither may
  // access this cache (they go to the next level or the memory).
  template <typename Fill, typename Evict>
  void access(uint64_t addr, uint64_t n, bool write, Fill&& fill, Evict&& evict) {
    if (lines(addr, n) >= kRepeatLines) return access_range(addr, n, write, fill, evict);
    for (uint64_t line = line_of(addr); line < addr + n; line += cfg_.line_bytes) touch(line, write, fill, evict);
  }
  // Drops the lines of the range without writing them back; returns how many were held.
  uint32_t invalidate(uint64_t addr, uint64_t n);
  // Writes back the dirty lines of the range (they stay valid and clean); returns how many.
  template <typename Evict>
  uint32_t flush(uint64_t addr, uint64_t n, Evict&& evict) {
    uint32_t count = 0;
    for (uint64_t line = line_of(addr); line < addr + n; line += cfg_.line_bytes)
      if (const size_t slot = find(line); slot != kNone && (slots_[slot] & kDirty)) {
        slots_[slot] &= ~kDirty;
        ++writebacks_;
        ++count;
        evict(line);
      }
    return count;
  }
  // Lines the range spans.
  uint32_t lines(uint64_t addr, uint64_t n) const {
    return n == 0 ? 0 : uint32_t(((addr + n - 1) >> line_shift_) - (addr >> line_shift_) + 1);
  }
  // Whether the line is held, and dirty (written since its fill or last flush),
  // in one look-up (a snoop asks it of every other core for every line).
  enum class Held { No, Clean, Dirty };
  Held held(uint64_t addr) const {
    const size_t slot = find(line_of(addr));  // the presence count first: most snoops end there
    return slot == kNone ? Held::No : (slots_[slot] & kDirty) ? Held::Dirty : Held::Clean;
  }
  // No line was ever placed (every look-up would find nothing): a core that
  // never accessed cacheable data, which a snoop can pass by.
  bool untouched() const { return misses_ == 0; }
  bool holds(uint64_t addr) const { return held(addr) != Held::No; }
  bool dirty(uint64_t addr) const { return held(addr) == Held::Dirty; }
  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }
  uint64_t writebacks() const { return writebacks_; }
  const Config& config() const { return cfg_; }
  // Tests: the LRU clock starts at `c` (to cross its wrap, which renumbers each set's stamps).
  void start_clock_at(uint32_t c) { clock_ = c; }

 private:
  // One line of an access: a hit, or a miss that places it (writing back a dirty victim); the slot.
  template <typename Fill, typename Evict>
  size_t touch(uint64_t line, bool write, Fill& fill, Evict& evict) {
    const uint32_t key = key_of(line);
    const size_t slot = lookup(line, key);
    uint32_t& t = slots_[slot];
    if ((t & ~kDirty) == (key | kValid)) {
      ++hits_;
    } else {
      ++misses_;
      ++placed_;
      if ((t & kFlags) == kFlags) {
        ++writebacks_;
        evict(line_at(t));
      }
      if (t & kValid) --present_[bucket(line_at(t))];
      ++present_[bucket(line)];
      fill(line);
      t = key | kValid;
    }
    if (write) t |= kDirty;
    stamp(slot);
    return slot;
  }
  // A range of kRepeatLines or more: replayed from the slots it hit last time
  // when it hit whole and no line has been placed or dropped since (every line
  // is still in its slot: the same hits again), else walked and remembered.
  template <typename Fill, typename Evict>
  void access_range(uint64_t addr, uint64_t n, bool write, Fill& fill, Evict& evict) {
    if (addr == repeat_.addr && n == repeat_.n && placed_ == repeat_.placed) {
      // The clock and the way count in registers: a store to a slot could
      // alias either (all 32-bit), so the loop keeps its own copies. Stamps
      // renumbered first if the range would pass the clock's end: the order
      // of the touches, all a victim's choice reads, is the same.
      if (~uint32_t(0) - clock_ < repeat_.slots.size()) renumber_stamps();
      const uint32_t ways = cfg_.ways;
      uint32_t clock = clock_;
      uint32_t* slots = slots_.data();
      for (const size_t slot : repeat_.slots) {
        if (write) slots[slot] |= kDirty;
        slots[slot + ways] = ++clock;
      }
      clock_ = clock;
      hits_ += repeat_.slots.size();
      return;
    }
    repeat_.slots.clear();
    const uint64_t misses_before = misses_;
    for (uint64_t line = line_of(addr); line < addr + n; line += cfg_.line_bytes)
      repeat_.slots.push_back(touch(line, write, fill, evict));
    // Only a range that hit whole is known to be held whole (a miss may have evicted an earlier line of it).
    if (misses_ == misses_before) repeat_.addr = addr, repeat_.n = n, repeat_.placed = placed_;
  }
  // A set's slots hold `ways` tags and then their `ways` LRU stamps, 32 bits
  // each: an 8-way set is one 64 B host cache line, which a look-up reads
  // whole (a 1 MB L2's tags miss the host's caches on most look-ups). A slot
  // is the index of its tag; its stamp is `ways` further on.
  // A tag is its line number shifted past two flags: lines below 2^30 (32 GB of
  // 32 B lines), checked wherever a line becomes a tag.
  static constexpr uint32_t kValid = 1, kDirty = 2, kFlags = kValid | kDirty;
  static constexpr size_t kNone = ~size_t(0);
  uint64_t line_of(uint64_t addr) const { return addr & ~uint64_t(cfg_.line_bytes - 1); }
  uint32_t key_of(uint64_t line) const {
    const uint64_t number = line >> line_shift_;
    if (number >> 30) throw_beyond_tags(line);
    return uint32_t(number << 2);
  }
  uint64_t line_at(uint32_t tag) const { return uint64_t(tag >> 2) << line_shift_; }
  size_t set_of(uint64_t line) const { return size_t((line >> line_shift_) & (sets_ - 1)) * 2 * cfg_.ways; }
  void stamp(size_t slot) {
    if (clock_ == ~uint32_t(0)) renumber_stamps();
    slots_[slot + cfg_.ways] = ++clock_;
  }
  // The slot holding `line` (whose tag is `key`) if present, else the set's
  // victim. No presence count first: a hit needs the set and so does a miss's victim.
  size_t lookup(uint64_t line, uint32_t key) const {
    const size_t slot = search(line, key);
    return slot != kNone ? slot : victim(set_of(line));
  }
  size_t find(uint64_t line) const {  // kNone if absent
    return present_[bucket(line)] ? search(line, key_of(line)) : kNone;
  }
  size_t search(uint64_t line, uint32_t key) const {  // find() without the presence count
    const size_t set = set_of(line);
    const uint32_t* t = &slots_[set];
#if defined(__SSE2__)
    if (cfg_.ways % 4 == 0) {  // four tags a compare (all the boards' caches but the 2-way L1s of the A15 and the A7's L1I)
      const __m128i want = _mm_set1_epi32(int(key | kValid)), clean = _mm_set1_epi32(int(~kDirty));
      for (uint32_t w = 0; w < cfg_.ways; w += 4) {
        const __m128i tags = _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t + w)), clean);
        if (const int hits = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(tags, want))))
          return set + w + size_t(std::countr_zero(unsigned(hits)));
      }
      return kNone;
    }
#endif
    for (uint32_t w = 0; w < cfg_.ways; ++w)
      if ((t[w] & ~kDirty) == (key | kValid)) return set + w;
    return kNone;
  }
  size_t victim(size_t set) const;  // the set's first invalid slot, else its least recently used (cache.cpp)
  // The clock at its last value: each set's stamps become their order in the
  // set (1 the least recent), which is all a victim's choice reads, and the
  // clock goes on from the largest.
  void renumber_stamps();
  [[noreturn]] void throw_beyond_tags(uint64_t line) const;
  // Valid lines by the low bits of their line number, kBucketsPerSlot buckets a
  // slot: a line whose bucket counts none is absent without a search (most of
  // a snoop's questions to the other cores). Lines of one bucket share a set, so
  // a count stays within the ways.
  static constexpr size_t kBucketsPerSlot = 4;
  size_t bucket(uint64_t addr) const { return size_t(addr >> line_shift_) & (present_.size() - 1); }
  std::vector<uint8_t> present_;
  Config cfg_;
  uint32_t sets_, line_shift_;
  std::vector<uint32_t> slots_;  // sets_ x (ways tags, ways stamps)
  uint32_t clock_ = 0;
  uint64_t hits_ = 0, misses_ = 0, writebacks_ = 0;
  // A long range touched again and again (a hot path's code each packet) is
  // replayed from the slots it hit last time while no line has moved since.
  static constexpr uint32_t kRepeatLines = 4;
  uint64_t placed_ = 0;  // lines placed or dropped so far: the slots' contents changed
  struct Repeat {
    uint64_t addr = 0, n = 0, placed = ~uint64_t(0);
    std::vector<size_t> slots;
  } repeat_;
};

}  // namespace ws
