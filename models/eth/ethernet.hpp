#pragma once
// IEEE 802.3 framing facts and wire timing. A frame here is the MAC frame from the
// destination address through the FCS; the wire also carries 8 B of preamble/SFD
// and at least 12 B of inter-frame gap (shared/reference/hardware-facts.md §0).
#include <systemc>
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include "models/sim/sim_time.hpp"

namespace ws::eth {

constexpr uint32_t kPreambleSfdBytes = 8;
constexpr uint32_t kIfgBytes = 12;
constexpr uint32_t kFcsBytes = 4;
constexpr uint32_t kHeaderBytes = 14;  // destination, source, EtherType
constexpr uint32_t kMinFrameBytes = 64;
constexpr uint32_t kMaxFrameBytes = 1518;
constexpr uint16_t kTypeIpv4 = 0x0800;
constexpr uint16_t kTypeArp = 0x0806;

// Bytes of wire time a frame of `frame_bytes` (FCS included) occupies: short
// frames are padded to the minimum, then preamble/SFD and the gap are added.
constexpr uint32_t wire_bytes(uint32_t frame_bytes) {
  return std::max(frame_bytes, kMinFrameBytes) + kPreambleSfdBytes + kIfgBytes;
}
inline sc_core::sc_time wire_time(uint32_t frame_bytes, double bits_per_s) {
  return ns(wire_bytes(frame_bytes) * 8.0 * 1e9 / bits_per_s);
}
// Frames per second a saturated port carries (1,488,095 at 64 B on gigabit).
constexpr double line_rate_fps(uint32_t frame_bytes, double bits_per_s) {
  return bits_per_s / (8.0 * wire_bytes(frame_bytes));
}

using MacAddr = std::array<uint8_t, 6>;
constexpr MacAddr kBroadcast = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
std::string to_string(const MacAddr& m);
// A locally administered unicast address with `id` in its low bytes.
MacAddr local_mac(uint8_t prefix, uint32_t id);

}  // namespace ws::eth
