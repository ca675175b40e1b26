#include "platforms/polarfire_pcie/polarfire_board.hpp"

namespace ws {

std::string dma_engine_prefix(const ParamTable& p) { return p.s("dma.engine") + "_dma"; }

namespace {

// The fabric memory the DMA moves to or from (fpga_mem.kind), as the vendor's
// DDR3L/DDR4 data-plane demo has them on the PolarFire evaluation kit: latency
// after the AXI port and the AXI port's bandwidth. A key set explicitly wins.
Memory::Config fabric_memory(const ParamTable& p) {
  struct Preset {
    double latency_ns, bytes_per_ns;
  };
  const std::string kind = p.s("fpga_mem.kind");
  // LSRAM: pipelined, data one fabric clock after the address (PolarFire fabric
  // UG §2.1.2.6) and one of the AXI wrapper: 8 ns at 250 MHz; faster than the
  // 2 B/ns AXI path. DDR3L: PF_DDR3 at 1333 MT/s, x16, CL9, its 64-bit AXI port
  // at 166.67 MHz (1.33 B/ns); DDR4: PF_DDR4 at 1600 MT/s, x16, CL12, 64-bit AXI
  // at 200 MHz (1.6 B/ns) (MicrochipTech/Libero-SoC-Design-Suite-Tcl-Examples@fa42f35
  // PF_DDR3_SS.v, PF_DDR4_SS.v; PolarFire memory controller UG rev H). Their
  // latency, assumed (the controller's pipeline in clocks is not published): CL
  // and tRCD (about 27 and 30 ns) and about ten controller clocks each way, 90 ns.
  const Preset preset = kind == "ddr3l" ? Preset{90, 8 * 0.16667} : kind == "ddr4" ? Preset{90, 8 * 0.2} : Preset{8, 8};
  const auto pick = [&](const char* key, double v) { return p.given(key) ? p.r(key) : v; };
  return Memory::Config{PolarFireBoard::kMemorySize, pick("fpga_mem.latency_ns", preset.latency_ns),
                        pick("fpga_mem.bytes_per_ns", preset.bytes_per_ns), 1};
}

}  // namespace

PolarFireBoard::PolarFireBoard(sc_core::sc_module_name name, const ParamTable& p, RunContext& run, Rng& rng)
    : sc_module(name),
      memory("memory", fabric_memory(p), run.stats),
      pcie("pcie", pcie::controller_config(p, 0x0100, /*root=*/false), run.sched, run.stats, rng, run.trace),
      dma("dma", pcie::AxiDma::bindings().build(p, dma_engine_prefix(p)), run.sched, run.stats, pcie) {
  dma.mem.bind(memory.socket);
  pcie.mem.bind(memory.socket);
}

}  // namespace ws
