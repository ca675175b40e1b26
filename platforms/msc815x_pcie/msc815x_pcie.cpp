// The PCIe DMA platform in the catalogue: the checks between its parameters
// (the test's buffers, the DMA's bursts, the link's MPS, completions and
// replay buffer), its result columns, and its run.
#include "platforms/msc815x_pcie/msc815x_pcie.hpp"

#include <fmt/format.h>
#include "models/bus/interconnect.hpp"
#include "models/irq/irq_controller.hpp"
#include "models/mem/memory.hpp"
#include "models/pcie/hssi_dma.hpp"
#include "models/pcie/pcie_controller.hpp"
#include "platforms/common/board_file.hpp"
#include "platforms/common/core_config.hpp"
#include "platforms/msc815x_pcie/msc815x_software.hpp"
#include "workloads/apps/pcie_dma_test.hpp"
#include "workloads/os/kernel/kernel.hpp"

namespace ws {

namespace {

const char* kBoard = "platforms/msc815x_pcie/board.yaml";

// The blocks' keys; the board file gives their defaults and the board's own keys.
void declare_msc815x_params(ParamTable& t) {
  PcieDmaTest::declare_params(t);
  declare_core_clock(t);
  pcie::PcieController::declare_params(t);
  pcie::HssiDma::declare_params(t);
  Memory::declare_params(t, "ddr", /*clocked=*/false);
  Interconnect::declare_params(t, "bus", /*non_blocking=*/false);
  IrqController::declare_params(t, "epic");
  os::KernelCosts::bindings().declare(t, "sdos");
  SteadyState::declare_params(t);
}

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
  return board_platform(kBoard, declare_msc815x_params,
                        {.workloads = {"pcie_dma"},
                         .check = check_msc815x_params,
                         .run = run_pcie_dma,
                         .ethernet_ports = false,
                         .columns = {{"gbps", "Gb/s (both directions)",
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
                         .reference = {"pcie", "workloads/pcie_dma/reference/pcie-msc815x.csv", "gbps"},
                         .short_run = {{"dma.blocks", "16"}, {"dma.block_bytes", "4096"}}});
}

}  // namespace ws
