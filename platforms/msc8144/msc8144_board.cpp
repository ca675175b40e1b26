#include "platforms/msc8144/msc8144_board.hpp"

#include "platforms/common/core_config.hpp"
#include "platforms/msc8144/msc8144_plan.hpp"

namespace ws {
namespace {

// The SC3400's caches are "core.*"; its clock, register access and SmartDSP
// OS's interrupt entry and exit are the SoC's and the software's keys.
Cpu::Config sc3400_config(const ParamTable& p) {
  Cpu::Config c = core_config(p, "core");
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
      m2("m2", Memory::from_clocked(p, "m2", p.r("m2.mhz"), kM2Size, 4, 256), run.stats),
      m3("m3", Memory::from_clocked(p, "m3", p.r("soc.m3_mhz"), kM3Size), run.stats),
      ddr("ddr", Memory::from(p, "ddr", kDdrSize, 1, true), run.stats),
      // CLASS is a non-blocking fabric (RM §4.1): only the targets contend.
      fabric("class", Interconnect::from(p, "class", {.non_blocking = true}), run.stats),
      qe("qe", qe::QuiccEngine::config(p), run.stats),
      epic(IrqController::latency_ns(p, "epic")) {
  for (unsigned c = 0; c < ncores; ++c) {
    cores.push_back(std::make_unique<Cpu>(("core" + std::to_string(c)).c_str(), sc3400_config(p), run.sched, run.stats,
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
