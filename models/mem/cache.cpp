#include "models/mem/cache.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace ws {

static bool pow2(uint64_t v) { return v && !(v & (v - 1)); }

Cache::Cache(const Config& cfg) : cfg_(cfg) {
  if (!pow2(cfg.line_bytes) || cfg.line_bytes < 4 || cfg.ways == 0 || cfg.size_bytes % (cfg.ways * cfg.line_bytes) != 0 ||
      !pow2(cfg.size_bytes / (cfg.ways * cfg.line_bytes)))
    throw std::invalid_argument(fmt::format("cache of {} B, {} ways, {} B lines: the set count must be a power of two",
                                            cfg.size_bytes, cfg.ways, cfg.line_bytes));
  sets_ = cfg.size_bytes / (cfg.ways * cfg.line_bytes);
  line_shift_ = uint32_t(__builtin_ctz(cfg.line_bytes));
  tags_.resize(size_t(sets_) * cfg.ways);
  used_.resize(tags_.size());
}

size_t Cache::lookup(uint64_t line) const {
  const size_t set = set_of(line);
  size_t victim = set;
  for (size_t w = set; w < set + cfg_.ways; ++w) {
    const uint64_t t = tags_[w];
    if ((t & ~kDirty) == (line | kValid)) return w;
    if (!(t & kValid)) {
      if (tags_[victim] & kValid) victim = w;
    } else if ((tags_[victim] & kValid) && used_[w] < used_[victim]) {
      victim = w;
    }
  }
  return victim;
}

size_t Cache::find(uint64_t line) const {
  const size_t set = set_of(line);
  for (size_t w = set; w < set + cfg_.ways; ++w)
    if ((tags_[w] & ~kDirty) == (line | kValid)) return w;
  return kNone;
}

bool Cache::holds(uint64_t addr) const { return find(line_of(addr)) != kNone; }

bool Cache::dirty(uint64_t addr) const {
  const size_t slot = find(line_of(addr));
  return slot != kNone && (tags_[slot] & kDirty);
}

uint32_t Cache::invalidate(uint64_t addr, uint64_t n) {
  uint32_t count = 0;
  for (uint64_t line = line_of(addr); line < addr + n; line += cfg_.line_bytes)
    if (const size_t slot = find(line); slot != kNone) {
      tags_[slot] = 0;
      used_[slot] = 0;
      ++count;
    }
  return count;
}

}  // namespace ws
