#include "models/eth/wire.hpp"

#include <fmt/format.h>
#include "models/eth/headers.hpp"

namespace ws::eth {

namespace {
constexpr uint8_t kProtoTcp = 6;
}  // namespace

// Named by its kind by EtherType (UDP, TCP, IPv4, ARP, other) and size; its
// args carry the frame's number on this wire and, for IPv4, the IP ID and the
// ports (and a TCP segment's sequence number), to follow it through the board.
void Wire::trace_frame(Frame& f, sc_core::sc_time start, sc_core::sc_time dur) {
  f.need();
  const uint8_t* b = f.bytes.data();
  const uint16_t type = f.len >= kHeaderBytes ? get16(b + 12) : 0;
  const size_t ihl = f.len > kHeaderBytes ? size_t(b[kHeaderBytes] & 0xf) * 4 : 0;
  const size_t l4 = kHeaderBytes + ihl;
  if (type != 0x0800 || ihl < kIpv4HeaderBytes || f.len < l4 + kUdpHeaderBytes) {
    const char* kind = type == 0x0806 ? "ARP" : type == 0x0800 ? "IPv4" : "frame";
    return trace_->complete(name_, fmt::format("{} {}B", kind, f.len), start, dur, {{"frame", int64_t(frames_)}});
  }
  const uint8_t proto = b[kHeaderBytes + 9];
  const char* kind = proto == kProtoUdp ? "UDP" : proto == kProtoTcp ? "TCP" : "IPv4";
  const std::string name = fmt::format("{} {}B", kind, f.len);
  const int64_t frame = int64_t(frames_), ip_id = get16(b + kHeaderBytes + 4), src = get16(b + l4), dst = get16(b + l4 + 2);
  if (proto == kProtoTcp && f.len >= l4 + 8)
    return trace_->complete(name_, name, start, dur,
                            {{"frame", frame}, {"ip_id", ip_id}, {"src_port", src}, {"dst_port", dst},
                             {"tcp_seq", int64_t(get32(b + l4 + 4))}});
  trace_->complete(name_, name, start, dur, {{"frame", frame}, {"ip_id", ip_id}, {"src_port", src}, {"dst_port", dst}});
}

}  // namespace ws::eth
