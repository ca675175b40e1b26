#pragma once
// The Cortex-A7 board with RT-Thread and the real lwIP (the RT-Thread study):
// iperf TCP and UDP against a PC through a gigabit switch, and the memcpy
// timing. docs/a7_rtthread.md describes the blocks and parameters.
#include "platforms/platform.hpp"

namespace ws {

RunResult run_iperf(const ParamTable& p, const RunOptions& o);  // in builds with lwIP (lwip_guard.hpp)
RunResult run_memcpy(const ParamTable& p, const RunOptions& o);
Platform a7_platform();

}  // namespace ws
