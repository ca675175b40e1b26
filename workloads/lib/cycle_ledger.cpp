#include "workloads/lib/cycle_ledger.hpp"

#include <fmt/format.h>
#include <algorithm>

namespace ws::lib {

std::string ledger_report(const Ledger& ledger, double busy_s, uint64_t units, const std::string& unit, double hz) {
  if (units == 0) return "";
  std::string out = fmt::format("core cycles per {} ({} in the test):\n", unit, units);
  double booked = 0;
  for (auto& [what, t] : ledger) {
    out += fmt::format("  {:<28} {:>10.0f}\n", what, t.to_seconds() * hz / double(units));
    booked += t.to_seconds();
  }
  out += fmt::format("  {:<28} {:>10.0f}\n", "kernel, irq, other", std::max(0.0, busy_s - booked) * hz / double(units));
  out += fmt::format("  {:<28} {:>10.0f}\n", "total busy", busy_s * hz / double(units));
  return out;
}

}  // namespace ws::lib
