#pragma once
// The driver's pool of packet buffers in simulated memory (M2, M3 or DDR): fixed
// size, aligned to the cache line, handed to Rx BDs and back when a Tx BD is
// reclaimed. Its bookkeeping cost is part of the driver's per-BD cycles.
#include <cstdint>
#include <vector>

namespace ws::lib {

class BufferPool {
 public:
  BufferPool(uint64_t base, uint32_t count, uint32_t bytes) {
    for (uint32_t i = count; i-- > 0;) free_.push_back(base + uint64_t(i) * bytes);
  }
  bool empty() const { return free_.empty(); }
  uint64_t take() {
    const uint64_t b = free_.back();
    free_.pop_back();
    return b;
  }
  void give(uint64_t b) { free_.push_back(b); }

 private:
  std::vector<uint64_t> free_;
};

}  // namespace ws::lib
