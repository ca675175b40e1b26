#pragma once
// A host NIC's receive interrupt throttling, as Intel's e1000e and igb drivers
// run it by default (InterruptThrottleRate 3, "dynamic conservative"): a frame
// reaches the stack only at the next interrupt, and interrupts come no closer
// together than 1/ITR. After each interrupt the driver re-classes the traffic
// since the last one from its bytes and packets, each direction apart, and
// takes the slower class: low latency, 20000 interrupts/s, or bulk, 4000/s
// (Linux drivers/net/ethernet/intel/e1000e/netdev.c, e1000_update_itr and
// e1000_set_itr; igb_main.c igb_update_itr and igb_set_itr use the same
// classes). A rate going up rises in steps of a quarter of the target.
//
// Sent frames count for the Tx class: with TSO the stack hands the NIC one
// packet for a burst of segments, so the frames one output call sends count as
// one packet (`tso`).
#include <systemc>
#include <cstdint>
#include <functional>
#include <vector>
#include "models/sim/bindings.hpp"
#include "models/sim/scheduler.hpp"

namespace ws::eth {

class NicThrottle {
 public:
  enum class Mode { Off, Dynamic, Fixed };
  struct Config {
    Mode mode = Mode::Off;
    double low_hz = 20000, bulk_hz = 4000;  // the two classes' rates (dynamic)
    double fixed_hz = 0;                     // Fixed: this rate
    bool tso = true;
    double stack_us = 0;                     // interrupt to the stack's answer on the wire's side
    // No throttling: every frame reaches the stack `t` after its last bit.
    static Config delay(const sc_core::sc_time& t) {
      Config c;
      c.stack_us = t.to_seconds() * 1e6;
      return c;
    }
    static const Bindings<Config>& bindings();
  };
  using Deliver = std::function<void()>;
  NicThrottle(const Config& cfg, Scheduler& sched);

  // A frame of `bytes` landed now; `deliver` runs when the stack takes it.
  void received(uint32_t bytes, Deliver deliver);
  // The stack handed the NIC a frame of `bytes` now.
  void sent(uint32_t bytes);

  uint64_t interrupts() const { return interrupts_; }
  // Frames landed that the stack has not taken yet (awaiting an interrupt or the stack's time).
  uint64_t held() const { return received_ - delivered_; }
  double rate_hz() const { return itr_; }  // the interrupt rate in force

 private:
  enum Class { kLowest, kLow, kBulk };
  static Class update(Class c, uint64_t packets, uint64_t bytes);
  void interrupt();
  void set_itr();
  sc_core::sc_time gap() const;

  Config cfg_;
  Scheduler& sched_;
  double itr_;
  Class rx_class_ = kLowest, tx_class_ = kLowest;  // the adapter starts zeroed
  uint64_t rx_packets_ = 0, rx_bytes_ = 0, tx_packets_ = 0, tx_bytes_ = 0;
  sc_core::sc_time last_irq_, last_tx_;
  bool pending_ = false, any_irq_ = false;
  std::vector<Deliver> waiting_;
  uint64_t interrupts_ = 0, received_ = 0, delivered_ = 0;
};

}  // namespace ws::eth
