#pragma once
// The MSC8144ADS UDP echo platform: the SoC, the SmartDSP-OS-like software on its
// cores, and a tester on one port per UEC.
#include "platforms/platform.hpp"

namespace ws {

RunResult run_udp_echo(const ParamTable& p, const RunOptions& o);
Platform msc8144_platform();

}  // namespace ws
