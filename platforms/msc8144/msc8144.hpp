#pragma once
// The MSC8144ADS UDP echo platform: the SoC, the SmartDSP-OS-like software on its
// cores, and a tester on one port per UEC.
#include "platforms/platform.hpp"

namespace ws {

void declare_msc8144_params(ParamTable& t);
void check_msc8144_params(const ParamTable& p);
RunResult run_msc8144(const ParamTable& p, const RunOptions& o);
Platform msc8144_platform();

}  // namespace ws
