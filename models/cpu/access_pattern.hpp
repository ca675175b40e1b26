#pragma once
// The accesses a piece of software makes, summed over one call (a copy): how
// many loads and stores of each width, and how many other instructions. A Cpu
// prices it per call (Cpu::copy), not per simulated access.
#include <array>
#include <cstdint>

namespace ws {

struct AccessPattern {
  // Widths in bytes: byte, halfword, word, LDM/STM of 8 registers, VLDM/VSTM of 64 B.
  static constexpr std::array<uint32_t, 5> kWidths{1, 2, 4, 32, 64};
  std::array<uint64_t, 5> loads{}, stores{};
  uint64_t other_instructions = 0;  // loop control, shifts and merges
  uint64_t accesses() const {
    uint64_t a = 0;
    for (size_t k = 0; k < kWidths.size(); ++k) a += loads[k] + stores[k];
    return a;
  }
  uint64_t bytes_loaded() const {
    uint64_t b = 0;
    for (size_t k = 0; k < kWidths.size(); ++k) b += loads[k] * kWidths[k];
    return b;
  }
};

}  // namespace ws
