#pragma once
// The TI AM261x board with FreeRTOS and the real lwIP (TI MCU+ SDK's lwIP
// example on the CPSW): iperf 2 TCP and UDP against a PC over a gigabit link.
// A board nobody calibrated: every figure is a prediction (docs/am261x.md).
#include "platforms/platform.hpp"

namespace ws {

RunResult run_am261x_iperf(const ParamTable& p, const RunOptions& o);  // in builds with lwIP
Platform am261x_platform();

}  // namespace ws
