#include "workloads/os/tirtos/heap_mem.hpp"

#include <algorithm>
#include <stdexcept>

namespace ws::os {

namespace {
uint64_t rounded(uint64_t n) { return (n + HeapMem::kAlign - 1) / HeapMem::kAlign * HeapMem::kAlign; }
}  // namespace

HeapMem::HeapMem(uint64_t base, uint64_t size) : size_(size / kAlign * kAlign) {
  if (base == 0 || base % kAlign) throw std::invalid_argument("HeapMem: base must be non-zero and 8-aligned");
  if (size_) free_[base] = size_;
}

uint64_t HeapMem::alloc(uint64_t size) {
  if (size == 0) return 0;
  const uint64_t n = rounded(size);
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    if (it->second < n) continue;
    const uint64_t addr = it->first, left = it->second - n;
    free_.erase(it);
    if (left) free_[addr + n] = left;
    return addr;
  }
  return 0;
}

void HeapMem::free(uint64_t addr, uint64_t size) {
  const uint64_t n = rounded(size);
  auto next = free_.lower_bound(addr);
  if (next != free_.end() && next->first < addr + n)
    throw std::logic_error("HeapMem: freeing a block that overlaps a free one");
  uint64_t start = addr, bytes = n;
  if (next != free_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second > addr) throw std::logic_error("HeapMem: freeing a block that overlaps a free one");
    if (prev->first + prev->second == addr) {  // merge with the block before
      start = prev->first;
      bytes += prev->second;
      free_.erase(prev);
    }
  }
  if (next != free_.end() && next->first == addr + n) {  // and the one after
    bytes += next->second;
    free_.erase(next);
  }
  free_[start] = bytes;
}

uint64_t HeapMem::free_bytes() const {
  uint64_t n = 0;
  for (auto& [a, b] : free_) n += b;
  return n;
}

uint64_t HeapMem::largest_free() const {
  uint64_t n = 0;
  for (auto& [a, b] : free_) n = std::max(n, b);
  return n;
}

}  // namespace ws::os
