#include "models/mem/cache.hpp"

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
  tags_.resize(size_t(sets_) * cfg.ways);
  used_.resize(tags_.size());
  present_.resize(std::bit_ceil(tags_.size() * kBucketsPerSlot));
}

size_t Cache::victim(size_t set) const {
  for (size_t w = set; w < set + cfg_.ways; ++w)
    if (!(tags_[w] & kValid)) return w;
  size_t lru = set;  // the first of equal stamps, as a search from way 0 finds it
  for (size_t w = set + 1; w < set + cfg_.ways; ++w)
    if (used_[w] < used_[lru]) lru = w;
  return lru;
}

uint32_t Cache::invalidate(uint64_t addr, uint64_t n) {
  uint32_t count = 0;
  for (uint64_t line = line_of(addr); line < addr + n; line += cfg_.line_bytes)
    if (const size_t slot = find(line); slot != kNone) {
      --present_[bucket(line)];
      tags_[slot] = 0;
      used_[slot] = 0;
      ++count;
      ++placed_;
    }
  return count;
}

}  // namespace ws
