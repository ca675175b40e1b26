#include "platforms/k2h/k2h_board.hpp"

namespace ws::k2h {

namespace {
Cpu::Config core_config(const ParamTable& p) {
  const auto [l1d, l1i] = Cpu::cache_configs(p, "a15");
  Cpu::Config c{p.r("soc.core_mhz") * 1e6, l1d, l1i, p.r("a15.isr_entry_cycles"), p.r("a15.isr_exit_cycles"),
                p.r("a15.cache_op_cycles"), p.r("a15.reg_access_ns")};
  c.l2 = Cache::Config{uint32_t(p.i("a15.l2_kb") * 1024), 16, l1d.line_bytes};
  c.l2_hit_cycles = p.r("a15.l2_hit_cycles");
  c.data_accesses_per_instruction = p.r("a15.data_accesses_per_instruction");
  c.loop_ipc = p.r("a15.loop_ipc");
  return c;
}
nav::Accumulator::Config acc_config(const ParamTable& p) {
  return {kRxQueue, unsigned(p.i("acc.list_entries")), kAccList, nav::pacing_from_name(p.s("acc.pacing_mode")),
          unsigned(p.i("acc.timer_load_count")), p.r("acc.tick_us")};
}
}  // namespace

K2hBoard::K2hBoard(sc_core::sc_module_name name, const ParamTable& p, Scheduler& sched, StatsRegistry& stats,
                   TraceWriter* trace)
    : sc_module(name),
      ddr("ddr3", Memory::Config{kDdrSize, p.r("ddr.latency_ns"), p.r("ddr.bytes_per_ns"), 1, true}, stats),
      msmc("msmc", Memory::Config{kMsmcSize, p.r("msmc.latency_ns"), p.r("msmc.bytes_per_ns"), 1, true}, stats),
      bus("bus", Interconnect::Config{p.r("bus.bytes_per_ns"), p.r("bus.hop_ns")}, stats),
      core("a15", core_config(p), sched, stats, trace),
      gic(p.r("gic.latency_ns")),
      qm("qmss", nav::Qmss::Config{kQueues, p.r("qmss.access_ns")}, stats),
      pktdma("netcp_pktdma", nav::PacketDma::Config{p.r("pktdma.desc_ns")}, qm, sched, stats),
      acc("qmss_acc", acc_config(p), qm, sched, gic, kAccSource),
      port_tx("sgmii0.tx", 1e9, sched, stats),
      pc_tx("pc.tx", 1e9, sched, stats) {
  core.socket.bind(bus.in);
  pktdma.socket.bind(bus.in);
  acc.socket.bind(bus.in);
  bus.out.bind(ddr.socket);
  bus.out.bind(msmc.socket);
  bus.out.bind(qm.socket);
  bus.map(0, kDdr, kDdrSize);
  bus.map(1, kMsmc, kMsmcSize);
  bus.map(2, kQm, uint64_t(kQueues) * nav::Qmss::kQueueStride);
  core.set_code_region(kCode, kData);
  core.set_mmu(true);
  core.set_icache(true);
  core.set_region(kQm, uint64_t(kQueues) * nav::Qmss::kQueueStride, MemAttr::Device);
  core.set_region(kMsmc, kMsmcSize, MemAttr::NonCacheable);  // descriptors and the accumulator list
  gic.connect(kAccSource, &core, kAccLine, 0x80);
  port_tx.trace(trace);
  pc_tx.trace(trace);
}

}  // namespace ws::k2h
