#pragma once
// The CpswLwipif's configuration and keys, apart from the driver (which needs
// lwIP), so that a board declares the same keys in every build.
#include <cstdint>
#include "models/sim/bindings.hpp"

namespace ws::drivers {

struct CpswLwipifConfig {
  unsigned rx_pkts = 32, tx_pkts = 16;      // the SDK's Rx and Tx packet counts
  unsigned task_priority = 8;               // the Rx and Tx tasks
  double isr_instructions = 0;              // an Rx or Tx interrupt: status, completion pointer, notify, EOI
  double rx_pkt_instructions = 0;           // per received packet in the Rx task: descriptor, custom pbuf, tcpip_input
  double tx_pkt_instructions = 0;           // per sent packet: SG list, checksum word, descriptors, HDP
  double tx_reap_instructions = 0;          // per completed Tx packet: descriptors back, pbuf_free
  uint64_t desc_base = 0, buffer_base = 0;  // the non-cached descriptor region, the Rx buffers (the board's)
  uint64_t ram_base = 0;                    // where the RAM model's offset 0 stands
  uint32_t buffer_bytes = 1536;
  // A Tx packet's descriptors: the checksum word, then a piece (pbuf) each.
  static constexpr unsigned kTxPieces = 4;
  static constexpr uint64_t kDescStride = 32;  // a 16 B CPPI descriptor in each 32 B of the region
  uint64_t rx_desc(unsigned i) const { return desc_base + uint64_t(i) * kDescStride; }
  uint64_t tx_desc(unsigned slot, unsigned k) const {
    return desc_base + (uint64_t(rx_pkts) + uint64_t(slot) * (1 + kTxPieces) + k) * kDescStride;
  }
  uint64_t descriptor_bytes() const { return tx_desc(tx_pkts, 0) - desc_base; }  // the region they need
  // "<prefix>.rx_pkts", ".tx_pkts", ".task_priority" and the path lengths.
  static const Bindings<CpswLwipifConfig>& bindings();
};

}  // namespace ws::drivers
