#pragma once
// A set-associative, write-back, write-allocate cache with LRU replacement. It
// holds tags only: the bytes stay in the memory model, which is exact for software
// that keeps DMA buffers coherent (invalidate before reading what a device wrote,
// flush before a device reads) as the drivers here do. What the cache decides is
// timing: which accesses miss and which lines must be written back.
#include <cstdint>
#include <utility>
#include <vector>

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
  // is called first when the victim is dirty, then `fill(line_addr)`.
  template <typename Fill, typename Evict>
  void access(uint64_t addr, uint64_t n, bool write, Fill&& fill, Evict&& evict) {
    for (uint64_t line = line_of(addr); line < addr + n; line += cfg_.line_bytes) {
      Line& l = lookup(line);
      if (l.valid && l.tag == line) {
        ++hits_;
      } else {
        ++misses_;
        if (l.valid && l.dirty) {
          ++writebacks_;
          evict(l.tag);
        }
        fill(line);
        l = Line{line, true, false, 0};
      }
      l.dirty |= write;
      l.used = ++clock_;
    }
  }
  // Drops the lines of the range without writing them back; returns how many were held.
  uint32_t invalidate(uint64_t addr, uint64_t n);
  // Writes back the dirty lines of the range (they stay valid and clean); returns how many.
  template <typename Evict>
  uint32_t flush(uint64_t addr, uint64_t n, Evict&& evict) {
    uint32_t count = 0;
    for (uint64_t line = line_of(addr); line < addr + n; line += cfg_.line_bytes)
      if (Line* l = find(line); l && l->dirty) {
        l->dirty = false;
        ++writebacks_;
        ++count;
        evict(line);
      }
    return count;
  }
  // Lines the range spans.
  uint32_t lines(uint64_t addr, uint64_t n) const {
    return n == 0 ? 0 : uint32_t((line_of(addr + n - 1) - line_of(addr)) / cfg_.line_bytes + 1);
  }
  bool holds(uint64_t addr) const;
  bool dirty(uint64_t addr) const;  // held and written since its fill or last flush
  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }
  uint64_t writebacks() const { return writebacks_; }
  const Config& config() const { return cfg_; }

 private:
  struct Line {
    uint64_t tag = 0;  // the line's address
    bool valid = false;
    bool dirty = false;
    uint64_t used = 0;  // LRU stamp
  };
  uint64_t line_of(uint64_t addr) const { return addr & ~uint64_t(cfg_.line_bytes - 1); }
  // The line holding `line` if present, else the set's victim (invalid or least recently used).
  Line& lookup(uint64_t line);
  const Line* find(uint64_t line) const;
  Line* find(uint64_t line) { return const_cast<Line*>(std::as_const(*this).find(line)); }
  Config cfg_;
  uint32_t sets_;
  std::vector<Line> lines_;  // sets_ x ways, set-major
  uint64_t clock_ = 0, hits_ = 0, misses_ = 0, writebacks_ = 0;
};

}  // namespace ws
