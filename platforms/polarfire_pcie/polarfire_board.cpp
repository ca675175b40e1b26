#include "platforms/polarfire_pcie/polarfire_board.hpp"

namespace ws {

std::string dma_engine_prefix(const ParamTable& p) { return p.s("dma.engine") + "_dma"; }

PolarFireBoard::PolarFireBoard(sc_core::sc_module_name name, const ParamTable& p, RunContext& run, Rng& rng)
    : sc_module(name),
      memory("memory", Memory::Config{kMemorySize, p.r("fpga_mem.latency_ns"), p.r("fpga_mem.bytes_per_ns"), 1},
             run.stats),
      pcie("pcie", pcie::controller_config(p, 0x0100, /*root=*/false), run.sched, run.stats, rng, run.trace),
      dma("dma", pcie::AxiDma::bindings().build(p, dma_engine_prefix(p)), run.sched, run.stats, pcie) {
  dma.mem.bind(memory.socket);
  pcie.mem.bind(memory.socket);
}

}  // namespace ws
