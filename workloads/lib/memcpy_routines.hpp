#pragma once
// The copy routines of the RT-Thread study (shared/reference/rtthread-lwip-iperf.md),
// each as real code that copies the bytes the way the routine does, and as the
// access pattern it makes: how many loads and stores of each width, and how
// many other instructions, for a copy of n bytes between given addresses. The
// core's memory system prices a pattern per copy (strongly ordered accesses
// one at a time with the MMU off, line fills with it on), not per byte.
//
//   rt           rt_memcpy as shipped: both ends 4-byte aligned and n >= 16: 16 B
//                blocks of words, then words; everything else byte by byte
//   rt_halfword  + a 2-byte-aligned path: halfwords where both ends are 2-aligned
//   rt_neon      + a NEON loop (VLDM/VSTM of 64 B) for 4-aligned blocks of 64 B and more
//   uboot        U-Boot's arch/arm/lib/memcpy.S: bytes to align the destination,
//                then LDM/STM of 8 registers (32 B), shifted and merged when the
//                source is misaligned, words and bytes for the tail
//   libc         the C library's: as uboot, with 64 B NEON blocks (unaligned VLD1/VST1)
#include <cstddef>
#include <cstdint>
#include <string>
#include "models/cpu/access_pattern.hpp"

namespace ws::lib {

enum class Memcpy { Rt, RtHalfword, RtNeon, Uboot, Libc };
Memcpy memcpy_from_name(const std::string& name);  // "rt", "rt_halfword", "rt_neon", "uboot", "libc"

// The pattern `routine` makes copying n bytes from `src` to `dst` (addresses
// as the core sees them; only their alignment matters).
AccessPattern memcpy_pattern(Memcpy routine, uint64_t dst, uint64_t src, size_t n);
// Copies n bytes as `routine` does (the same pieces in the same order).
void memcpy_run(Memcpy routine, uint8_t* dst, const uint8_t* src, size_t n);

}  // namespace ws::lib
