#pragma once
// Physical layer timing (PCIe Base Spec 1.1 §4.2): 8b/10b puts 10 bits on a lane
// per symbol, so a symbol lasts 4 ns at Gen1 2.5 GT/s and 2 ns at Gen2 5 GT/s.
// A packet's symbols are striped across the lanes byte by byte and every packet
// starts on lane 0 for links of x4 and narrower, so it occupies ceil(symbols /
// lanes) symbol times. One PhyTransmitter is one direction of the link.
#include <systemc>
#include <cstdint>
#include "models/sim/busy_server.hpp"
#include "models/sim/sim_time.hpp"

namespace ws::pcie {

struct PhyConfig {
  unsigned gen = 1;           // 1: 2.5 GT/s, 2: 5 GT/s
  unsigned lanes = 4;         // 1, 2, 4
  double gap_symbols = 0;     // idle lane symbol times after each packet (controller quirk)
  double latency_ns = 0;      // transmit + receive pipeline and flight, first symbol out to packet usable
};

inline double symbol_ns(unsigned gen) { return gen == 2 ? 2.0 : 4.0; }
// TLP overhead the spec's latency tables count per TLP, in symbols.
constexpr unsigned kSpecTlpOverheadSymbols = 28;
// AckNak latency limit in symbol times (PCIe Base Spec 1.1 §3.5.3.1, Table 3-7):
// (MPS + 28) x AckFactor / width + internal delay 19, with AckFactor 1.4 for MPS
// 128 and 256 on x1..x4 (MPS 256: x1 416, x2 217, x4 118 symbol times). Only
// those sizes and widths are modelled here.
inline double ack_latency_symbols(unsigned mps, unsigned lanes) {
  return (mps + kSpecTlpOverheadSymbols) * 1.4 / lanes + 19;
}
// Lane symbol times a packet of `symbols` occupies on `lanes` lanes.
inline uint64_t lane_times(unsigned symbols, unsigned lanes) { return (symbols + lanes - 1) / lanes; }

class PhyTransmitter {
 public:
  PhyTransmitter(const PhyConfig& cfg, ResourceStats* stats) : cfg_(cfg), wire_(stats) {}
  bool idle(const sc_core::sc_time& now) const { return wire_.idle_at(now); }
  const sc_core::sc_time& free_at() const { return wire_.free_at(); }
  // Starts a packet now (the wire must be idle); returns when the wire frees.
  sc_core::sc_time send(unsigned symbols, uint64_t payload_bytes);
  sc_core::sc_time packet_time(unsigned symbols) const;
  sc_core::sc_time latency() const { return ns(cfg_.latency_ns); }
  // Raw symbol capacity of this direction after 8b/10b, in bits per second.
  double data_rate_bps() const { return cfg_.lanes * 8.0 / symbol_ns(cfg_.gen) * 1e9; }

 private:
  sc_core::sc_time scaled_time(unsigned symbols) const;

  PhyConfig cfg_;
  BusyServer wire_;
  // Packet sizes repeat (DLLPs, full TLPs), and scaling to a time takes floating
  // point: the last two sizes' times, most recent first.
  struct Memo {
    unsigned symbols = ~0u;
    sc_core::sc_time t;
  };
  mutable Memo memo_[2];
};

}  // namespace ws::pcie
