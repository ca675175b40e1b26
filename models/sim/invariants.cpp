#include "models/sim/invariants.hpp"

#include <fmt/format.h>

namespace ws {

void require_utilisation_within_window(const StatsRegistry& stats, const sc_core::sc_time& window,
                                       const sc_core::sc_time& end) {
  // Busy time is booked in whole picoseconds per service; allow their rounding.
  const double limit = window.to_seconds() * (1 + 1e-9) + 1e-12;
  for (const ResourceStats* r : stats.resources()) {
    const double busy = r->busy_by(end).to_seconds();
    require(busy <= limit, "utilisation within 0..100 %",
            fmt::format("{} was busy {:.3f} us in a {:.3f} us window ({:.1f} %)", r->name, busy * 1e6,
                        window.to_seconds() * 1e6, 100 * busy / window.to_seconds()));
  }
}

}  // namespace ws
