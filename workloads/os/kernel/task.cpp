#include "workloads/os/kernel/task.hpp"

#include <new>

namespace ws::os {

std::vector<std::vector<void*>>& FramePool::lists() {
  static std::vector<std::vector<void*>> l;
  return l;
}

void* FramePool::take(std::size_t n) {
  const std::size_t c = (n + kClassBytes - 1) / kClassBytes;
  auto& l = lists();
  if (c < l.size() && !l[c].empty()) {
    void* p = l[c].back();
    l[c].pop_back();
    return p;
  }
  return ::operator new(c * kClassBytes);
}

void FramePool::give(void* p, std::size_t n) noexcept {
  const std::size_t c = (n + kClassBytes - 1) / kClassBytes;
  auto& l = lists();
  try {
    if (c >= l.size()) l.resize(c + 1);
    l[c].push_back(p);
  } catch (...) {  // no memory for the list: the heap takes the frame back
    ::operator delete(p);
  }
}

}  // namespace ws::os
