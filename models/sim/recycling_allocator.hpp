#pragma once
// An allocator that keeps freed blocks for reuse instead of returning them to the
// heap: per-packet objects (TLPs, their bytes, their shared_ptr blocks) come and
// go millions of times per run at a handful of sizes, and malloc/free was a tenth
// of the simulator's time. Blocks fall into power-of-two size classes up to 8 KiB
// (larger ones go straight to the heap). A vector of trivial elements resized with
// it is left uninitialised, not zero-filled: its owner writes every element.
#include <array>
#include <bit>
#include <cstddef>
#include <new>
#include <utility>
#include <vector>

namespace ws {

class BlockPool {
 public:
  static BlockPool& instance() {
    static BlockPool pool;
    return pool;
  }
  void* take(std::size_t bytes) {
    const std::size_t c = size_class(bytes);
    if (c >= kClasses) return ::operator new(bytes);
    auto& list = free_[c];
    if (list.empty()) return ::operator new(kMinBlock << c);
    void* p = list.back();
    list.pop_back();
    return p;
  }
  void give(void* p, std::size_t bytes) {
    const std::size_t c = size_class(bytes);
    if (c >= kClasses) ::operator delete(p);
    else free_[c].push_back(p);
  }
  ~BlockPool() {
    for (auto& list : free_)
      for (void* p : list) ::operator delete(p);
  }

 private:
  static constexpr std::size_t kMinBlock = 16, kClasses = 10;  // 16 B .. 8 KiB
  static std::size_t size_class(std::size_t bytes) {
    return bytes <= kMinBlock ? 0 : std::bit_width(bytes - 1) - std::bit_width(kMinBlock - 1);
  }
  std::array<std::vector<void*>, kClasses> free_;
};

template <typename T>
struct RecyclingAllocator {
  using value_type = T;
  RecyclingAllocator() = default;
  template <typename U>
  RecyclingAllocator(const RecyclingAllocator<U>&) {}  // NOLINT: rebinding, as std::allocator

  T* allocate(std::size_t n) { return static_cast<T*>(BlockPool::instance().take(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) { BlockPool::instance().give(p, n * sizeof(T)); }
  // Default-initialises (no zero fill for bytes); constructs from arguments otherwise.
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    if constexpr (sizeof...(Args) == 0) ::new (static_cast<void*>(p)) U;
    else ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
  template <typename U>
  bool operator==(const RecyclingAllocator<U>&) const { return true; }
};

}  // namespace ws
