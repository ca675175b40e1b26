#pragma once
// The time a port or data path of fixed bandwidth takes to move n bytes. Scaling
// to a time takes floating point, and a path sees the same sizes again and again
// (a TLP payload, a cache line): the last size's time is remembered.
#include <systemc>
#include <cstdint>
#include "models/sim/sim_time.hpp"

namespace ws {

class TransferTime {
 public:
  explicit TransferTime(double bytes_per_ns = 1) : bytes_per_ns_(bytes_per_ns) {}
  const sc_core::sc_time& of(uint64_t bytes) {
    if (bytes != bytes_) {
      bytes_ = bytes;
      time_ = ns(static_cast<double>(bytes) / bytes_per_ns_);
    }
    return time_;
  }

 private:
  double bytes_per_ns_;
  uint64_t bytes_ = 0;
  sc_core::sc_time time_;  // of 0 bytes
};

}  // namespace ws
