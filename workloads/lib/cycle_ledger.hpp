#pragma once
// Where a core's busy time went, by what the software did: named spans of
// core time booked as the code runs, reported in core cycles per unit of
// work (frame, segment) against the core's whole busy time, the rest being
// the kernel's, the interrupts' and whatever was not booked.
#include <systemc>
#include <cstdint>
#include <map>
#include <string>

namespace ws::lib {

using Ledger = std::map<std::string, sc_core::sc_time>;

// `ledger` against the busy time `busy_s`, per `units` of `unit`, at `hz`.
std::string ledger_report(const Ledger& ledger, double busy_s, uint64_t units, const std::string& unit, double hz);

}  // namespace ws::lib
