#include "platforms/mpc8572/mpc8572_board.hpp"

#include <string>

namespace ws::mpc8572 {

namespace {
Cpu::Config core_config(const ParamTable& p) {
  const auto [l1d, l1i] = Cpu::cache_configs(p, "e500");
  Cpu::Config c{p.r("soc.core_mhz") * 1e6, l1d, l1i, p.r("e500.isr_entry_cycles"), p.r("e500.isr_exit_cycles"),
                p.r("e500.cache_op_cycles"), p.r("e500.reg_access_ns")};
  c.l2_hit_cycles = p.r("l2.hit_cycles");
  c.data_accesses_per_instruction = p.r("e500.data_accesses_per_instruction");
  return c;
}
std::vector<Cpu*> raw(const std::vector<std::unique_ptr<Cpu>>& v) {
  std::vector<Cpu*> out;
  for (auto& c : v) out.push_back(c.get());
  return out;
}
std::vector<std::unique_ptr<Cpu>> make_cores(const ParamTable& p, Scheduler& sched, StatsRegistry& stats,
                                             TraceWriter* trace) {
  std::vector<std::unique_ptr<Cpu>> v;
  for (unsigned i = 0; i < 2; ++i)
    v.push_back(std::make_unique<Cpu>(("cpu" + std::to_string(i)).c_str(), core_config(p), sched, stats, trace));
  return v;
}
}  // namespace

Mpc8572Board::Mpc8572Board(sc_core::sc_module_name name, const ParamTable& p, Scheduler& sched, StatsRegistry& stats,
                           TraceWriter* trace, eth::FramePool& pool)
    : sc_module(name),
      ddr("ddr", Memory::Config{kDdrSize, p.r("ddr.latency_ns"), p.r("ddr.bytes_per_ns"), 1, true}, stats),
      bus("ccb", Interconnect::Config{p.r("bus.bytes_per_ns"), p.r("bus.hop_ns")}, stats),
      coherence(SnoopDomain::Config{Cache::Config{uint32_t(p.i("l2.kb") * 1024), 8, 32},
                                    p.r("coherence.intervention_cycles"), p.r("coherence.invalidate_cycles")}),
      cores(make_cores(p, sched, stats, trace)),
      mpic(p.r("mpic.latency_ns"), raw(cores)) {
  for (auto& c : cores) {
    c->socket.bind(bus.in);
    c->set_code_region(kCode, kData);
    c->join(coherence);
  }
  for (unsigned i = 0; i < kPorts; ++i) {
    const std::string n = "eth" + std::to_string(i);
    eth.push_back(std::make_unique<eth::Etsec>(
        n.c_str(), eth::Etsec::Config{1e9, uint32_t(p.i("etsec.rx_fifo_bytes")), p.r("etsec.bd_ns")}, sched, stats,
        pool, mpic, eth::Etsec::Irqs{kTxSource[i], kRxSource[i], kErrSource[i]}));
    eth.back()->socket.bind(bus.in);
    eth.back()->snoop(&coherence);
    eth.back()->mac().trace(trace);
  }
  bus.out.bind(ddr.socket);
  bus.map(0, 0, kDdrSize);
}

}  // namespace ws::mpc8572
