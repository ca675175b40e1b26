#pragma once
// One MSC815x board's software in the PCIe DMA study: SmartDSP OS on its core,
// the AN3935 timing loop as its task and the DMA-done handler; and the test's
// configuration from the parameters (dma.*, core.*).
#include <cstdint>
#include "models/sim/param.hpp"
#include "models/sim/stats.hpp"
#include "platforms/msc815x_pcie/msc815x_board.hpp"
#include "workloads/apps/pcie_dma_test.hpp"
#include "workloads/os/sdos/smartdsp_os.hpp"

namespace ws {

constexpr uint64_t kLocalBuffers = 16ull << 20;  // DDR offset of each board's source/destination area

// Throws InputError when the test's buffers do not fit the board's test area.
PcieDmaTestConfig test_config(const ParamTable& p);

struct Msc815xSoftware {
  Msc815xSoftware(const PcieDmaTestConfig& tc, const os::KernelCosts& costs, Msc815xBoard& board, StatsRegistry& stats);
  // The DMA-done handler bound to the DMA's EPIC source (each completion taken
  // once), and the AN3935 task started.
  void boot(Msc815xBoard& board);

  os::SmartDspOs os;
  PcieDmaTest test;
};

}  // namespace ws
