// The PCIe DMA platform in the catalogue: the checks between its parameters
// (the test's buffers, the DMA's bursts, the link's MPS, completions and
// replay buffer), its result columns, and its run.
#include "platforms/msc815x_pcie/msc815x_pcie.hpp"

#include <fmt/format.h>
#include "models/pcie/pcie_controller.hpp"
#include "platforms/msc815x_pcie/msc815x_software.hpp"

namespace ws {

namespace {

void check_msc815x_params(const ParamTable& p) {
  test_config(p);
  // The DMA's transfer sizes are powers of two (MSC8156 RM §14, BTSZ).
  const auto burst = p.i("dma.burst_bytes");
  if ((burst & (burst - 1)) != 0)
    throw InputError(fmt::format("{}: key 'dma.burst_bytes': {} B is not a power of two (valid: 8, 16, ..., 4096)",
                                 p.origin("dma.burst_bytes"), burst));
  pcie::check_link_params(p);
}

}  // namespace

Platform msc815x_pcie_platform() {
  return Platform{"msc815x_pcie",
                  "Two MSC8156/MSC8157 ADS boards, RC and EP, PCIe Gen1/Gen2 x1/x2/x4, HSSI DMA (AN3935)",
                  {"pcie_dma"},
                  declare_msc815x_params,
                  check_msc815x_params,
                  run_pcie_dma,
                  false,
                  {{"gbps", "Gb/s (both directions)",
                    "payload bits both boards moved per second, the two link directions summed (AN3935's figure)"},
                   {"gbps_per_direction", "Gb/s", "gbps / 2: what one direction carried (at most the 8b/10b data rate)"},
                   {"link_efficiency", "-", "gbps over both directions' data rate (0..1)"},
                   {"core_cycles", "cycles", "the timing window in core cycles (AN3935's measure)"},
                   {"blocks", "blocks", "DMA requests per board"},
                   {"tlps", "TLPs", "TLPs both controllers sent (host-speed unit)"},
                   {"dllps", "DLLPs", "DLLPs both controllers sent (Acks, Naks, UpdateFCs)"},
                   {"replays", "TLPs", "TLPs sent again after a Nak or replay timeout"},
                   {"naks", "DLLPs", "Naks sent"},
                   {"mps", "B", "the link's negotiated Max Payload Size"}},
                  {"pcie", "workloads/pcie_dma/reference/pcie-msc815x.csv", "gbps"},
                  {{"dma.blocks", "16"}, {"dma.block_bytes", "4096"}}};
}

}  // namespace ws
