#pragma once
// A clock domain converts a block's cycle counts into simulated time at its boundary.
#include <systemc>
#include <cstdint>
#include <string>
#include "models/sim/sim_time.hpp"

namespace ws {

class ClockDomain {
 public:
  ClockDomain(std::string name, double hz) : name_(std::move(name)), hz_(hz) {}
  const std::string& name() const { return name_; }
  double hz() const { return hz_; }
  double period_ns() const { return 1e9 / hz_; }
  sc_core::sc_time cycles(double n) const { return ns(n * 1e9 / hz_); }
  // Whole cycles elapsed in t (what an on-chip cycle counter would read).
  uint64_t to_cycles(const sc_core::sc_time& t) const {
    return static_cast<uint64_t>(t.to_seconds() * hz_ + 0.5);
  }

 private:
  std::string name_;
  double hz_;
};

}  // namespace ws
