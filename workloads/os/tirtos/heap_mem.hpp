#pragma once
// SYS/BIOS HeapMem, the heap `BIOS.heapSize` sets: first fit over a free list
// kept in address order, blocks rounded up to 8 B (HeapMem's minimum
// alignment, the size of its free-block header), neighbours merged on free.
// An allocation that no free block holds fails: NDK's socket() and accept()
// then fail with ENOMEM.
#include <cstdint>
#include <map>

namespace ws::os {

class HeapMem {
 public:
  static constexpr uint64_t kAlign = 8;
  HeapMem(uint64_t base, uint64_t size);
  // The block's address, or 0 when no free block holds `size` bytes.
  uint64_t alloc(uint64_t size);
  void free(uint64_t addr, uint64_t size);  // HeapMem_free takes the size back
  uint64_t free_bytes() const;
  uint64_t largest_free() const;
  uint64_t size() const { return size_; }

 private:
  uint64_t size_;
  std::map<uint64_t, uint64_t> free_;  // address -> bytes, in address order
};

}  // namespace ws::os
