#include "models/pcie/tlp.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include "models/pcie/crc.hpp"

namespace ws::pcie {
namespace {

// Fmt/Type byte values (§2.2.1, Table 2-3).
constexpr uint8_t kFmtData = 0x40, kFmt4Dw = 0x20;
constexpr uint8_t kTypeMem = 0x00, kTypeCpl = 0x0A;

void put16(uint8_t* p, uint16_t v) { p[0] = uint8_t(v >> 8); p[1] = uint8_t(v); }
void put32(uint8_t* p, uint32_t v) { put16(p, uint16_t(v >> 16)); put16(p + 2, uint16_t(v)); }
uint16_t get16(const uint8_t* p) { return uint16_t(p[0] << 8 | p[1]); }
uint32_t get32(const uint8_t* p) { return uint32_t(get16(p)) << 16 | get16(p + 2); }

uint8_t first_be(uint64_t addr, uint32_t n) {
  const unsigned lo = addr & 3;
  const unsigned hi = std::min<uint64_t>(4, lo + n);
  return uint8_t(((1u << hi) - 1) & ~((1u << lo) - 1));
}
uint8_t last_be(uint64_t addr, uint32_t n) {
  if (dw_span(addr, n) == 1) return 0;
  const unsigned end = (addr + n) & 3;
  return end == 0 ? 0xF : uint8_t((1u << end) - 1);
}

}  // namespace

void Tlp::build(TlpKind kind, bool four_dw, uint32_t length_dw, bool ecrc) {
  kind_ = kind;
  const bool data = kind != TlpKind::MRd;
  data_dw_ = data ? length_dw : 0;
  const unsigned hdr = header_bytes(four_dw);
  // Recycled memory: every byte is written below, in put_payload() or in finish().
  bytes_.resize(hdr + data_dw_ * 4 + (ecrc ? 4 : 0));
  std::memset(bytes_.data(), 0, hdr);
  bytes_[0] = uint8_t((data ? kFmtData : 0) | (four_dw ? kFmt4Dw : 0) |
                      (kind == TlpKind::CplD ? kTypeCpl : kTypeMem));
  bytes_[2] = uint8_t((ecrc ? 0x80 : 0) | ((length_dw >> 8) & 3));
  bytes_[3] = uint8_t(length_dw);
}

void Tlp::put_request(uint16_t requester, uint8_t tag, uint64_t addr, uint32_t n) {
  put16(&bytes_[4], requester);
  bytes_[6] = tag;
  bytes_[7] = uint8_t(last_be(addr, n) << 4 | first_be(addr, n));
  if (bytes_[0] & kFmt4Dw) {
    put32(&bytes_[8], uint32_t(addr >> 32));
    put32(&bytes_[12], uint32_t(addr) & ~3u);
  } else {
    put32(&bytes_[8], uint32_t(addr) & ~3u);
  }
}

// The payload at byte `at` of the data DWs, the bytes around it in the first and
// last DW zero (their byte enables are off).
void Tlp::put_payload(uint32_t at, const uint8_t* data, uint32_t n) {
  payload_at_ = at;
  payload_len_ = n;
  uint8_t* b = bytes_.data();
  const uint32_t data_begin = at & ~3u, data_end = data_begin + data_dw_ * 4;
  std::memset(b + data_begin, 0, at - data_begin);
  std::memcpy(b + at, data, n);
  std::memset(b + at + n, 0, data_end - at - n);
}

void Tlp::finish(bool ecrc) {
  if (ecrc) {
    const size_t n = bytes_.size() - 4;
    put32(&bytes_[n], crc32(bytes_.data(), n));
  }
}

Tlp Tlp::mem_write(uint16_t requester, uint8_t tag, uint64_t addr, const uint8_t* data, uint32_t n,
                   bool ecrc) {
  Tlp t;
  t.build(TlpKind::MWr, addr >= (1ull << 32), dw_span(addr, n), ecrc);
  t.put_request(requester, tag, addr, n);
  t.put_payload(header_bytes(t.bytes_[0] & kFmt4Dw) + uint32_t(addr & 3), data, n);
  t.finish(ecrc);
  return t;
}

Tlp Tlp::mem_read(uint16_t requester, uint8_t tag, uint64_t addr, uint32_t n, bool ecrc) {
  Tlp t;
  t.build(TlpKind::MRd, addr >= (1ull << 32), dw_span(addr, n), ecrc);
  t.put_request(requester, tag, addr, n);
  t.finish(ecrc);
  return t;
}

Tlp Tlp::completion(uint16_t completer, uint16_t requester, uint8_t tag, uint64_t addr,
                    uint32_t byte_count, const uint8_t* data, uint32_t n, bool ecrc) {
  Tlp t;
  t.build(TlpKind::CplD, false, dw_span(addr, n), ecrc);
  put16(&t.bytes_[4], completer);
  put16(&t.bytes_[6], uint16_t(byte_count & 0xFFF));  // status 000b = successful
  put16(&t.bytes_[8], requester);
  t.bytes_[10] = tag;
  t.bytes_[11] = uint8_t(addr & 0x7F);
  t.put_payload(12 + uint32_t(addr & 3), data, n);
  t.finish(ecrc);
  return t;
}

FcClass Tlp::fc_class() const {
  switch (kind_) {
    case TlpKind::MWr: return FcClass::P;
    case TlpKind::MRd: return FcClass::NP;
    default: return FcClass::Cpl;
  }
}

TlpHeader Tlp::parse() const {
  if (bytes_.size() < 12) throw std::runtime_error("TLP shorter than a header");
  const uint8_t* b = bytes_.data();
  TlpHeader h;
  const bool data = b[0] & kFmtData;
  h.four_dw = b[0] & kFmt4Dw;
  const uint8_t type = b[0] & 0x1F;
  h.digest = b[2] & 0x80;
  h.length_dw = uint32_t(b[2] & 3) << 8 | b[3];
  if (h.length_dw == 0) h.length_dw = 1024;
  const size_t hdr = header_bytes(h.four_dw);
  const size_t expect = hdr + (data ? h.length_dw * 4 : 0) + (h.digest ? 4 : 0);
  if (bytes_.size() != expect) throw std::runtime_error("TLP length field disagrees with its size");
  if (h.digest && get32(b + expect - 4) != crc32(b, expect - 4)) throw std::runtime_error("ECRC mismatch");
  if (type == kTypeMem) {
    h.kind = data ? TlpKind::MWr : TlpKind::MRd;
    h.requester = get16(b + 4);
    h.tag = b[6];
    const uint8_t fbe = b[7] & 0xF, lbe = b[7] >> 4;
    const uint64_t dw_addr = h.four_dw ? (uint64_t(get32(b + 8)) << 32 | get32(b + 12)) : get32(b + 8);
    unsigned lead = 0;
    while (lead < 4 && !(fbe & (1u << lead))) ++lead;
    unsigned tail = 0;
    if (h.length_dw > 1)
      while (tail < 4 && !(lbe & (8u >> tail))) ++tail;
    else
      for (unsigned i = 4; i-- > 0 && !(fbe & (1u << i));) ++tail;
    h.addr = dw_addr + lead;
    h.bytes = h.length_dw * 4 - lead - tail;
  } else if (type == kTypeCpl && data) {
    h.kind = TlpKind::CplD;
    h.completer = get16(b + 4);
    h.byte_count = get16(b + 6) & 0xFFF;
    h.requester = get16(b + 8);
    h.tag = b[10];
    h.lower_addr = b[11] & 0x7F;
    const uint32_t left = h.byte_count ? h.byte_count : 4096;
    h.bytes = std::min<uint32_t>(left, h.length_dw * 4 - (h.lower_addr & 3));
  } else {
    throw std::runtime_error("unsupported TLP type");
  }
  return h;
}

}  // namespace ws::pcie
