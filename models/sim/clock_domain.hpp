#pragma once
// A clock domain converts a block's cycle counts into simulated time at its boundary.
#include <systemc>
#include <cstdint>
#include "models/sim/sim_time.hpp"

namespace ws {

class ClockDomain {
 public:
  explicit ClockDomain(double hz) : hz_(hz) {}
  sc_core::sc_time cycles(double n) const { return ns(n * 1e9 / hz_); }
  double hz() const { return hz_; }
  // Whole cycles elapsed in t (what an on-chip cycle counter would read).
  uint64_t to_cycles(const sc_core::sc_time& t) const {
    return static_cast<uint64_t>(t.to_seconds() * hz_ + 0.5);
  }

 private:
  double hz_;
};

}  // namespace ws
