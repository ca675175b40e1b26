#pragma once
// The QUICC Engine buffer descriptor: 8 bytes in memory, big-endian: status (16 b),
// data length (16 b), buffer pointer (32 b) (MSC8144 RM §18.2.4; Linux qe.h
// struct qe_bd). The status bits below are those of the UCC Ethernet BDs
// (Linux ucc_geth.h R_* / T_* masks, upper half of the status+length word).
#include <cstdint>
#include "models/eth/headers.hpp"

namespace ws::qe {

constexpr uint32_t kBdBytes = 8;
// Rx: E = empty, the UEC may fill it. Tx: R = ready, the UEC may send it.
constexpr uint16_t kBdEmpty = 0x8000;
constexpr uint16_t kBdReady = 0x8000;
constexpr uint16_t kBdWrap = 0x2000;       // last BD of the ring: the next is the ring's first
constexpr uint16_t kBdInterrupt = 0x1000;  // raise the queue's event when the BD closes
constexpr uint16_t kBdLast = 0x0800;       // last buffer of the frame
constexpr uint16_t kBdFirst = 0x0400;      // Rx: first buffer of the frame
constexpr uint16_t kBdTxCrc = 0x0400;      // Tx: the MAC appends the FCS

struct Bd {
  uint16_t status = 0;
  uint16_t length = 0;
  uint32_t pointer = 0;
};

inline void encode(const Bd& bd, uint8_t out[kBdBytes]) {
  eth::put16(out, bd.status);
  eth::put16(out + 2, bd.length);
  eth::put32(out + 4, bd.pointer);
}
inline Bd decode(const uint8_t in[kBdBytes]) { return Bd{eth::get16(in), eth::get16(in + 2), eth::get32(in + 4)}; }

// A ring's place in memory and one side's position in it. Device and driver keep
// their own cursor; both follow the W bit back to the ring's base.
struct BdCursor {
  uint64_t base = 0;
  uint32_t index = 0;
  uint64_t addr() const { return base + uint64_t(index) * kBdBytes; }
  void advance(const Bd& used) { index = (used.status & kBdWrap) ? 0 : index + 1; }
};

}  // namespace ws::qe
