// TLP and DLLP byte accounting, header encoding and parsing, CRCs
// (PCIe Base Spec 1.1 §2.2, §3.4, §3.5.2.1).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/pcie/crc.hpp"
#include "models/pcie/data_link_layer.hpp"
#include "models/pcie/dllp.hpp"
#include "models/pcie/tlp.hpp"

namespace {

using namespace ws::pcie;

std::vector<uint8_t> pattern(size_t n, uint8_t seed = 1) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = uint8_t(seed + i * 7 + (i >> 8));
  return v;
}

// Test-only mutable access to a TLP's bytes (the object is not const).
Tlp::Bytes& raw(Tlp& t) { return const_cast<Tlp::Bytes&>(t.bytes()); }

// --- byte accounting --------------------------------------------------------

TEST(PcieTlp, MemWrite3DwOf256BytesIsHeaderPlusPayload) {
  const auto d = pattern(256);
  const Tlp t = Tlp::mem_write(0x0100, 0, 0x80001000, d.data(), 256, false);
  EXPECT_EQ(t.bytes().size(), 12u + 256u);
  EXPECT_EQ(t.wire_symbols(), 8u + 268u);
  EXPECT_EQ(t.kind(), TlpKind::MWr);
  EXPECT_EQ(t.fc_class(), FcClass::P);
  EXPECT_EQ(t.data_dw(), 64u);
  EXPECT_EQ(t.data_credits(), 16u);  // 256 B / 16 B
  EXPECT_EQ(t.payload_len(), 256u);
  EXPECT_EQ(t.bytes()[0], 0x40);  // Fmt 10b (3DW with data), Type 00000b (MWr)
  EXPECT_EQ(t.bytes()[3], 64);    // Length field
  EXPECT_EQ(std::vector<uint8_t>(t.payload(), t.payload() + 256), d);
  const TlpHeader h = t.parse();
  EXPECT_EQ(h.kind, TlpKind::MWr);
  EXPECT_FALSE(h.four_dw);
  EXPECT_FALSE(h.digest);
  EXPECT_EQ(h.length_dw, 64u);
  EXPECT_EQ(h.requester, 0x0100);
  EXPECT_EQ(h.addr, 0x80001000u);
  EXPECT_EQ(h.bytes, 256u);
}

