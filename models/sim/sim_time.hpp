#pragma once
// Fast simulated time. sc_time(double, SC_NS), sc_time::from_value and
// sc_time_stamp() are out-of-line library calls; on per-packet paths we scale a
// one-tick time inline, and read the time of the callback being dispatched.
#include <systemc>

namespace ws {

inline sc_core::sc_time ns(double v) {
  // Known once the kernel runs; one static, so a call checks one guard (a
  // core converts cycles at every step).
  static const struct {
    double ticks_per_ns;
    sc_core::sc_time one_tick;
  } scale{1e-9 / sc_core::sc_get_time_resolution().to_seconds(), sc_core::sc_time::from_value(1)};
  sc_core::sc_time t = scale.one_tick;
  t *= v * scale.ticks_per_ns;  // rounds to the nearest tick
  return t;
}

// While the Scheduler dispatches a callback, the callback's time (which may run
// ahead of the kernel by up to the scheduler's quantum); otherwise kernel time.
// Models read time through this, never through sc_time_stamp().
inline const sc_core::sc_time*& dispatch_time() {
  static const sc_core::sc_time* t = nullptr;
  return t;
}
inline const sc_core::sc_time& now() { return dispatch_time() ? *dispatch_time() : sc_core::sc_time_stamp(); }

}  // namespace ws
