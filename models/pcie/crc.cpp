#include "models/pcie/crc.hpp"

#include <array>
#include <zlib.h>

namespace ws::pcie {

uint32_t crc32(const uint8_t* p, size_t n, uint32_t seed) {
  return static_cast<uint32_t>(::crc32(seed, p, static_cast<uInt>(n)));
}

uint16_t crc16_dllp(const uint8_t* p, size_t n) {
  static const auto table = [] {
    std::array<uint16_t, 256> t{};
    for (unsigned i = 0; i < 256; ++i) {
      uint16_t c = static_cast<uint16_t>(i << 8);
      for (int b = 0; b < 8; ++b) c = static_cast<uint16_t>((c & 0x8000) ? (c << 1) ^ 0x100B : c << 1);
      t[i] = c;
    }
    return t;
  }();
  uint16_t crc = 0xFFFF;
  for (size_t i = 0; i < n; ++i) crc = static_cast<uint16_t>((crc << 8) ^ table[((crc >> 8) ^ p[i]) & 0xFF]);
  return static_cast<uint16_t>(~crc);
}

}  // namespace ws::pcie
