#ifdef WS_HAVE_LWIP
#include "workloads/net/lwip_on_core.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <stdexcept>

namespace ws::net {

// lwip_standard_chksum, algorithm 2: a leading odd byte, then a halfword load,
// an add and the loop's decrement and branch per halfword, a trailing byte.
AccessPattern checksum_pattern(uint64_t addr, size_t n) {
  AccessPattern p;
  const size_t lead = (addr & 1) && n ? 1 : 0;
  const size_t halves = (n - lead) / 2, tail = (n - lead) % 2;
  p.loads[0] = lead + tail;
  p.loads[1] = halves;
  p.other_instructions = 3 * halves + 12;  // the fold and byte swaps at the end
  return p;
}

uint64_t LwipOnCore::map_buffer(const void* host, size_t n) {
  next_buffer_ = (next_buffer_ + n + 63) / 64 * 64;
  if (next_buffer_ > kBufferRoom) throw std::logic_error("application buffers beyond their 1 MB of the lwIP window");
  buffers_.push_back({reinterpret_cast<uintptr_t>(host), n, base_ + kWindow - next_buffer_});
  return buffers_.back().sim;
}

uint64_t LwipOnCore::sim(const void* host) {
  constexpr unsigned kPageBits = 12;
  const auto a = reinterpret_cast<uintptr_t>(host);
  for (const Buffer& b : buffers_)
    if (a - b.host < b.n) return b.sim + (a - b.host);
  // A local of a caller (lwIP's SMEMCPY into a stack variable, as
  // etharp_input's copies of IP addresses): ASLR moves the host stack within a
  // page, its distance from this frame does not. The same local reached at
  // another call depth stands elsewhere: deterministic all the same.
  const char here = 0;
  const uintptr_t frame = reinterpret_cast<uintptr_t>(&here);
  if (a > frame && a - frame < kStackRoom) return base_ + kWindow - kBufferRoom - kStackRoom + (a - frame);
  const uint64_t page = pages_.emplace(a >> kPageBits, pages_.size()).first->second;
  if (page >= ((kWindow - kBufferRoom - kStackRoom) >> kPageBits))
    throw std::runtime_error("lwIP's memory spans more than its 14.9 MB of the window of simulated RAM");
  return base_ + (page << kPageBits) + (a & ((uintptr_t(1) << kPageBits) - 1));
}

LwipOnCore::LwipOnCore(LwipStack& stack, Cpu& core, lib::Memcpy routine, uint64_t window_base,
                       const LwipCallCosts& costs, std::string name)
    : stack_(stack), core_(core), routine_(routine), base_(window_base), costs_(costs), name_(std::move(name)) {
  stack_.on_copy = [this](void* dst, const void* src, size_t n) {
    if (!charge_copies_) return;
    const uint64_t d = sim(dst), s = sim(src);
    const sc_core::sc_time t = core_.time();
    core_.charge_copy(d, s, uint32_t(n), lib::memcpy_pattern(routine_, d, s, n));
    book(name_ + " memcpy", t);
  };
  stack_.on_checksum = [this](const void* data, size_t n) {
    const uint64_t a = sim(data);
    const sc_core::sc_time t = core_.time();
    core_.charge_scan(a, uint32_t(n), checksum_pattern(a, n));
    book(name_ + " checksum", t);
  };
}

}  // namespace ws::net
#endif
