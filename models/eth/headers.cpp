#include "models/eth/headers.hpp"

#include <algorithm>
#include <cstring>
#include "models/eth/inet_checksum.hpp"
#include "models/pcie/crc.hpp"

namespace ws::eth {

static void write_eth(uint8_t* b, const MacAddr& dst, const MacAddr& src, uint16_t type) {
  std::memcpy(b, dst.data(), 6);
  std::memcpy(b + 6, src.data(), 6);
  put16(b + 12, type);
}

size_t write_udp_headers(uint8_t* buf, const UdpHeaders& h, size_t payload_len, bool udp_checksum) {
  write_eth(buf, h.dst_mac, h.src_mac, kTypeIpv4);
  uint8_t* ip = buf + kHeaderBytes;
  const size_t udp_len = kUdpHeaderBytes + payload_len;
  ip[0] = 0x45;  // version 4, 5 words
  ip[1] = 0;
  put16(ip + 2, uint16_t(kIpv4HeaderBytes + udp_len));
  put16(ip + 4, h.ip_id);
  put16(ip + 6, 0x4000);  // don't fragment
  ip[8] = h.ttl;
  ip[9] = kProtoUdp;
  put16(ip + 10, 0);
  put32(ip + 12, h.src_ip);
  put32(ip + 16, h.dst_ip);
  put16(ip + 10, inet_checksum(ip, kIpv4HeaderBytes));
  uint8_t* udp = ip + kIpv4HeaderBytes;
  put16(udp, h.src_port);
  put16(udp + 2, h.dst_port);
  put16(udp + 4, uint16_t(udp_len));
  put16(udp + 6, 0);
  if (udp_checksum) put16(udp + 6, ws::eth::udp_checksum(h.src_ip, h.dst_ip, udp, udp_len));
  const size_t len = kUdpPayloadOffset + payload_len;
  const size_t min_len = kMinFrameBytes - kFcsBytes;
  if (len < min_len) std::memset(buf + len, 0, min_len - len);
  return len < min_len ? min_len : len;
}

bool parse_udp(const uint8_t* buf, size_t len, ParsedUdp& out, bool whole_datagram) {
  if (len < kUdpPayloadOffset || get16(buf + 12) != kTypeIpv4) return false;
  const uint8_t* ip = buf + kHeaderBytes;
  if (ip[0] != 0x45 || ip[9] != kProtoUdp) return false;
  const size_t ip_len = get16(ip + 2);
  if (ip_len < kIpv4HeaderBytes + kUdpHeaderBytes || (whole_datagram && kHeaderBytes + ip_len > len)) return false;
  const uint8_t* udp = ip + kIpv4HeaderBytes;
  const size_t udp_len = get16(udp + 4);
  if (udp_len != ip_len - kIpv4HeaderBytes) return false;
  std::memcpy(out.h.dst_mac.data(), buf, 6);
  std::memcpy(out.h.src_mac.data(), buf + 6, 6);
  out.h.ip_id = get16(ip + 4);
  out.h.ttl = ip[8];
  out.h.src_ip = get32(ip + 12);
  out.h.dst_ip = get32(ip + 16);
  out.h.src_port = get16(udp);
  out.h.dst_port = get16(udp + 2);
  out.payload_len = udp_len - kUdpHeaderBytes;
  out.ip_checksum_ok = fold_sum(ones_sum(ip, kIpv4HeaderBytes)) == 0xffff;
  out.udp_checksum_ok = whole_datagram && ws::eth::udp_checksum_ok(out.h.src_ip, out.h.dst_ip, udp, udp_len);
  return true;
}

size_t write_arp(uint8_t* buf, const MacAddr& dst, const MacAddr& src, const Arp& a) {
  write_eth(buf, dst, src, kTypeArp);
  uint8_t* p = buf + kHeaderBytes;
  put16(p, 1);          // hardware type Ethernet
  put16(p + 2, kTypeIpv4);
  p[4] = 6;
  p[5] = 4;
  put16(p + 6, a.op);
  std::memcpy(p + 8, a.sender_mac.data(), 6);
  put32(p + 14, a.sender_ip);
  std::memcpy(p + 18, a.target_mac.data(), 6);
  put32(p + 24, a.target_ip);
  const size_t len = kHeaderBytes + kArpBytes, min_len = kMinFrameBytes - kFcsBytes;
  std::memset(buf + len, 0, min_len - len);
  return min_len;
}

bool parse_arp(const uint8_t* buf, size_t len, Arp& out) {
  if (len < kHeaderBytes + kArpBytes || get16(buf + 12) != kTypeArp) return false;
  const uint8_t* p = buf + kHeaderBytes;
  if (get16(p) != 1 || get16(p + 2) != kTypeIpv4 || p[4] != 6 || p[5] != 4) return false;
  out.op = get16(p + 6);
  std::memcpy(out.sender_mac.data(), p + 8, 6);
  out.sender_ip = get32(p + 14);
  std::memcpy(out.target_mac.data(), p + 18, 6);
  out.target_ip = get32(p + 24);
  return true;
}

uint32_t fcs(const uint8_t* frame, size_t len) { return pcie::crc32(frame, len); }

size_t append_fcs(uint8_t* frame, size_t len) {
  const uint32_t c = fcs(frame, len);  // transmitted least significant byte first
  for (int i = 0; i < 4; ++i) frame[len + i] = uint8_t(c >> (8 * i));
  return len + kFcsBytes;
}

size_t pad_to_minimum(uint8_t* frame, size_t len) {
  for (; len < kMinFrameBytes - kFcsBytes; ++len) frame[len] = 0;
  return len;
}

bool fcs_ok(const uint8_t* frame_with_fcs, size_t len) {
  if (len < kFcsBytes) return false;
  const uint32_t c = fcs(frame_with_fcs, len - kFcsBytes);
  const uint8_t* f = frame_with_fcs + len - kFcsBytes;
  return f[0] == uint8_t(c) && f[1] == uint8_t(c >> 8) && f[2] == uint8_t(c >> 16) && f[3] == uint8_t(c >> 24);
}

void seal(Frame& f, size_t len) {
  f.len = uint32_t(append_fcs(f.bytes.data(), len));
  f.sealed = true;
}

Frame* frame_of(FramePool& pool, const uint8_t* bytes, size_t len) {
  Frame* f = pool.get();
  std::copy(bytes, bytes + len, f->bytes.begin());
  seal(*f, pad_to_minimum(f->bytes.data(), len));
  return f;
}

}  // namespace ws::eth
