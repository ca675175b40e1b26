#pragma once
// A KeyStone host packet descriptor (Multicore Navigator User Guide SPRUGR9,
// "host packet descriptor"): eight 32-bit words in memory, little-endian.
//   word 0  descriptor type (31:30, 0 = host), packet length (21:0)
//   word 1  source and destination tags
//   word 2  return queue manager (13:12) and queue (11:0)
//   word 3  buffer 0 length (21:0)
//   word 4  buffer 0 pointer
//   word 5  next descriptor pointer (0: the packet is one buffer)
//   word 6  original buffer 0 length
//   word 7  original buffer 0 pointer
#include <cstdint>

namespace ws::nav {

constexpr uint32_t kDescBytes = 32;

struct HostDesc {
  uint32_t packet_len = 0, tags = 0, return_queue = 0, buffer_len = 0, buffer = 0, next = 0, orig_len = 0,
           orig_buffer = 0;
  void encode(uint8_t out[kDescBytes]) const {
    const uint32_t w[8] = {packet_len & 0x3FFFFF, tags, return_queue & 0x3FFF, buffer_len & 0x3FFFFF,
                           buffer,                next, orig_len & 0x3FFFFF,   orig_buffer};
    for (int i = 0; i < 8; ++i)
      for (int b = 0; b < 4; ++b) out[i * 4 + b] = uint8_t(w[i] >> (8 * b));
  }
  static HostDesc decode(const uint8_t in[kDescBytes]) {
    uint32_t w[8];
    for (int i = 0; i < 8; ++i)
      w[i] = uint32_t(in[i * 4]) | uint32_t(in[i * 4 + 1]) << 8 | uint32_t(in[i * 4 + 2]) << 16 |
             uint32_t(in[i * 4 + 3]) << 24;
    return {w[0] & 0x3FFFFF, w[1], w[2] & 0x3FFF, w[3] & 0x3FFFFF, w[4], w[5], w[6] & 0x3FFFFF, w[7]};
  }
};

}  // namespace ws::nav
