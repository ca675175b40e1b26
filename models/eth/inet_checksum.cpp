#include "models/eth/inet_checksum.hpp"

#include <cstring>

namespace ws::eth {

uint32_t ones_sum(const uint8_t* p, size_t n, uint32_t acc) {
  // Eight bytes at a time as two big-endian 32-bit words: 2^16 = 1 (mod 0xFFFF), so
  // a word sums as its two halves do, and the folded sum is the same (every frame
  // of a gigabit run is summed twice, once by the sender, once by the receiver).
  uint64_t s = acc;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t v;
    std::memcpy(&v, p + i, 8);
    v = __builtin_bswap64(v);
    s += (v >> 32) + (v & 0xffffffff);
  }
  for (; i + 1 < n; i += 2) s += uint32_t(p[i]) << 8 | p[i + 1];
  if (i < n) s += uint32_t(p[i]) << 8;
  while (s >> 32) s = (s & 0xffffffff) + (s >> 32);
  return uint32_t(s);
}

uint16_t fold_sum(uint32_t acc) {
  uint64_t s = acc;
  while (s >> 16) s = (s & 0xffff) + (s >> 16);
  return uint16_t(s);
}

uint16_t checksum_update(uint16_t hc, uint16_t old_word, uint16_t new_word) {
  const uint32_t s = uint32_t(uint16_t(~hc)) + uint16_t(~old_word) + new_word;
  return uint16_t(~fold_sum(s));
}

static uint32_t pseudo_sum(uint32_t src_ip, uint32_t dst_ip, size_t udp_len, uint8_t proto = 17) {
  return (src_ip >> 16) + (src_ip & 0xffff) + (dst_ip >> 16) + (dst_ip & 0xffff) + proto + uint32_t(udp_len);
}

uint16_t udp_checksum(uint32_t src_ip, uint32_t dst_ip, const uint8_t* udp, size_t udp_len) {
  const uint16_t c = uint16_t(~fold_sum(ones_sum(udp, udp_len, pseudo_sum(src_ip, dst_ip, udp_len))));
  return c == 0 ? 0xffff : c;
}

bool udp_checksum_ok(uint32_t src_ip, uint32_t dst_ip, const uint8_t* udp, size_t udp_len) {
  if (udp_len >= 8 && udp[6] == 0 && udp[7] == 0) return true;
  return fold_sum(ones_sum(udp, udp_len, pseudo_sum(src_ip, dst_ip, udp_len))) == 0xffff;
}

uint16_t transport_checksum(uint8_t proto, uint32_t src_ip, uint32_t dst_ip, const uint8_t* seg, size_t len) {
  const size_t field = proto == 6 ? 16 : 6;
  uint32_t acc = ones_sum(seg, field, pseudo_sum(src_ip, dst_ip, len, proto));
  acc = ones_sum(seg + field + 2, len - field - 2, acc);  // the field itself as zero (it starts even: sums align)
  const uint16_t c = uint16_t(~fold_sum(acc));
  return proto == 17 && c == 0 ? 0xffff : c;
}

namespace {
// The IPv4 header and transport segment of an Ethernet frame, if it is one
// whose lengths fit (no fragments).
struct Ipv4View {
  uint8_t* ip = nullptr;
  size_t ihl = 0, total = 0;
  uint8_t proto = 0;
};
bool view(const uint8_t* frame, size_t len, Ipv4View& v) {
  constexpr size_t kEth = 14;
  if (len < kEth + 20 || frame[12] != 0x08 || frame[13] != 0x00) return false;
  v.ip = const_cast<uint8_t*>(frame) + kEth;
  v.ihl = size_t(v.ip[0] & 0x0F) * 4;
  v.total = size_t(v.ip[2]) << 8 | v.ip[3];
  v.proto = v.ip[9];
  const bool fragment = (v.ip[6] & 0x3F) != 0 || v.ip[7] != 0;
  return (v.ip[0] >> 4) == 4 && v.ihl >= 20 && v.total >= v.ihl && kEth + v.total <= len && !fragment;
}
uint32_t ip_of(const uint8_t* p) { return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3]; }
bool segment_fits(const Ipv4View& v) {
  const size_t n = v.total - v.ihl;
  return (v.proto == 6 && n >= 20) || (v.proto == 17 && n >= 8);
}
}  // namespace

void insert_checksums(uint8_t* frame, size_t len) {
  Ipv4View v;
  if (!view(frame, len, v)) return;
  v.ip[10] = v.ip[11] = 0;
  const uint16_t h = inet_checksum(v.ip, v.ihl);
  v.ip[10] = uint8_t(h >> 8), v.ip[11] = uint8_t(h);
  if (!segment_fits(v)) return;
  uint8_t* seg = v.ip + v.ihl;
  const uint16_t c = transport_checksum(v.proto, ip_of(v.ip + 12), ip_of(v.ip + 16), seg, v.total - v.ihl);
  uint8_t* field = seg + (v.proto == 6 ? 16 : 6);
  field[0] = uint8_t(c >> 8), field[1] = uint8_t(c);
}

bool checksums_ok(const uint8_t* frame, size_t len) {
  Ipv4View v;
  if (!view(frame, len, v)) return true;
  if (fold_sum(ones_sum(v.ip, v.ihl)) != 0xffff) return false;
  if (!segment_fits(v)) return true;
  const uint8_t* seg = v.ip + v.ihl;
  const size_t n = v.total - v.ihl;
  if (v.proto == 17) return udp_checksum_ok(ip_of(v.ip + 12), ip_of(v.ip + 16), seg, n);
  return fold_sum(ones_sum(seg, n, pseudo_sum(ip_of(v.ip + 12), ip_of(v.ip + 16), n, 6))) == 0xffff;
}

}  // namespace ws::eth
