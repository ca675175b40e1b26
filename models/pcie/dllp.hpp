#pragma once
// Data Link Layer Packets (PCIe Base Spec 1.1 §3.4): Ack/Nak carrying a sequence
// number, UpdateFC carrying a credit class's header and data credit limits. Six
// bytes (4 content + CRC-16) plus SDP and END framing: 8 symbols on the wire.
#include <array>
#include <cstdint>
#include "models/pcie/tlp.hpp"

namespace ws::pcie {

constexpr unsigned kDllpSymbols = 8;

struct Dllp {
  enum class Type : uint8_t { Ack, Nak, UpdateFc };
  Type type = Type::Ack;
  uint16_t seq = 0;          // Ack/Nak: AckNak_Seq_Num (12 bits)
  FcClass fc = FcClass::P;   // UpdateFC: which class
  uint8_t hdr_fc = 0;        // UpdateFC: header credit limit (8 bits, modulo)
  uint16_t data_fc = 0;      // UpdateFC: data credit limit (12 bits, modulo)

  std::array<uint8_t, 6> encode() const;
  // Throws std::runtime_error on a CRC mismatch or an unknown type.
  static Dllp decode(const std::array<uint8_t, 6>& b);
};

}  // namespace ws::pcie
