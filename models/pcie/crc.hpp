#pragma once
// Link integrity checks. LCRC and ECRC use the CRC-32 polynomial 04C11DB7h
// (PCIe Base Spec 1.1 §3.5.2.1, §2.7.1), computed here as the reflected CRC-32
// (the value zlib and 802.3 give); the per-bit lane mapping is not modelled.
// DLLPs carry a CRC-16 with polynomial 100Bh (§3.4.1).
#include <cstddef>
#include <cstdint>

namespace ws::pcie {

uint32_t crc32(const uint8_t* p, size_t n, uint32_t seed = 0);
uint16_t crc16_dllp(const uint8_t* p, size_t n);

}  // namespace ws::pcie
