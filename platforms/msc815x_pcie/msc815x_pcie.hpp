#pragma once
// Two MSC8156/MSC8157 ADS boards joined by a PCIe link, one Root Complex and one
// Endpoint, each running the AN3935 DMA test toward the other at the same time.
#include "platforms/platform.hpp"

namespace ws {

Platform msc815x_pcie_platform();
void declare_msc815x_params(ParamTable& t);
void check_msc815x_params(const ParamTable& p);
RunResult run_msc815x_pcie(const ParamTable& p, const RunOptions& o);

}  // namespace ws
