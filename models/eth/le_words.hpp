#pragma once
// Descriptors in memory as little-endian 32-bit words (the DMA engines' view,
// whatever the host's byte order).
#include <cstddef>
#include <cstdint>

namespace ws::eth {

template <size_t N>
void put_le_words(const uint32_t (&w)[N], uint8_t* out) {
  for (size_t i = 0; i < N; ++i)
    for (size_t b = 0; b < 4; ++b) out[i * 4 + b] = uint8_t(w[i] >> (8 * b));
}

template <size_t N>
void get_le_words(const uint8_t* in, uint32_t (&w)[N]) {
  for (size_t i = 0; i < N; ++i)
    w[i] = uint32_t(in[i * 4]) | uint32_t(in[i * 4 + 1]) << 8 | uint32_t(in[i * 4 + 2]) << 16 |
           uint32_t(in[i * 4 + 3]) << 24;
}

}  // namespace ws::eth
