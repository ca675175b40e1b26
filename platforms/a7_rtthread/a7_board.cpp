#include "platforms/a7_rtthread/a7_board.hpp"

#include <string>

namespace ws::a7 {

namespace {
Cpu::Config core_config(const ParamTable& p) {
  const auto [l1d, l1i] = Cpu::cache_configs(p, "a7");
  Cpu::Config c{p.r("soc.core_mhz") * 1e6, l1d, l1i, p.r("a7.isr_entry_cycles"), p.r("a7.isr_exit_cycles"),
                p.r("a7.cache_op_cycles"), p.r("a7.reg_access_ns")};
  c.l2 = Cache::Config{uint32_t(p.i("a7.l2_kb") * 1024), 8, l1d.line_bytes};
  c.l2_hit_cycles = p.r("a7.l2_hit_cycles");
  c.ifetch_bytes = uint32_t(p.i("a7.ifetch_bytes"));
  c.data_accesses_per_instruction = p.r("a7.data_accesses_per_instruction");
  c.write_streaming_lines = uint32_t(p.i("a7.write_streaming_lines"));
  return c;
}
double emac_bps(const ParamTable& p) { return std::stod(p.s("emac.mbps")) * 1e6; }
}  // namespace

A7Board::A7Board(sc_core::sc_module_name name, const ParamTable& p, Scheduler& sched, StatsRegistry& stats,
                 TraceWriter* trace, eth::FramePool& pool)
    : sc_module(name),
      ddr("ddr", Memory::Config{kDdrSize, p.r("ddr.latency_ns"), p.r("ddr.bytes_per_ns"), 1, true}, stats),
      bus("bus", Interconnect::Config{p.r("bus.bytes_per_ns"), p.r("bus.hop_ns"), false, true}, stats),
      core("a7", core_config(p), sched, stats, trace),
      gic(p.r("gic.latency_ns")),
      emac("emac", eth::DwEmac::Config{emac_bps(p), uint32_t(p.i("emac.rx_fifo_bytes")), p.r("emac.desc_ns"),
                                       p.s("emac.irq_trigger") == "edge"}, sched,
           stats, pool, gic, kEmacSource),
      sw("switch", eth::Switch::Config{2, 1e9, uint32_t(p.i("switch.output_buffer_bytes")), p.r("switch.latency_ns"),
                                       {emac_bps(p), 1e9}},
         sched, stats, pool),
      pc_tx("pc.tx", 1e9, sched, stats) {
  core.socket.bind(bus.in);
  emac.socket.bind(bus.in);
  bus.out.bind(ddr.socket);
  bus.map(0, 0, kDdrSize);
  core.set_code_region(kCode, kData);
  // The cables: board <-> switch port 0, PC <-> switch port 1.
  emac.mac().tx_wire().connect([this](eth::Frame* f) { sw.receive(kBoardPort, f); });
  sw.out(kBoardPort).connect([this](eth::Frame* f) { emac.mac().receive(f); });
  pc_tx.connect([this](eth::Frame* f) { sw.receive(kPcPort, f); });
  emac.mac().trace(trace);
  pc_tx.trace(trace);
}

void A7Board::map_memory(bool caches_on, bool dma_uncached) {
  core.set_mmu(caches_on);
  core.set_icache(caches_on);
  core.set_region(kRings, kDmaBuffers - kRings, MemAttr::NonCacheable);
  if (dma_uncached) core.set_region(kDmaBuffers, kDmaBufferRoom, MemAttr::NonCacheable);
}

}  // namespace ws::a7