TEST(PcieTlp, AddressAbove4GbUses4DwHeader) {
  const auto d = pattern(256);
  const uint64_t addr = 0x1'2345'6700ull;
  const Tlp t = Tlp::mem_write(1, 0, addr, d.data(), 256, false);
  EXPECT_EQ(t.bytes().size(), 16u + 256u);
  EXPECT_EQ(t.wire_symbols(), 8u + 272u);
  EXPECT_EQ(t.bytes()[0], 0x60);  // Fmt 11b
  const TlpHeader h = t.parse();
  EXPECT_TRUE(h.four_dw);
  EXPECT_EQ(h.addr, addr);
  EXPECT_EQ(h.bytes, 256u);
  EXPECT_EQ(std::vector<uint8_t>(t.payload(), t.payload() + 256), d);

  // Just below 4 GB stays 3DW; exactly 4 GB goes 4DW.
  EXPECT_EQ(Tlp::mem_write(1, 0, 0xFFFF'FF00ull, d.data(), 256, false).bytes().size(), 12u + 256u);
  EXPECT_EQ(Tlp::mem_write(1, 0, 0x1'0000'0000ull, d.data(), 4, false).bytes().size(), 16u + 4u);
  const Tlp r = Tlp::mem_read(1, 9, 0x2'0000'0010ull, 64, false);
  EXPECT_EQ(r.bytes().size(), 16u);
  EXPECT_EQ(r.bytes()[0], 0x20);
  EXPECT_EQ(r.parse().addr, 0x2'0000'0010ull);
}

TEST(PcieTlp, MaxPayload4096EncodesLengthZeroAndParsesAs1024Dw) {
  const auto d = pattern(4096);
  const Tlp t = Tlp::mem_write(1, 0, 0x10000, d.data(), 4096, false);
  EXPECT_EQ(t.bytes().size(), 12u + 4096u);
  EXPECT_EQ(t.bytes()[2] & 3, 0);
  EXPECT_EQ(t.bytes()[3], 0);
  const TlpHeader h = t.parse();
  EXPECT_EQ(h.length_dw, 1024u);
  EXPECT_EQ(h.bytes, 4096u);
}

TEST(PcieTlp, EcrcAddsFourBytesAndParseVerifiesIt) {
  const auto d = pattern(128);
  Tlp t = Tlp::mem_write(2, 0, 0x4000, d.data(), 128, true);
  EXPECT_EQ(t.bytes().size(), 12u + 128u + 4u);
  EXPECT_EQ(t.wire_symbols(), 8u + 144u);
  EXPECT_EQ(t.bytes()[2] & 0x80, 0x80);  // TD bit
  // The digest is the CRC-32 of everything before it, most significant byte first.
  const uint32_t ecrc = crc32(t.bytes().data(), t.bytes().size() - 4);
  const size_t e = t.bytes().size() - 4;
  EXPECT_EQ(uint32_t(t.bytes()[e]) << 24 | uint32_t(t.bytes()[e + 1]) << 16 | uint32_t(t.bytes()[e + 2]) << 8 |
                t.bytes()[e + 3],
            ecrc);
  const TlpHeader h = t.parse();
  EXPECT_TRUE(h.digest);
  EXPECT_EQ(h.bytes, 128u);
  // Digest does not count as payload.
  EXPECT_EQ(t.payload_len(), 128u);
  EXPECT_EQ(t.data_credits(), 8u);

  for (size_t at : {size_t(5), size_t(12), size_t(100), e + 2}) {
    Tlp bad = t;
    raw(bad)[at] ^= 0x10;
    EXPECT_THROW(bad.parse(), std::runtime_error) << "corrupt byte " << at;
  }
  // Without ECRC the same corruption of a payload byte goes unnoticed by parse().
  Tlp plain = Tlp::mem_write(2, 0, 0x4000, d.data(), 128, false);
  raw(plain)[40] ^= 0x10;
  EXPECT_NO_THROW(plain.parse());
}

TEST(PcieTlp, ParseRejectsTruncatedAndLengthMismatch) {
  const auto d = pattern(64);
  Tlp t = Tlp::mem_write(1, 0, 0x100, d.data(), 64, false);
  Tlp shorter = t;
  raw(shorter).pop_back();
  EXPECT_THROW(shorter.parse(), std::runtime_error);
  Tlp tiny = t;
  raw(tiny).resize(8);
  EXPECT_THROW(tiny.parse(), std::runtime_error);
  Tlp wrong_len = t;
  raw(wrong_len)[3] = 15;  // claims 15 DW, carries 16
  EXPECT_THROW(wrong_len.parse(), std::runtime_error);
}

// --- unaligned writes and byte enables --------------------------------------

TEST(PcieTlp, UnalignedWritesRecoverAddressAndByteCountFromByteEnables) {
  const auto d = pattern(600, 3);
  for (uint64_t base : {0x1000ull, 0x1'0000'1000ull}) {
    for (unsigned off = 0; off < 4; ++off) {
      for (uint32_t n : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 9u, 13u, 252u, 255u, 256u, 257u, 511u}) {
        const uint64_t addr = base + off;
        SCOPED_TRACE("addr=0x" + std::to_string(addr) + " off=" + std::to_string(off) + " n=" + std::to_string(n));
        const Tlp t = Tlp::mem_write(7, 0, addr, d.data(), n, false);
        const uint32_t span = uint32_t((off + n + 3) / 4);
        ASSERT_EQ(dw_span(addr, n), span);
        const unsigned hdr = base >= (1ull << 32) ? 16 : 12;
        EXPECT_EQ(t.bytes().size(), hdr + 4u * span);
        EXPECT_EQ(t.wire_symbols(), 8u + hdr + 4u * span);
        EXPECT_EQ(t.data_dw(), span);
        EXPECT_EQ(t.data_credits(), (span + 3) / 4);
        // Byte enables: first BE covers the leading bytes, last BE is 0 for a 1-DW TLP.
        const uint8_t be = t.bytes()[7];
        const uint8_t fbe = be & 0xF, lbe = be >> 4;
        EXPECT_NE(fbe, 0);
        if (span == 1) {
          EXPECT_EQ(lbe, 0);
          EXPECT_EQ(__builtin_popcount(fbe), int(n));
        } else {
          EXPECT_NE(lbe, 0);
          EXPECT_EQ(__builtin_popcount(fbe) + __builtin_popcount(lbe) + 4 * int(span - 2), int(n));
        }
        // The DW address field drops the two low bits.
        EXPECT_EQ(t.bytes()[hdr - 1] & 3, 0);
        const TlpHeader h = t.parse();
        EXPECT_EQ(h.addr, addr);
        EXPECT_EQ(h.bytes, n);
        EXPECT_EQ(h.length_dw, span);
        // Payload sits at its byte lane inside the DW-aligned data.
        ASSERT_EQ(t.payload_len(), n);
        EXPECT_EQ(t.payload(), t.bytes().data() + hdr + off);
        EXPECT_EQ(std::vector<uint8_t>(t.payload(), t.payload() + n), std::vector<uint8_t>(d.begin(), d.begin() + n));
      }
    }
  }
}

TEST(PcieTlp, ByteEnableExamples) {
  const uint8_t d[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  // 1 byte at lane 3.
  EXPECT_EQ(Tlp::mem_write(0, 0, 0x103, d, 1, false).bytes()[7], 0x08);
  // 2 bytes in the middle of one DW.
  EXPECT_EQ(Tlp::mem_write(0, 0, 0x101, d, 2, false).bytes()[7], 0x06);
  // 1 full DW.
  EXPECT_EQ(Tlp::mem_write(0, 0, 0x100, d, 4, false).bytes()[7], 0x0F);
  // 2 bytes straddling a DW boundary: lane 3 of the first DW, lane 0 of the second.
  EXPECT_EQ(Tlp::mem_write(0, 0, 0x103, d, 2, false).bytes()[7], 0x18);
  // 8 aligned bytes.
  EXPECT_EQ(Tlp::mem_write(0, 0, 0x100, d, 8, false).bytes()[7], 0xFF);
  // 6 bytes from lane 2: first BE 1100b, last BE 1111b.
  EXPECT_EQ(Tlp::mem_write(0, 0, 0x102, d, 6, false).bytes()[7], 0xFC);
}

// --- reads and completions --------------------------------------------------

TEST(PcieTlp, MemReadHasNoPayloadAndParses) {
  const Tlp t = Tlp::mem_read(0x0100, 5, 0x80001002, 510, false);
  EXPECT_EQ(t.bytes().size(), 12u);
  EXPECT_EQ(t.wire_symbols(), 20u);
  EXPECT_EQ(t.kind(), TlpKind::MRd);
  EXPECT_EQ(t.fc_class(), FcClass::NP);
  EXPECT_EQ(t.data_credits(), 0u);
  EXPECT_EQ(t.payload_len(), 0u);
  EXPECT_EQ(t.bytes()[0], 0x00);
  const TlpHeader h = t.parse();
  EXPECT_EQ(h.kind, TlpKind::MRd);
  EXPECT_EQ(h.requester, 0x0100);
  EXPECT_EQ(h.tag, 5);
  EXPECT_EQ(h.length_dw, dw_span(0x80001002, 510));
  EXPECT_EQ(h.length_dw, 128u);
  EXPECT_EQ(h.addr, 0x80001002u);
  EXPECT_EQ(h.bytes, 510u);

  for (unsigned off = 0; off < 4; ++off)
    for (uint32_t n : {1u, 3u, 4u, 7u, 512u}) {
      const TlpHeader r = Tlp::mem_read(1, 2, 0x2000 + off, n, true).parse();
      EXPECT_EQ(r.addr, 0x2000u + off) << off << " " << n;
      EXPECT_EQ(r.bytes, n) << off << " " << n;
      EXPECT_TRUE(r.digest);
    }
}

TEST(PcieTlp, CompletionCarriesByteCountLowerAddressAndPayload) {
  const auto d = pattern(64, 9);
  // A first completion that starts mid-DW and ends on a 64 B boundary.
  const Tlp t = Tlp::completion(0x0100, 0x0000, 3, 0x80001041, 300, d.data(), 63, false);
  EXPECT_EQ(t.kind(), TlpKind::CplD);
  EXPECT_EQ(t.fc_class(), FcClass::Cpl);
  EXPECT_EQ(t.bytes()[0], 0x4A);  // Fmt 10b, Type 01010b
  EXPECT_EQ(t.data_dw(), 16u);
  EXPECT_EQ(t.bytes().size(), 12u + 64u);
  const TlpHeader h = t.parse();
  EXPECT_EQ(h.kind, TlpKind::CplD);
  EXPECT_EQ(h.completer, 0x0100);
  EXPECT_EQ(h.requester, 0x0000);
  EXPECT_EQ(h.tag, 3);
  EXPECT_EQ(h.byte_count, 300);
  EXPECT_EQ(h.lower_addr, 0x41);
  EXPECT_EQ(h.bytes, 63u);
  // The payload starts at the lower address's byte lane, where the receiver looks for it.
  const uint8_t* at = t.bytes().data() + 12 + (h.lower_addr & 3);
  EXPECT_EQ(std::vector<uint8_t>(at, at + 63), std::vector<uint8_t>(d.begin(), d.begin() + 63));
  EXPECT_EQ(std::vector<uint8_t>(t.payload(), t.payload() + t.payload_len()),
            std::vector<uint8_t>(d.begin(), d.begin() + 63));

  // The last completion: byte count equals what it carries, which may end mid-DW.
  const Tlp last = Tlp::completion(0x0100, 0x0000, 3, 0x80001080, 10, d.data(), 10, true);
  const TlpHeader l = last.parse();
  EXPECT_EQ(l.byte_count, 10);
  EXPECT_EQ(l.lower_addr, 0x00);
  EXPECT_EQ(l.length_dw, 3u);
  EXPECT_EQ(l.bytes, 10u);
  EXPECT_TRUE(l.digest);

  // Byte count 4096 encodes as 0.
  const auto big = pattern(256);
  const Tlp first = Tlp::completion(1, 2, 4, 0x3000, 4096, big.data(), 256, false);
  const TlpHeader f = first.parse();
  EXPECT_EQ(f.byte_count, 0);
  EXPECT_EQ(f.bytes, 256u);
  EXPECT_EQ(f.lower_addr, 0);
}

// --- DLLPs ------------------------------------------------------------------

TEST(PcieDllp, AckNakUpdateFcRoundTrip) {
  for (uint16_t seq : {uint16_t(0), uint16_t(1), uint16_t(0x7FF), uint16_t(0xABC), uint16_t(4095)}) {
    for (auto type : {Dllp::Type::Ack, Dllp::Type::Nak}) {
      Dllp d;
      d.type = type;
      d.seq = seq;
      const auto b = d.encode();
      EXPECT_EQ(b[0], type == Dllp::Type::Ack ? 0x00 : 0x10);
      EXPECT_EQ(b[1], 0);
      EXPECT_EQ(b[2], seq >> 8);
      EXPECT_EQ(b[3], seq & 0xFF);
      const Dllp r = Dllp::decode(b);
      EXPECT_EQ(r.type, type);
      EXPECT_EQ(r.seq, seq);
    }
  }
  const std::array<uint8_t, 3> types = {0x80, 0x90, 0xA0};
  for (unsigned c = 0; c < 3; ++c) {
    for (auto [hdr, data] : {std::pair<uint8_t, uint16_t>{0, 0}, {1, 1}, {0x7F, 0x7FF}, {0xFF, 0xFFF}, {0xA5, 0x5A3}}) {
      Dllp d;
      d.type = Dllp::Type::UpdateFc;
      d.fc = FcClass(c);
      d.hdr_fc = hdr;
      d.data_fc = data;
      const auto b = d.encode();
      EXPECT_EQ(b[0], types[c]);
      const Dllp r = Dllp::decode(b);
      EXPECT_EQ(r.type, Dllp::Type::UpdateFc);
      EXPECT_EQ(r.fc, FcClass(c));
      EXPECT_EQ(r.hdr_fc, hdr);
      EXPECT_EQ(r.data_fc, data);
    }
  }
  // Field layout (§3.4.2): HdrFC[7:2] in byte 1 bits 5:0, HdrFC[1:0] in byte 2 bits 7:6,
  // DataFC[11:8] in byte 2 bits 3:0, DataFC[7:0] in byte 3.
  Dllp u;
  u.type = Dllp::Type::UpdateFc;
  u.fc = FcClass::NP;
  u.hdr_fc = 0xB7;
  u.data_fc = 0x9C4;
  const auto b = u.encode();
  EXPECT_EQ(b[1], 0x2D);
  EXPECT_EQ(b[2], 0xC9);
  EXPECT_EQ(b[3], 0xC4);
}

TEST(PcieDllp, CrcMismatchAndUnknownTypeThrow) {
  Dllp d;
  d.type = Dllp::Type::Ack;
  d.seq = 0x123;
  const auto good = d.encode();
  for (size_t i = 0; i < 6; ++i) {
    for (uint8_t bit : {uint8_t(0x01), uint8_t(0x80)}) {
      auto bad = good;
      bad[i] ^= bit;
      EXPECT_THROW(Dllp::decode(bad), std::runtime_error) << "byte " << i << " bit " << int(bit);
    }
  }
  // A valid CRC over an unknown type byte is still rejected.
  std::array<uint8_t, 6> odd{0x30, 0, 0, 0, 0, 0};
  const uint16_t crc = crc16_dllp(odd.data(), 4);
  odd[4] = uint8_t(crc >> 8);
  odd[5] = uint8_t(crc);
  EXPECT_THROW(Dllp::decode(odd), std::runtime_error);
}

// --- CRCs -------------------------------------------------------------------

// Bit-serial CRC-16, polynomial 100Bh, initial FFFFh, result complemented: an
// independent reference for the table-driven implementation.
uint16_t crc16_bitwise(const uint8_t* p, size_t n) {
  uint16_t c = 0xFFFF;
  for (size_t i = 0; i < n; ++i) {
    c ^= uint16_t(p[i] << 8);
    for (int b = 0; b < 8; ++b) c = (c & 0x8000) ? uint16_t((c << 1) ^ 0x100B) : uint16_t(c << 1);
  }
  return uint16_t(~c);
}

TEST(PcieCrc, Crc32KnownValuesAndChaining) {
  const std::string s = "123456789";
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  EXPECT_EQ(crc32(p, 9), 0xCBF43926u);
  EXPECT_EQ(crc32(p, 0), 0u);
  // Chaining with the seed continues the same CRC.
  EXPECT_EQ(crc32(p + 4, 5, crc32(p, 4)), 0xCBF43926u);
  const uint8_t a = 'a';
  EXPECT_EQ(crc32(&a, 1), 0xE8B7BE43u);
}

// Bit-serial reflected CRC-32 (polynomial 04C11DB7h reflected to EDB88320h).
uint32_t crc32_bitwise(const uint8_t* p, size_t n, uint32_t seed = 0) {
  uint32_t c = ~seed;
  for (size_t i = 0; i < n; ++i) {
    c ^= p[i];
    for (int b = 0; b < 8; ++b) c = (c & 1) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
  }
  return ~c;
}

TEST(PcieCrc, Crc32MatchesBitSerialReferenceForAllLengthsAndAlignments) {
  std::vector<uint8_t> buf(300);
  for (size_t i = 0; i < buf.size(); ++i) buf[i] = uint8_t(i * 131 + 17);
  for (size_t start = 0; start < 8; ++start)
    for (size_t n = 0; n + start <= 280; ++n) {
      ASSERT_EQ(crc32(buf.data() + start, n), crc32_bitwise(buf.data() + start, n)) << start << " " << n;
      ASSERT_EQ(crc32(buf.data() + start, n, 0x12345678u), crc32_bitwise(buf.data() + start, n, 0x12345678u))
          << start << " " << n;
    }
  // Chaining at every split point equals one pass.
  const uint32_t whole = crc32(buf.data(), 200);
  for (size_t k = 0; k <= 200; ++k) ASSERT_EQ(crc32(buf.data() + k, 200 - k, crc32(buf.data(), k)), whole) << k;
}

TEST(PcieCrc, Crc16DllpMatchesBitSerialReference) {
  const std::string s = "123456789";
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  EXPECT_EQ(crc16_dllp(p, 9), crc16_bitwise(p, 9));
  // Every 4-byte DLLP body with one set bit, and some patterns.
  for (int bit = 0; bit < 32; ++bit) {
    std::array<uint8_t, 4> b{};
    b[bit / 8] = uint8_t(1u << (bit % 8));
    EXPECT_EQ(crc16_dllp(b.data(), 4), crc16_bitwise(b.data(), 4)) << bit;
  }
  const std::array<uint8_t, 4> z{}, ff{0xFF, 0xFF, 0xFF, 0xFF};
  EXPECT_EQ(crc16_dllp(z.data(), 4), crc16_bitwise(z.data(), 4));
  EXPECT_EQ(crc16_dllp(ff.data(), 4), crc16_bitwise(ff.data(), 4));
  // Distinct bodies give distinct CRCs here (a CRC-16 detects all single-bit errors).
  EXPECT_NE(crc16_dllp(z.data(), 4), crc16_dllp(ff.data(), 4));
}

TEST(PcieCrc, LcrcCoversSequenceNumberAndTlpBytes) {
  const auto d = pattern(64);
  const Tlp t = Tlp::mem_write(1, 0, 0x100, d.data(), 64, false);
  std::vector<uint8_t> framed = {0x0A, 0xBC};  // sequence 0xABC, 4 reserved bits zero
  framed.insert(framed.end(), t.bytes().begin(), t.bytes().end());
  EXPECT_EQ(lcrc_of(0xABC, t), crc32(framed.data(), framed.size()));
  EXPECT_NE(lcrc_of(0xABC, t), lcrc_of(0xABD, t));
  // Only the 12-bit sequence number is covered.
  EXPECT_EQ(lcrc_of(0xABC, t), lcrc_of(0xFABC, t));
}

}  // namespace
