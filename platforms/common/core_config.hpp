#pragma once
// The Cpu of a board whose core's keys share a prefix ("a7", "a15", "e500"):
// its clock soc.core_mhz; both L1s (Cpu::cache_configs); interrupt entry and
// exit, cache maintenance, a register access and the data accesses per
// instruction from <prefix>.isr_entry_cycles, .isr_exit_cycles,
// .cache_op_cycles, .reg_access_ns, .data_accesses_per_instruction; with
// `l2_ways`, a private L2 of <prefix>.l2_kb in that many ways of the L1's
// line, a hit costing <prefix>.l2_hit_cycles. The board sets the rest.
#include <cstdint>
#include <string>
#include "models/cpu/cpu.hpp"
#include "models/sim/param.hpp"

namespace ws {

Cpu::Config core_config(const ParamTable& p, const std::string& prefix, uint32_t l2_ways = 0);

}  // namespace ws
