#pragma once
// What the forwarding software and the caches did over the measurement
// window: marks taken at its start (Tx lock spinning, NET_RX's squeezes and
// packets, cache-line moves; the CPUs' ledgers cleared), and the report's
// lines from them at its end.
#include <systemc>
#include <cstdint>
#include <map>
#include <string>
#include <vector>
#include "models/mem/snoop_domain.hpp"
#include "models/sim/stats.hpp"
#include "platforms/mpc8572/mpc8572_software.hpp"

namespace ws::mpc8572 {

class ForwardingWindow {
 public:
  explicit ForwardingWindow(Mpc8572Software& sw) : sw_(sw) {}
  void start();
  uint64_t time_squeezes() const { return sw_.time_squeezes() - squeezes_; }
  // Each port's Tx lock: contended takes and the share of a CPU spent spinning
  // over `window`; a lock spun on for a tenth of a CPU or more joins `limiting`.
  std::string locks(const sc_core::sc_time& window, std::string& limiting) const;
  // Where irqbalance left the interrupts ("" when it is off).
  std::string irqbalance(std::string& limiting) const;
  // NET_RX per CPU over the run.
  std::string net_rx() const;
  // The cache lines each region's lines moved per forwarded frame, over the window.
  std::string cache_moves(uint64_t forwarded) const;
  // Each CPU's hardirq and softirq time by what it did, per frame it polled.
  std::string ledgers(StatsRegistry& stats) const;

 private:
  Mpc8572Software& sw_;
  std::vector<sc_core::sc_time> spun_ = std::vector<sc_core::sc_time>(kPorts);
  std::vector<uint64_t> takes_ = std::vector<uint64_t>(kPorts);
  uint64_t squeezes_ = 0;
  std::map<std::string, SnoopDomain::Moves> moves_;
  std::vector<uint64_t> packets_ = std::vector<uint64_t>(2);
};

}  // namespace ws::mpc8572
