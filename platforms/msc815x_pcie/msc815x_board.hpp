#pragma once
// One MSC8156 (or MSC8157) ADS board as the PCIe DMA test uses it: DDR behind the
// system interconnect, the PCIe controller, the HSSI DMA, the core that runs
// the test and the EPIC that takes the DMA's completion to it. Local address map: DDR at 0 (1 GiB), outbound PCIe window at 1 GiB.
#include <systemc>
#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/irq/epic.hpp"
#include "models/mem/memory.hpp"
#include "models/pcie/hssi_dma.hpp"
#include "models/pcie/pcie_controller.hpp"
#include "models/sim/param.hpp"
#include "models/sim/rng.hpp"
#include "platforms/common/run_context.hpp"

namespace ws {

class Msc815xBoard : public sc_core::sc_module {
 public:
  static constexpr uint64_t kDdrSize = 1ull << 30;
  static constexpr uint64_t kOutboundBase = 1ull << 30;  // local address of the outbound window
  static constexpr uint64_t kWindowSize = 256ull << 20;
  static constexpr uint64_t kInboundDdr = 128ull << 20;  // DDR offset the inbound window lands on
  static constexpr unsigned kDmaDoneSource = 0;           // EPIC source of the DMA's completion

  // `root`: this board is the Root Complex (its MPS setting is pcie.mps; the EP's is pcie.ep_mps).
  Msc815xBoard(sc_core::sc_module_name name, uint16_t pcie_id, bool root, const ParamTable& p, RunContext& run,
               Rng& rng);

  Memory ddr;
  Interconnect bus;
  pcie::PcieController pcie;
  pcie::HssiDma dma;
  Cpu core;
  Epic epic;
};

}  // namespace ws
