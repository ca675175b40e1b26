#include "models/eth/ethernet.hpp"

#include <fmt/format.h>

namespace ws::eth {

std::string to_string(const MacAddr& m) {
  return fmt::format("{:02x}:{:02x}:{:02x}:{:02x}:{:02x}:{:02x}", m[0], m[1], m[2], m[3], m[4], m[5]);
}

MacAddr local_mac(uint8_t prefix, uint32_t id) {
  return {0x02, prefix, uint8_t(id >> 24), uint8_t(id >> 16), uint8_t(id >> 8), uint8_t(id)};
}

}  // namespace ws::eth
