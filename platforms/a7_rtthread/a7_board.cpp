#include "platforms/a7_rtthread/a7_board.hpp"

#include <string>
#include "platforms/common/core_config.hpp"

namespace ws::a7 {

namespace {
double emac_bps(const ParamTable& p) { return std::stod(p.s("emac.mbps")) * 1e6; }
}  // namespace

A7Board::A7Board(sc_core::sc_module_name name, const ParamTable& p, RunContext& run)
    : sc_module(name),
      ddr("ddr", Memory::from(p, "ddr", kDdrSize, 1, true), run.stats),
      bus("bus", Interconnect::from(p, "bus", {.decoupled_initiators = true}), run.stats),
      core("a7", core_config(p, "a7", 8), run.sched, run.stats, &run.trace),
      gic(IrqController::latency_ns(p, "gic")),
      emac("emac", eth::DwEmac::from(p, "emac", emac_bps(p)), run.sched, run.stats, run.pool, gic, kEmacSource),
      sw("switch", eth::Switch::from(p, "switch", {emac_bps(p), 1e9}), run.sched, run.stats, run.pool) {
  core.socket.bind(bus.in);
  emac.socket.bind(bus.in);
  bus.attach(ddr.socket, 0, kDdrSize);
  core.set_code_region(kCode, kData);
  // The cable from the board to switch port 0 (the PC's is the study's).
  emac.mac().tx_wire().connect([this](eth::Frame* f) { sw.receive(kBoardPort, f); });
  sw.out(kBoardPort).connect([this](eth::Frame* f) { emac.mac().receive(f); });
  emac.mac().trace(&run.trace);
}

void A7Board::map_memory(bool caches_on, bool dma_uncached) {
  core.set_mmu(caches_on);
  core.set_icache(caches_on);
  core.set_region(kRings, kDmaBuffers - kRings, MemAttr::NonCacheable);
  if (dma_uncached) core.set_region(kDmaBuffers, kDmaBufferRoom, MemAttr::NonCacheable);
}

}  // namespace ws::a7
