#pragma once
// The cores of a board: one clock for every core of the SoC (soc.core_mhz,
// declared here once; a board may narrow its range to its part's grades), and
// the Cpu of a board whose core's keys share a prefix ("a7", "a15", "e500"):
// the Cpu's bindings below that prefix, clocked at soc.core_mhz; with
// `l2_ways`, its private L2 (<prefix>.l2_kb) has that many ways.
#include <cstdint>
#include <string>
#include "models/cpu/cpu.hpp"
#include "models/sim/param.hpp"

namespace ws {

// "soc.core_mhz".
void declare_core_clock(ParamTable& t);
// The cores' clock in Hz.
double core_hz(const ParamTable& p);

// The clock and the Cpu's keys below `prefix`.
void declare_core_config(ParamTable& t, const std::string& prefix);
Cpu::Config core_config(const ParamTable& p, const std::string& prefix, uint32_t l2_ways = 0);

}  // namespace ws
