#include "models/pcie/phy_layer.hpp"

namespace ws::pcie {

sc_core::sc_time PhyTransmitter::packet_time(unsigned symbols) const {
  const double t = (static_cast<double>(lane_times(symbols, cfg_.lanes)) + cfg_.gap_symbols) * symbol_ns(cfg_.gen);
  return ns(t);
}

sc_core::sc_time PhyTransmitter::send(unsigned symbols, uint64_t payload_bytes) {
  const auto now = ws::now();
  const auto d = packet_time(symbols);
  return wire_.serve(now, d, payload_bytes) + d;
}

}  // namespace ws::pcie
