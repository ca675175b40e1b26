#include "platforms/mpc8572/mpc8572_board.hpp"

#include <string>
#include "platforms/common/core_config.hpp"

namespace ws::mpc8572 {

namespace {
Cpu::Config e500_config(const ParamTable& p) {
  Cpu::Config c = core_config(p, "e500");
  c.l2_hit_cycles = p.r("l2.hit_cycles");  // the shared L2 (SnoopDomain)
  return c;
}
std::vector<std::unique_ptr<Cpu>> make_cores(const ParamTable& p, RunContext& run) {
  std::vector<std::unique_ptr<Cpu>> v;
  for (unsigned i = 0; i < 2; ++i)
    v.push_back(std::make_unique<Cpu>(("cpu" + std::to_string(i)).c_str(), e500_config(p), run.sched, run.stats,
                                      &run.trace));
  return v;
}
}  // namespace

Mpc8572Board::Mpc8572Board(sc_core::sc_module_name name, const ParamTable& p, RunContext& run)
    : sc_module(name),
      ddr("ddr", Memory::from(p, "ddr", kDdrSize, 1, true), run.stats),
      bus("ccb", Interconnect::from(p, "bus"), run.stats),
      coherence(SnoopDomain::from(p, "coherence", "l2", 8, 32)),  // the e500's shared L2: 8 ways, 32 B lines
      cores(make_cores(p, run)),
      mpic(IrqController::latency_ns(p, "mpic"), cpus()) {
  for (auto& c : cores) {
    c->socket.bind(bus.in);
    c->set_code_region(kCode, kData);
    c->join(coherence);
  }
  for (unsigned i = 0; i < kPorts; ++i) {
    const std::string n = "eth" + std::to_string(i);
    eth.push_back(std::make_unique<eth::Etsec>(
        n.c_str(), eth::Etsec::from(p, "etsec", 1e9), run.sched,
        run.stats, run.pool, mpic, eth::Etsec::Irqs{kTxSource[i], kRxSource[i], kErrSource[i]}));
    eth.back()->socket.bind(bus.in);
    eth.back()->snoop(&coherence);
    eth.back()->mac().trace(&run.trace);
  }
  bus.attach(ddr.socket, 0, kDdrSize);
}

std::vector<Cpu*> Mpc8572Board::cpus() const {
  std::vector<Cpu*> out;
  for (auto& c : cores) out.push_back(c.get());
  return out;
}

}  // namespace ws::mpc8572
