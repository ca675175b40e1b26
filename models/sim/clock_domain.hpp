#pragma once
// A clock domain converts a block's cycle counts into simulated time at its boundary.
#include <systemc>
#include <cstdint>
#include "models/sim/sim_time.hpp"

namespace ws {

class ClockDomain {
 public:
  explicit ClockDomain(double hz) : hz_(hz) {}
  // ns(n * 1e9 / hz), its scale kept here: a core's every step converts
  // cycles, and ns() would check its function-local statics each time.
  sc_core::sc_time cycles(double n) const {
    sc_core::sc_time t = one_tick_;
    t *= n * 1e9 / hz_ * ticks_per_ns_;
    return t;
  }
  double hz() const { return hz_; }
  // Whole cycles elapsed in t (what an on-chip cycle counter would read).
  uint64_t to_cycles(const sc_core::sc_time& t) const {
    return static_cast<uint64_t>(t.to_seconds() * hz_ + 0.5);
  }

 private:
  double hz_;
  // As ns() computes them (the resolution is fixed once a model is built).
  double ticks_per_ns_ = 1e-9 / sc_core::sc_get_time_resolution().to_seconds();
  sc_core::sc_time one_tick_ = sc_core::sc_time::from_value(1);
};

}  // namespace ws
