#include "platforms/msc8144/msc8144_board.hpp"

#include "platforms/msc8144/msc8144_plan.hpp"

namespace ws {
namespace {

// A memory clocked at `mhz` with latency and port width in its own cycles.
Memory::Config clocked(uint64_t size, double latency_cycles, double bytes_per_cycle, double mhz, unsigned ports,
                       uint64_t interleave = 0) {
  return Memory::Config{size, latency_cycles * 1e3 / mhz, bytes_per_cycle * mhz / 1e3, ports, true, interleave};
}

// The SC3400's caches are "core.*"; its clock, register access and SmartDSP
// OS's interrupt entry and exit are the SoC's and the software's keys.
Cpu::Config core_config(const ParamTable& p) {
  Cpu::Config c = Cpu::bindings().build(p, "core");
  c.hz = p.r("soc.core_mhz") * 1e6;
  c.isr_entry_cycles = p.r("sw.isr_entry_cycles");
  c.isr_exit_cycles = p.r("sw.isr_exit_cycles");
  c.reg_access_ns = p.r("soc.reg_access_ns");
  return c;
}

}  // namespace

Msc8144Board::Msc8144Board(sc_core::sc_module_name name, const ParamTable& p, unsigned ncores, unsigned nuecs,
                           RunContext& run)
    : sc_module(name),
      // M2 is reached through four ports interleaved every 256 B (RM §4.1).
      m2("m2", clocked(kM2Size, p.r("m2.latency_cycles"), p.r("m2.bytes_per_cycle"), p.r("m2.mhz"), 4, 256), run.stats),
      m3("m3", clocked(kM3Size, p.r("m3.latency_cycles"), p.r("m3.bytes_per_cycle"), p.r("soc.m3_mhz"), 1), run.stats),
      ddr("ddr", Memory::from(p, "ddr", kDdrSize, 1, true), run.stats),
      // CLASS is a non-blocking fabric (RM §4.1): only the targets contend.
      fabric("class", Interconnect::from(p, "class", {.non_blocking = true}), run.stats),
      qe("qe", qe::QuiccEngine::config(p), run.stats),
      epic(IrqController::latency_ns(p, "epic")) {
  for (unsigned c = 0; c < ncores; ++c) {
    cores.push_back(std::make_unique<Cpu>(("core" + std::to_string(c)).c_str(), core_config(p), run.sched, run.stats,
                                          &run.trace));
    cores.back()->socket.bind(fabric.in);
  }
  qe.socket.bind(fabric.in);
  fabric.attach(m2.socket, kM2Base, kM2Size);
  fabric.attach(m3.socket, kM3Base, kM3Size);
  fabric.attach(ddr.socket, kDdrBase, kDdrSize);
  // One UEC is UEC1 (on UCC3), as in the study; two are UEC0 and UEC1.
  for (unsigned u = 0; u < nuecs; ++u) {
    const unsigned hw = nuecs == 1 ? 1 : u;
    const std::string uec = "uec" + std::to_string(hw);
    uecs.push_back(std::make_unique<qe::Uec>(uec, qe::Uec::config(p, uec), qe, epic, run.sched, run.stats,
                                              run.pool));
  }
}

}  // namespace ws
