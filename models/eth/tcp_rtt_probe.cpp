#include "models/eth/tcp_rtt_probe.hpp"

#include "models/eth/headers.hpp"

namespace ws::eth {

namespace {
// The TCP header of an IPv4 frame with `port` at one end: its offset, or 0.
size_t tcp_offset(const uint8_t* f, uint32_t len, uint16_t port) {
  if (len < 54 || get16(f + 12) != 0x0800 || f[23] != 6) return 0;
  const size_t ip = (f[14] & 0xF) * 4u;
  if (14 + ip + 20 > len) return 0;
  const size_t tcp = 14 + ip;
  return get16(f + tcp) == port || get16(f + tcp + 2) == port ? tcp : 0;
}
}  // namespace

void TcpRttProbe::outgoing(const uint8_t* f, uint32_t len, const sc_core::sc_time& t) {
  const size_t tcp = tcp_offset(f, len, port_);
  if (!tcp) return;
  const size_t payload = get16(f + 16) + 14 - tcp - (f[tcp + 12] >> 4) * 4u;
  if (payload == 0) return;
  if (!based_) based_ = true, base_ = get32(f + tcp + 4);
  const uint32_t end = get32(f + tcp + 4) + uint32_t(payload) - base_;
  auto [it, fresh] = by_end_.try_emplace(end, Sent{t});
  if (!fresh) it->second.again = true;
}

void TcpRttProbe::incoming(const uint8_t* f, uint32_t len, const sc_core::sc_time& t) {
  const size_t tcp = tcp_offset(f, len, port_);
  if (!tcp || !(f[tcp + 13] & 0x10)) return;  // no ACK flag
  if (!based_) return;
  const uint32_t ack = get32(f + tcp + 8) - base_;
  const auto it = by_end_.find(ack);
  if (it == by_end_.end()) return;
  if (!it->second.again) {
    ++samples_;
    sum_s_ += (t - it->second.at).to_seconds();
  }
  // Everything up to the ACK is acknowledged (keys count from the first segment: ordered within 4 GB).
  by_end_.erase(by_end_.begin(), std::next(it));
}

}  // namespace ws::eth
