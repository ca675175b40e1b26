#pragma once
// What the DwEmacDriver (dw_emac_driver.hpp) is configured with, and its keys.
// Apart from the driver, which needs lwIP, so that its board declares the same
// keys in every build.
#include <cstdint>
#include <systemc>
#include "models/sim/bindings.hpp"

namespace ws::drivers {

struct DwEmacDriverConfig {
  bool tx_lookahead = false;
  bool rx_thread = false;
  bool dma_cached = false;        // buffers cacheable, with maintenance
  bool checksum_offload = false;  // TDES1 CIC = full on every frame, the MAC's Rx checksum check on
  unsigned rx_descs = 0, tx_descs = 0;
  uint64_t ring_base = 0;     // both rings, Rx first
  uint64_t buffer_base = 0;   // Rx buffers, then Tx buffers
  uint32_t buffer_bytes = 0;
  unsigned rx_budget = 0;     // frames per pass of the Rx thread
  double isr_instructions = 0;       // the handler's own work (status, dispatch)
  double rx_frame_instructions = 0;  // per received frame, copy excluded
  double tx_frame_instructions = 0;  // per sent frame, copy excluded
  bool rx_tick_poll = false;         // the tick enters the shipped handler
  unsigned rx_tick_frames = 1;       // the most a tick's poll takes (the board sets it)
  sc_core::sc_time tick;             // the OS tick the poll runs at

  // "<prefix>.tx", ".rx", ".dma_buffers", ".rx_descs", ".tx_descs", ".rx_budget",
  // ".isr_instructions", ".rx_frame_instructions", ".tx_frame_instructions",
  // ".rx_tick_poll", ".rx_tick_frames". The rest (addresses, checksum offload, the tick) is the board's.
  static const Bindings<DwEmacDriverConfig>& bindings();
};

}  // namespace ws::drivers
