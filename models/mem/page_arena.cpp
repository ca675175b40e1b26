#include "models/mem/page_arena.hpp"

#include <sys/mman.h>
#include <new>

namespace ws {

namespace {

// kBlockBytes aligned to kBlockBytes (a huge page must be), the rest of the
// mapping given back.
uint8_t* map_block() {
  constexpr size_t block = PageArena::kBlockBytes;
  void* p = mmap(nullptr, 2 * block, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  const auto base = reinterpret_cast<uintptr_t>(p);
  const uintptr_t aligned = (base + block - 1) & ~uintptr_t(block - 1);
  if (aligned > base) munmap(p, aligned - base);
  if (const uintptr_t tail = base + 2 * block - (aligned + block)) munmap(reinterpret_cast<void*>(aligned + block), tail);
  auto* b = reinterpret_cast<uint8_t*>(aligned);
  madvise(b, block, MADV_HUGEPAGE);  // a hint: without huge pages the block faults in by 4 KB
  return b;
}

}  // namespace

PageArena::~PageArena() {
  for (uint8_t* b : blocks_) munmap(b, kBlockBytes);
}

uint8_t* PageArena::take() {
  ++pages_;
  if (singles_.size() < kSinglePages) return singles_.emplace_back(std::make_unique<Page>())->data();
  if (used_ == kBlockBytes) {
    blocks_.reserve(blocks_.size() + 1);  // no block is lost if the push would throw
    blocks_.push_back(map_block());
    used_ = 0;
  }
  uint8_t* p = blocks_.back() + used_;
  used_ += kPageBytes;
  return p;
}

}  // namespace ws
