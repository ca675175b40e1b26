#include "workloads/lib/memcpy_routines.hpp"

#include <cstring>
#include <stdexcept>

namespace ws::lib {
namespace {

constexpr uint32_t kLoop = 2;  // loop control per iteration: subs, bne

static_assert(AccessPattern::kWidths == std::array<uint32_t, 5>{1, 2, 4, 32, 64}, "width_index's cases");
size_t width_index(uint32_t bytes) {  // called for every piece of every copy: no search
  switch (bytes) {
    case 1: return 0;
    case 2: return 1;
    case 4: return 2;
    case 32: return 3;
    case 64: return 4;
  }
  throw std::logic_error("memcpy: no access of " + std::to_string(bytes) + " B");
}

// Walks a copy the way `r` makes it: `piece(offset, bytes, other)` for each
// load/store pair of `bytes` at `offset`, with `other` instructions besides
// (loop control, shifts and merges of a misaligned source).
template <typename Piece>
void walk(Memcpy r, uint64_t dst, uint64_t src, size_t n, Piece&& piece) {
  size_t i = 0;
  // Pieces of `bytes` while `at_least` remain, `per` pieces per loop iteration.
  auto run = [&](uint32_t bytes, size_t at_least, uint32_t extra = 0, uint32_t per = 1) {
    while (n - i >= at_least && n - i >= bytes)
      for (uint32_t k = 0; k < per; ++k) {
        piece(i, bytes, extra + (k + 1 == per ? kLoop : 0));
        i += bytes;
      }
  };
  auto aligned = [&](uint64_t to) { return (dst + i) % to == 0 && (src + i) % to == 0; };
  switch (r) {
    case Memcpy::Rt:
    case Memcpy::RtHalfword:
    case Memcpy::RtNeon:
      if (r == Memcpy::RtNeon && n >= 64 && aligned(4)) run(64, 64);
      if (n - i >= 16 && aligned(4)) {
        run(4, 16, 0, 4);  // the 16 B blocks: four words per iteration
        run(4, 4);
      } else if (r != Memcpy::Rt && aligned(2)) {
        run(2, 2);
      }
      run(1, 1);
      return;
    case Memcpy::Uboot:
    case Memcpy::Libc: {
      if (n >= 4)
        for (; (dst + i) % 4 != 0; ++i) piece(i, 1, kLoop);  // bytes until the destination is aligned
      const bool src_aligned = (src + i) % 4 == 0;
      if (r == Memcpy::Libc) run(64, 64);  // NEON loads need no alignment
      if (src_aligned) {
        if (r == Memcpy::Uboot) run(32, 32);
        run(4, 4);
      } else {
        run(32, 32, 16);  // LDM/STM of 8 words, each shifted and merged (a shift and an orr)
        run(4, 4, 2);
      }
      run(1, 1);
      return;
    }
  }
}

}  // namespace

Memcpy memcpy_from_name(const std::string& name) {
  if (name == "rt") return Memcpy::Rt;
  if (name == "rt_halfword") return Memcpy::RtHalfword;
  if (name == "rt_neon") return Memcpy::RtNeon;
  if (name == "uboot") return Memcpy::Uboot;
  if (name == "libc") return Memcpy::Libc;
  throw std::invalid_argument("unknown memcpy routine " + name);
}

AccessPattern memcpy_pattern(Memcpy routine, uint64_t dst, uint64_t src, size_t n) {
  AccessPattern p;
  walk(routine, dst, src, n, [&](size_t, uint32_t bytes, uint32_t other) {
    const size_t k = width_index(bytes);
    ++p.loads[k];
    ++p.stores[k];
    p.other_instructions += other;
  });
  return p;
}

void memcpy_run(Memcpy routine, uint8_t* dst, const uint8_t* src, size_t n) {
  walk(routine, reinterpret_cast<uint64_t>(dst), reinterpret_cast<uint64_t>(src), n,
       [&](size_t at, uint32_t bytes, uint32_t) { std::memcpy(dst + at, src + at, bytes); });
}

}  // namespace ws::lib
