#pragma once
// Invariants checked at the end of every run. A run that breaks one printed a
// number the model cannot support, so it fails loudly instead (exit 1), naming
// the invariant and what broke it.
#include <systemc>
#include <algorithm>
#include <cstdint>
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

// Every UDP datagram sent was received, dropped for a counted reason, or is on
// its way at the end (`accounted` is the sum of the three). What is on its way
// may also hold the sender's other frames (an ARP frame a slow board had not
// answered), never more than the sender put out besides its datagrams.
inline void require_datagrams_accounted(uint64_t sent, uint64_t accounted, uint64_t sender_frames,
                                        const std::string& detail) {
  const uint64_t other = sender_frames - std::min(sender_frames, sent);
  require(accounted >= sent && accounted - sent <= other, "every UDP datagram received, dropped by reason or in flight",
          detail);
}

// Every resource was busy for at most the window that ends at `end` (its
// utilisation within 0..100 %), counting its busy time up to then.
void require_utilisation_within_window(const StatsRegistry& stats, const sc_core::sc_time& window,
                                       const sc_core::sc_time& end);

}  // namespace ws
