#pragma once
// Fast conversion of nanoseconds to kernel time. sc_time(double, SC_NS) validates
// and rescales on every call; on per-packet paths we build times from kernel
// ticks instead (the time resolution is fixed once elaboration starts).
#include <systemc>

namespace ws {

inline sc_core::sc_time ns(double v) {
  static const double ticks_per_ns = 1e-9 / sc_core::sc_get_time_resolution().to_seconds();
  return sc_core::sc_time::from_value(static_cast<sc_dt::uint64>(v * ticks_per_ns + 0.5));
}

}  // namespace ws
