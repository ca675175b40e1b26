#include "platforms/am261x_lwip/am261x_board.hpp"

#include "platforms/common/core_config.hpp"

namespace ws::am261x {

namespace {
XipFlash::Config flash_config(const ParamTable& p) {
  XipFlash::Config c = XipFlash::Config::ospi_bindings().build(p, "ospi");
  c = XipFlash::Config::rl2_bindings().build(p, "rl2", c);
  c.size = kFlashBytes;
  return c;
}
eth::Cpdma::Config cpsw_config(const ParamTable& p) {
  eth::Cpdma::Config c = eth::Cpdma::Config::bindings().build(p, "cpsw");
  c.bits_per_s = 1e9;  // RGMII at 1 Gbit/s
  return c;
}
}  // namespace

Am261xBoard::Am261xBoard(sc_core::sc_module_name name, const ParamTable& p, RunContext& run)
    : sc_module(name),
      msram("msram", Memory::from(p, "msram", kMsramModelled, 1, true), run.stats),
      flash("flash", flash_config(p), run.stats),
      bus("bus", Interconnect::from(p, "bus", {.decoupled_initiators = true}), run.stats),
      core("r5f", core_config(p, "r5", 0), run.sched, run.stats, &run.trace),
      vim(IrqController::latency_ns(p, "vim")),
      cpsw("cpsw", cpsw_config(p), run.sched, run.stats, run.pool, vim, kCpswIrq),
      xip(p.s("code.placement") == "xip") {
  core.socket.bind(bus.in);
  cpsw.socket.bind(bus.in);
  bus.attach(msram.socket, kMsram, kMsramModelled);
  bus.attach(flash.socket, kFlash, kFlashBytes);
  core.set_code_region(xip ? kCodeFlash : kCodeMsram, kData);
  core.set_mmu(true);  // the MPU: MSRAM cached write-back, the descriptors not
  core.set_icache(true);
  core.set_region(kDescriptors, kDescriptorBytes, MemAttr::NonCacheable);
  cpsw.mac().trace(&run.trace);
}

}  // namespace ws::am261x
