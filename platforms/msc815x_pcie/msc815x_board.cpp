#include "platforms/msc815x_pcie/msc815x_board.hpp"

#include "platforms/common/core_config.hpp"

namespace ws {

// The SC3850 as the AN3935 loop uses it: computation only (issue and
// completion costs are calibrated core cycles, core.*); the loop makes no
// cached access, so the L1 geometry (32 KB I and D per core, MSC8156 data
// sheet; 8 ways and 64 B lines assumed) does not enter a result. Exception
// entry and exit are inside core.complete_cycles.
static Cpu::Config sc3850_config(const ParamTable& p) {
  return Cpu::Config{core_hz(p), Cache::Config{32 * 1024, 8, 64}, Cache::Config{32 * 1024, 8, 64}, 0, 0,
                     0, 0};
}

Msc815xBoard::Msc815xBoard(sc_core::sc_module_name name, uint16_t pcie_id, bool root, const ParamTable& p,
                           RunContext& run, Rng& rng)
    : sc_module(name),
      ddr("ddr", Memory::from(p, "ddr", kDdrSize), run.stats),
      bus("bus", Interconnect::from(p, "bus"), run.stats),
      pcie("pcie", pcie::controller_config(p, pcie_id, root), run.sched, run.stats, rng, run.trace),
      dma("dma", pcie::dma_config(p), run.sched, run.stats, pcie),
      core("core", sc3850_config(p), run.sched, run.stats, &run.trace, std::string(sc_module::name()) + ".core"),
      // DMA done to the core's handler starting: delivery, not core time.
      epic(IrqController::latency_ns(p, "epic")) {
  dma.mem.bind(bus.in);
  core.socket.bind(bus.in);
  pcie.mem.bind(bus.in);
  bus.attach(ddr.socket, 0, kDdrSize);
}

}  // namespace ws
