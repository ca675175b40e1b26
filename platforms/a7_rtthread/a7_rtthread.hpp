#pragma once
// The Cortex-A7 board with RT-Thread and the real lwIP (the RT-Thread study):
// iperf TCP and UDP against a PC through a gigabit switch, and the memcpy
// timing. docs/a7_rtthread.md describes the blocks and parameters.
#include "platforms/platform.hpp"

namespace ws {

void declare_a7_params(ParamTable& t);
void check_a7_params(const ParamTable& p);
RunResult run_a7(const ParamTable& p, const RunOptions& o);
Platform a7_platform();

}  // namespace ws
