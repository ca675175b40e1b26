#pragma once
// A PolarFire FPGA as a PCIe endpoint (the vendor's PCIe demo design): the
// fabric memory the demo moves data to and from, the PCIe block (PCIESS) as
// the Endpoint, and one of two DMA engines in front of it, chosen by
// dma.engine: the block's own DMA ("builtin_dma.*") or a soft AXI DMA in the
// fabric ("fabric_dma.*"). Local address map: fabric memory at 0, the outbound
// window to the PC at 1 GiB.
#include <systemc>
#include "models/mem/memory.hpp"
#include "models/pcie/axi_dma.hpp"
#include "models/pcie/pcie_controller.hpp"
#include "models/sim/param.hpp"
#include "models/sim/rng.hpp"
#include "platforms/common/run_context.hpp"

namespace ws {

class PolarFireBoard : public sc_core::sc_module {
 public:
  static constexpr uint64_t kMemorySize = 1ull << 30;
  static constexpr uint64_t kOutboundBase = 1ull << 30;  // local address of the outbound window
  static constexpr uint64_t kWindowSize = 256ull << 20;

  PolarFireBoard(sc_core::sc_module_name name, const ParamTable& p, RunContext& run, Rng& rng);

  Memory memory;
  pcie::PcieController pcie;
  pcie::AxiDma dma;
};

// The engine dma.engine names: its parameters' prefix.
std::string dma_engine_prefix(const ParamTable& p);

}  // namespace ws
