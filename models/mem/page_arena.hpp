#pragma once
// Zeroed 4 KB pages for a Memory's storage. Past its first few pages a memory
// takes them from 2 MB blocks that the kernel may back with one huge page each
// (madvise MADV_HUGEPAGE, Linux's transparent huge pages): a page fault costs
// about 10 us on the virtual machines this runs on, and a large DMA touches
// thousands of pages (32 MB in 4 KB pages: 85 ms of faults; in 2 MB blocks
// with huge pages: 2 ms, measured, docs/performance.md). Where huge pages are
// off the blocks fault in 4 KB at a time, as single pages would. The first
// kSinglePages come one at a time, so a memory that holds a few pages keeps
// a few pages resident. Pages live as long as the arena.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace ws {

class PageArena {
 public:
  static constexpr size_t kPageBytes = 4096;
  static constexpr size_t kBlockBytes = size_t{2} << 20;
  static constexpr size_t kSinglePages = 64;

  PageArena() = default;
  PageArena(const PageArena&) = delete;
  PageArena& operator=(const PageArena&) = delete;
  ~PageArena();

  // A page of kPageBytes zeros; throws std::bad_alloc when the host has none.
  uint8_t* take();
  size_t pages() const { return pages_; }

 private:
  using Page = std::array<uint8_t, kPageBytes>;
  std::vector<std::unique_ptr<Page>> singles_;
  std::vector<uint8_t*> blocks_;  // each kBlockBytes, aligned to it, mapped anonymous (zeros)
  size_t used_ = kBlockBytes;     // bytes taken from the last block
  size_t pages_ = 0;
};

}  // namespace ws
