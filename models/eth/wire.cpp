#include "models/eth/wire.hpp"

#include <fmt/format.h>
#include "models/eth/headers.hpp"

namespace ws::eth {

std::string Wire::trace_name(const Frame& f) {
  const char* kind = "frame";
  if (f.len >= kHeaderBytes) {
    const uint16_t type = get16(f.bytes.data() + 12);
    if (type == 0x0806) kind = "ARP";
    else if (type == 0x0800 && f.len > kHeaderBytes + 9 && f.bytes[kHeaderBytes + 9] == kProtoUdp) kind = "UDP";
    else if (type == 0x0800) kind = "IPv4";
  }
  return fmt::format("{} {}B", kind, f.len);
}

}  // namespace ws::eth
