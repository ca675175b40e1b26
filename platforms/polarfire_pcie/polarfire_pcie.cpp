// The FPGA-to-PC platform in the catalogue: the link's checks, its result
// columns, and its run.
#include "platforms/polarfire_pcie/polarfire_pcie.hpp"

#include "models/pcie/pcie_controller.hpp"

namespace ws {

Platform polarfire_pcie_platform() {
  return Platform{"polarfire_pcie",
                  "A PolarFire FPGA PCIe endpoint in a PC: built-in or fabric DMA, one direction, Gen1/Gen2 "
                  "x1/x2/x4 (unmeasured: predictions)",
                  {"pcie_dma"},
                  declare_polarfire_params,
                  pcie::check_link_params,
                  run_fpga_dma,
                  false,
                  {{"mbytes_s", "MB/s (one direction)", "payload bytes moved per second, 10^6 B/s, one direction"},
                   {"link_efficiency", "-", "mbytes_s over the direction's 8b/10b data rate (0..1)"},
                   {"transfer_us", "us", "the DMA engine's start to the last byte's arrival"},
                   {"requests", "requests", "AXI requests the DMA engine issued"},
                   {"tlps", "TLPs", "TLPs both ends sent (host-speed unit)"},
                   {"dllps", "DLLPs", "DLLPs both ends sent (Acks, UpdateFCs)"},
                   {"mps", "B", "the link's negotiated Max Payload Size"}},
                  {"fpga", "workloads/pcie_dma/reference/fpga-to-pc.csv", "mbytes_s"},
                  {{"dma.transfer_bytes", "4096"}}};
}

}  // namespace ws
