#include "models/pcie/phy_layer.hpp"

#include <utility>

namespace ws::pcie {

sc_core::sc_time PhyTransmitter::packet_time(unsigned symbols) const {
  if (memo_[0].symbols == symbols) return memo_[0].t;
  if (memo_[1].symbols != symbols) memo_[1] = Memo{symbols, scaled_time(symbols)};
  std::swap(memo_[0], memo_[1]);
  return memo_[0].t;
}

sc_core::sc_time PhyTransmitter::scaled_time(unsigned symbols) const {
  const double t = (static_cast<double>(lane_times(symbols, cfg_.lanes)) + cfg_.gap_symbols) * symbol_ns(cfg_.gen);
  return ns(t);
}

sc_core::sc_time PhyTransmitter::send(unsigned symbols, uint64_t payload_bytes) {
  const auto now = ws::now();
  const auto d = packet_time(symbols);
  return wire_.serve(now, d, payload_bytes) + d;
}

}  // namespace ws::pcie
