#include "models/mem/cache.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>
#include <stdexcept>

namespace ws {

Cache::Cache(const Config& cfg) : cfg_(cfg) {
  if (!std::has_single_bit(cfg.line_bytes) || cfg.line_bytes < 4 || cfg.ways == 0 || cfg.size_bytes % (cfg.ways * cfg.line_bytes) != 0 ||
      !std::has_single_bit(cfg.size_bytes / (cfg.ways * cfg.line_bytes)))
    throw std::invalid_argument(fmt::format("cache of {} B, {} ways, {} B lines: the set count must be a power of two",
                                            cfg.size_bytes, cfg.ways, cfg.line_bytes));
  sets_ = cfg.size_bytes / (cfg.ways * cfg.line_bytes);
  line_shift_ = uint32_t(std::countr_zero(cfg.line_bytes));
  if (cfg.ways > 255) throw std::invalid_argument(fmt::format("cache of {} ways: at most 255", cfg.ways));
  const size_t lines = size_t(sets_) * cfg.ways;
  slots_.resize(2 * lines);
  present_.resize(std::bit_ceil(lines * kBucketsPerSlot));
}

// An invalid slot's stamp is 0 and a valid one's at least 1 (stamp() ticks
// before it stamps; renumber_stamps keeps both), so the first smallest stamp
// is the first invalid slot, else the least recently used: one pass, the
// oldest stamp in a register (in a vector where the ways come in fours).
size_t Cache::victim(size_t set) const {
  const uint32_t* stamps = &slots_[set + cfg_.ways];
#if defined(__SSE2__)
  if (cfg_.ways % 4 == 0) {  // four stamps a step: the smallest (unsigned, by flipping the sign bit), then its first slot
    const __m128i flip = _mm_set1_epi32(INT32_MIN);
    const auto at = [&](uint32_t w) {
      return _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(stamps + w)), flip);
    };
    const auto min = [](__m128i a, __m128i b) {
      const __m128i b_less = _mm_cmpgt_epi32(a, b);
      return _mm_or_si128(_mm_and_si128(b_less, b), _mm_andnot_si128(b_less, a));
    };
    __m128i m = at(0);
    for (uint32_t w = 4; w < cfg_.ways; w += 4) m = min(m, at(w));
    m = min(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
    m = min(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
    for (uint32_t w = 0;; w += 4)
      if (const int hit = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(at(w), m))))
        return set + w + size_t(std::countr_zero(unsigned(hit)));
  }
#endif
  uint32_t lru = 0, oldest = stamps[0];
  for (uint32_t w = 1; w < cfg_.ways && oldest != 0; ++w)
    if (stamps[w] < oldest) oldest = stamps[w], lru = w;
  return set + lru;
}

uint32_t Cache::invalidate(uint64_t addr, uint64_t n) {
  uint32_t count = 0;
  for (uint64_t line = line_of(addr); line < addr + n; line += cfg_.line_bytes)
    if (const size_t slot = find(line); slot != kNone) {
      --present_[bucket(line)];
      slots_[slot] = 0;
      slots_[slot + cfg_.ways] = 0;
      ++count;
      ++placed_;
    }
  return count;
}

void Cache::renumber_stamps() {
  uint32_t largest = 0;
  std::vector<uint32_t> order(cfg_.ways);
  for (size_t set = 0; set < slots_.size(); set += 2 * cfg_.ways) {
    uint32_t* stamps = &slots_[set + cfg_.ways];
    for (uint32_t w = 0; w < cfg_.ways; ++w) order[w] = w;
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return stamps[a] < stamps[b]; });
    // An invalid slot's stamp is 0 and stays 0; the valid ones' are distinct (one tick each).
    uint32_t rank = 0;
    for (const uint32_t w : order)
      if (stamps[w]) stamps[w] = ++rank;
    largest = std::max(largest, rank);
  }
  clock_ = largest;
}

void Cache::throw_beyond_tags(uint64_t line) const {
  throw std::logic_error(fmt::format("cache of {} B lines: line {:#x} is beyond its 32-bit tags (2^30 lines)",
                                     cfg_.line_bytes, line));
}

}  // namespace ws
