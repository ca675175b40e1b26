#include "models/pcie/dllp.hpp"

#include <stdexcept>
#include "models/pcie/crc.hpp"

namespace ws::pcie {
namespace {
// DLLP type encodings (§3.4.1, Table 3-1); UpdateFC for VC0.
constexpr uint8_t kAck = 0x00, kNak = 0x10, kUpdateFcP = 0x80, kUpdateFcNp = 0x90, kUpdateFcCpl = 0xA0;
}  // namespace

std::array<uint8_t, 6> Dllp::encode() const {
  std::array<uint8_t, 6> b{};
  if (type == Type::UpdateFc) {
    b[0] = fc == FcClass::P ? kUpdateFcP : fc == FcClass::NP ? kUpdateFcNp : kUpdateFcCpl;
    b[1] = uint8_t(hdr_fc >> 2);
    b[2] = uint8_t((hdr_fc & 3) << 6 | ((data_fc >> 8) & 0xF));
    b[3] = uint8_t(data_fc);
  } else {
    b[0] = type == Type::Ack ? kAck : kNak;
    b[2] = uint8_t((seq >> 8) & 0xF);
    b[3] = uint8_t(seq);
  }
  const uint16_t crc = crc16_dllp(b.data(), 4);
  b[4] = uint8_t(crc >> 8);
  b[5] = uint8_t(crc);
  return b;
}

Dllp Dllp::decode(const std::array<uint8_t, 6>& b) {
  if (crc16_dllp(b.data(), 4) != (uint16_t(b[4] << 8) | b[5])) throw std::runtime_error("DLLP CRC mismatch");
  Dllp d;
  switch (b[0]) {
    case kAck: d.type = Type::Ack; break;
    case kNak: d.type = Type::Nak; break;
    case kUpdateFcP: d.type = Type::UpdateFc; d.fc = FcClass::P; break;
    case kUpdateFcNp: d.type = Type::UpdateFc; d.fc = FcClass::NP; break;
    case kUpdateFcCpl: d.type = Type::UpdateFc; d.fc = FcClass::Cpl; break;
    default: throw std::runtime_error("unknown DLLP type");
  }
  if (d.type == Type::UpdateFc) {
    d.hdr_fc = uint8_t(b[1] << 2 | b[2] >> 6);
    d.data_fc = uint16_t((b[2] & 0xF) << 8 | b[3]);
  } else {
    d.seq = uint16_t((b[2] & 0xF) << 8 | b[3]);
  }
  return d;
}

}  // namespace ws::pcie
