// The FPGA-to-PC platform in the catalogue: its blocks' keys (the board file
// platforms/polarfire_pcie/board.yaml gives their defaults with sources, and
// the study's own keys), the link's checks, its result columns and its run.
#include "platforms/polarfire_pcie/polarfire_pcie.hpp"

#include "models/mem/memory.hpp"
#include "models/pcie/axi_dma.hpp"
#include "models/pcie/pc_root_complex.hpp"
#include "models/pcie/pcie_controller.hpp"
#include "models/sim/steady_state.hpp"
#include "platforms/common/board_file.hpp"

namespace ws {

namespace {

void declare_blocks(ParamTable& t) {
  pcie::PcieController::declare_params(t);
  pcie::PcRootComplex::declare_params(t);
  pcie::AxiDma::bindings().declare(t, "builtin_dma");
  pcie::AxiDma::bindings().declare(t, "fabric_dma");
  Memory::declare_params(t, "fpga_mem", /*clocked=*/false);
  SteadyState::declare_params(t);
}

}  // namespace

Platform polarfire_pcie_platform() {
  return board_platform(
      "platforms/polarfire_pcie/board.yaml", declare_blocks,
      {.workloads = {"pcie_dma"},
       .check = pcie::check_link_params,
       .run = run_fpga_dma,
       .ethernet_ports = false,
       .columns = {{"mbytes_s", "MB/s (one direction)", "payload bytes moved per second, 10^6 B/s, one direction"},
                   {"link_efficiency", "-", "mbytes_s over the direction's 8b/10b data rate (0..1)"},
                   {"transfer_us", "us", "the DMA engine's start to the last byte's arrival"},
                   {"requests", "requests", "AXI requests the DMA engine issued"},
                   {"tlps", "TLPs", "TLPs both ends sent (host-speed unit)"},
                   {"dllps", "DLLPs", "DLLPs both ends sent (Acks, UpdateFCs)"},
                   {"mps", "B", "the link's negotiated Max Payload Size"}},
       .reference = {"fpga", "workloads/pcie_dma/reference/fpga-to-pc.csv", "mbytes_s"},
       .short_run = {{"dma.transfer_bytes", "4096"}}});
}

}  // namespace ws
