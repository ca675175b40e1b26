#pragma once
// The time a port or data path of fixed bandwidth takes to move n bytes. Scaling
// to a time takes a floating-point division, and a path sees a few sizes again
// and again (a cache line, a descriptor, a frame, a TLP payload): the last four
// sizes' times are remembered.
#include <systemc>
#include <array>
#include <cstdint>
#include "models/sim/sim_time.hpp"

namespace ws {

class TransferTime {
 public:
  explicit TransferTime(double bytes_per_ns = 1) : bytes_per_ns_(bytes_per_ns) {}
  const sc_core::sc_time& of(uint64_t bytes) {
    for (const Known& k : known_)
      if (k.bytes == bytes) return k.time;
    Known& k = known_[next_++ % known_.size()];  // the oldest size makes room
    k.bytes = bytes;
    k.time = ns(static_cast<double>(bytes) / bytes_per_ns_);
    return k.time;
  }

 private:
  struct Known {
    uint64_t bytes = 0;
    sc_core::sc_time time;  // of 0 bytes
  };
  double bytes_per_ns_;
  std::array<Known, 4> known_{};
  unsigned next_ = 0;
};

}  // namespace ws
