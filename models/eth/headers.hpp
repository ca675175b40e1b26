#pragma once
// Ethernet II, ARP, IPv4 and UDP headers as bytes: what the tester and the stack
// on the cores write and read. Multi-byte fields are big-endian on the wire.
#include <cstddef>
#include <cstdint>
#include "models/eth/ethernet.hpp"
#include "models/eth/frame.hpp"

namespace ws::eth {

inline uint16_t get16(const uint8_t* p) { return uint16_t(p[0] << 8 | p[1]); }
inline uint32_t get32(const uint8_t* p) { return uint32_t(get16(p)) << 16 | get16(p + 2); }
inline void put16(uint8_t* p, uint16_t v) { p[0] = uint8_t(v >> 8); p[1] = uint8_t(v); }
inline void put32(uint8_t* p, uint32_t v) { put16(p, uint16_t(v >> 16)); put16(p + 2, uint16_t(v)); }

constexpr size_t kIpv4HeaderBytes = 20;  // no options
constexpr size_t kUdpHeaderBytes = 8;
constexpr size_t kUdpPayloadOffset = kHeaderBytes + kIpv4HeaderBytes + kUdpHeaderBytes;  // 42
constexpr size_t kArpBytes = 28;
constexpr uint8_t kProtoUdp = 17;

struct UdpHeaders {
  MacAddr dst_mac{}, src_mac{};
  uint32_t src_ip = 0, dst_ip = 0;
  uint16_t src_port = 0, dst_port = 0;
  uint16_t ip_id = 0;
  uint8_t ttl = 64;
};

// Writes the Ethernet, IPv4 (with header checksum) and UDP headers in front of the
// `payload_len` bytes already at buf + 42, computes the UDP checksum when asked
// (else sends 0), pads to the minimum frame; returns the length without FCS.
size_t write_udp_headers(uint8_t* buf, const UdpHeaders& h, size_t payload_len, bool udp_checksum = true);

struct ParsedUdp {
  UdpHeaders h;
  size_t payload_len = 0;
  bool ip_checksum_ok = false;
  bool udp_checksum_ok = false;
};
// Reads an IPv4/UDP frame of `len` bytes (FCS excluded); false when it is not one
// or its lengths do not fit. Checksums are verified, not required. Without
// `whole_datagram` only the 42 header bytes need be present (the UDP checksum is
// then not checked and reads false).
bool parse_udp(const uint8_t* buf, size_t len, ParsedUdp& out, bool whole_datagram = true);

struct Arp {
  uint16_t op = 1;  // 1 request, 2 reply
  MacAddr sender_mac{}, target_mac{};
  uint32_t sender_ip = 0, target_ip = 0;
};
// Writes an Ethernet ARP frame (padded, no FCS) and returns its length.
size_t write_arp(uint8_t* buf, const MacAddr& dst, const MacAddr& src, const Arp& a);
bool parse_arp(const uint8_t* buf, size_t len, Arp& out);

// The 802.3 FCS (reflected CRC-32) over frame[0..len), and the same appended.
uint32_t fcs(const uint8_t* frame, size_t len);
size_t append_fcs(uint8_t* frame, size_t len);
// What a NIC's transmit does to a short frame[0..len) before its FCS: pads it
// with zeros to the 60 B minimum; returns the length.
size_t pad_to_minimum(uint8_t* frame, size_t len);
// A frame from `pool` holding bytes[0..len), padded and with its FCS: what a NIC sends of them.
Frame* frame_of(FramePool& pool, const uint8_t* bytes, size_t len);
bool fcs_ok(const uint8_t* frame_with_fcs, size_t len);
// Appends the FCS over f.bytes[0..len) and seals the frame (Frame::sealed).
void seal(Frame& f, size_t len);
// A receiver's FCS check of `f`: a sealed frame passes without reading its bytes.
inline bool fcs_ok(const Frame& f) { return f.sealed || fcs_ok(f.bytes.data(), f.len); }

}  // namespace ws::eth
