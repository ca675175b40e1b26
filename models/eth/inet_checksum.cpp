#include "models/eth/inet_checksum.hpp"

namespace ws::eth {

uint32_t ones_sum(const uint8_t* p, size_t n, uint32_t acc) {
  uint64_t s = acc;
  size_t i = 0;
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

static uint32_t pseudo_sum(uint32_t src_ip, uint32_t dst_ip, size_t udp_len) {
  return (src_ip >> 16) + (src_ip & 0xffff) + (dst_ip >> 16) + (dst_ip & 0xffff) + 17 + uint32_t(udp_len);
}

uint16_t udp_checksum(uint32_t src_ip, uint32_t dst_ip, const uint8_t* udp, size_t udp_len) {
  const uint16_t c = uint16_t(~fold_sum(ones_sum(udp, udp_len, pseudo_sum(src_ip, dst_ip, udp_len))));
  return c == 0 ? 0xffff : c;
}

bool udp_checksum_ok(uint32_t src_ip, uint32_t dst_ip, const uint8_t* udp, size_t udp_len) {
  if (udp_len >= 8 && udp[6] == 0 && udp[7] == 0) return true;
  return fold_sum(ones_sum(udp, udp_len, pseudo_sum(src_ip, dst_ip, udp_len))) == 0xffff;
}

}  // namespace ws::eth
