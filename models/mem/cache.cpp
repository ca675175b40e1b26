#include "models/mem/cache.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace ws {

static bool pow2(uint64_t v) { return v && !(v & (v - 1)); }

Cache::Cache(const Config& cfg) : cfg_(cfg) {
  if (!pow2(cfg.line_bytes) || cfg.ways == 0 || cfg.size_bytes % (cfg.ways * cfg.line_bytes) != 0 ||
      !pow2(cfg.size_bytes / (cfg.ways * cfg.line_bytes)))
    throw std::invalid_argument(fmt::format("cache of {} B, {} ways, {} B lines: the set count must be a power of two",
                                            cfg.size_bytes, cfg.ways, cfg.line_bytes));
  sets_ = cfg.size_bytes / (cfg.ways * cfg.line_bytes);
  lines_.resize(size_t(sets_) * cfg.ways);
}

Cache::Line& Cache::lookup(uint64_t line) {
  Line* set = &lines_[size_t((line / cfg_.line_bytes) & (sets_ - 1)) * cfg_.ways];
  Line* victim = set;
  for (uint32_t w = 0; w < cfg_.ways; ++w) {
    Line& l = set[w];
    if (l.valid && l.tag == line) return l;
    if (!l.valid) {
      if (victim->valid) victim = &l;
    } else if (victim->valid && l.used < victim->used) {
      victim = &l;
    }
  }
  return *victim;
}

const Cache::Line* Cache::find(uint64_t line) const {
  const Line* set = &lines_[size_t((line / cfg_.line_bytes) & (sets_ - 1)) * cfg_.ways];
  for (uint32_t w = 0; w < cfg_.ways; ++w)
    if (set[w].valid && set[w].tag == line) return &set[w];
  return nullptr;
}

bool Cache::holds(uint64_t addr) const { return find(line_of(addr)) != nullptr; }

bool Cache::dirty(uint64_t addr) const {
  const Line* l = find(line_of(addr));
  return l && l->dirty;
}

uint32_t Cache::invalidate(uint64_t addr, uint64_t n) {
  uint32_t count = 0;
  for (uint64_t line = line_of(addr); line < addr + n; line += cfg_.line_bytes)
    if (Line* l = find(line)) {
      *l = Line{};
      ++count;
    }
  return count;
}

}  // namespace ws
