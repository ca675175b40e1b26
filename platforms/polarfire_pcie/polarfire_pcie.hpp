#pragma once
// A PolarFire FPGA PCIe endpoint in a PC: its DMA moving one transfer in one
// direction between fabric memory and the PC's memory (issue 27's board, built
// from public configuration facts; its figures are predictions).
#include "platforms/platform.hpp"

namespace ws {

RunResult run_fpga_dma(const ParamTable& p, const RunOptions& o);
Platform polarfire_pcie_platform();

}  // namespace ws
