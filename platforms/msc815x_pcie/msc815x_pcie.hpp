#pragma once
// Two MSC8156/MSC8157 ADS boards joined by a PCIe link, one Root Complex and one
// Endpoint, each running the AN3935 DMA test toward the other at the same time.
#include "platforms/platform.hpp"

namespace ws {

RunResult run_pcie_dma(const ParamTable& p, const RunOptions& o);
Platform msc815x_pcie_platform();

}  // namespace ws
