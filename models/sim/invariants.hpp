#pragma once
// Invariants checked at the end of every run. A run that breaks one printed a
// number the model cannot support, so it fails loudly instead (exit 1), naming
// the invariant and what broke it.
#include <systemc>
#include <stdexcept>
#include <string>
#include "models/sim/stats.hpp"

namespace ws {

struct InvariantViolation : std::runtime_error {
  InvariantViolation(const std::string& invariant, const std::string& detail)
      : std::runtime_error("invariant '" + invariant + "' violated: " + detail) {}
};

inline void require(bool holds, const std::string& invariant, const std::string& detail) {
  if (!holds) throw InvariantViolation(invariant, detail);
}

// Every resource was busy for at most the window that ends at `end` (its
// utilisation within 0..100 %), counting its busy time up to then.
void require_utilisation_within_window(const StatsRegistry& stats, const sc_core::sc_time& window,
                                       const sc_core::sc_time& end);

}  // namespace ws
