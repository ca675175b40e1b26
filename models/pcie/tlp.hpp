#pragma once
// Transaction Layer Packets as real bytes: header (3DW below 4 GB, 4DW above),
// DW-aligned payload with first/last byte enables, optional ECRC (PCIe Base Spec
// 1.1 §2.2). The data link layer adds sequence number and LCRC, the PHY STP/END.
#include <cstdint>
#include <memory>
#include <vector>
#include "models/sim/recycling_allocator.hpp"

namespace ws::pcie {

enum class TlpKind : uint8_t { MWr, MRd, CplD };
// Flow-control credit classes (§2.6.1): posted, non-posted, completion.
enum class FcClass : uint8_t { P = 0, NP = 1, Cpl = 2 };

// Symbols a TLP adds around its bytes on the wire: STP 1, sequence 2, LCRC 4, END 1.
constexpr unsigned kTlpFramingSymbols = 8;
// Bytes in one flow-control data credit (§2.6.1: 4 DW).
constexpr unsigned kCreditBytes = 16;

struct TlpHeader {
  TlpKind kind = TlpKind::MWr;
  bool four_dw = false;
  bool digest = false;       // TD: ECRC present
  uint32_t length_dw = 0;    // payload (or requested) DWs
  uint16_t requester = 0;
  uint8_t tag = 0;
  uint64_t addr = 0;         // requests: byte address, from DW address and first BE
  uint32_t bytes = 0;        // requests: enabled bytes; completions: payload bytes
  uint16_t completer = 0;
  uint16_t byte_count = 0;   // completions: bytes left including this one (0 = 4096)
  uint8_t lower_addr = 0;    // completions: low 7 address bits of the first byte
};

class Tlp {
 public:
  using Bytes = std::vector<uint8_t, RecyclingAllocator<uint8_t>>;
  static Tlp mem_write(uint16_t requester, uint8_t tag, uint64_t addr, const uint8_t* data, uint32_t n,
                       bool ecrc);
  static Tlp mem_read(uint16_t requester, uint8_t tag, uint64_t addr, uint32_t n, bool ecrc);
  static Tlp completion(uint16_t completer, uint16_t requester, uint8_t tag, uint64_t addr,
                        uint32_t byte_count, const uint8_t* data, uint32_t n, bool ecrc);

  // Parses the header bytes; throws std::runtime_error on a malformed or ECRC-failed packet.
  TlpHeader parse() const;
  // The enabled payload bytes (writes and completions).
  const uint8_t* payload() const { return bytes_.data() + payload_at_; }
  uint32_t payload_len() const { return payload_len_; }

  TlpKind kind() const { return kind_; }
  FcClass fc_class() const;
  // Data credits this TLP consumes (payload DWs rounded up to 4 DW).
  uint32_t data_credits() const { return (data_dw_ + 3) / 4; }
  uint32_t data_dw() const { return data_dw_; }
  const Bytes& bytes() const { return bytes_; }
  // A copy with bit `bit` of its bytes inverted: what a bit error on the wire delivers.
  Tlp with_bit_flipped(size_t bit) const {
    Tlp t = *this;
    t.bytes_[(bit / 8) % t.bytes_.size()] ^= uint8_t(1u << (bit % 8));
    return t;
  }
  unsigned wire_symbols() const { return kTlpFramingSymbols + static_cast<unsigned>(bytes_.size()); }

 private:
  void build(TlpKind kind, bool four_dw, uint32_t length_dw, bool ecrc);
  void put_request(uint16_t requester, uint8_t tag, uint64_t addr, uint32_t n);
  void put_payload(uint32_t at, const uint8_t* data, uint32_t n);
  void finish(bool ecrc);

  Bytes bytes_;
  TlpKind kind_ = TlpKind::MWr;
  uint32_t data_dw_ = 0;
  uint32_t payload_at_ = 0;
  uint32_t payload_len_ = 0;
};

// A TLP shared between the queues, the replay buffer and the wire, in recycled memory.
inline std::shared_ptr<const Tlp> share(Tlp&& t) {
  return std::allocate_shared<Tlp>(RecyclingAllocator<Tlp>{}, std::move(t));
}

// Header bytes: 3 DW below 4 GB, 4 DW with a 64-bit address.
inline unsigned header_bytes(bool four_dw) { return four_dw ? 16 : 12; }

// DW span of n bytes starting at addr (what the Length field carries).
inline uint32_t dw_span(uint64_t addr, uint32_t n) {
  return n == 0 ? 1 : static_cast<uint32_t>(((addr & 3) + n + 3) / 4);
}

}  // namespace ws::pcie
