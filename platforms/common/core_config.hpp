#pragma once
// The Cpu of a board whose core's keys share a prefix ("a7", "a15", "e500"):
// the Cpu's bindings below that prefix, clocked at soc.core_mhz; with
// `l2_ways`, its private L2 (<prefix>.l2_kb) has that many ways.
#include <cstdint>
#include <string>
#include "models/cpu/cpu.hpp"
#include "models/sim/param.hpp"

namespace ws {

Cpu::Config core_config(const ParamTable& p, const std::string& prefix, uint32_t l2_ways = 0);

}  // namespace ws
