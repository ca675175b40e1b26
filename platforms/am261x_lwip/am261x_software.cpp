#ifdef WS_HAVE_LWIP
#include "platforms/am261x_lwip/am261x_software.hpp"

#include <functional>
#include <utility>
#include "platforms/am261x_lwip/am261x.hpp"
#include "workloads/lib/memcpy_routines.hpp"

namespace ws::am261x {

namespace {

drivers::CpswLwipif::Config driver_config(const ParamTable& p) {
  drivers::CpswLwipif::Config c;
  c.desc_base = kDescriptors, c.buffer_base = kRxBuffers, c.ram_base = kMsram;
  return drivers::CpswLwipifConfig::bindings().build(p, "drv", c);
}

}  // namespace

Am261xSoftware::Am261xSoftware(const ParamTable& p, Am261xBoard& b, RunContext& r)
    : run(r),
      board(b),
      rtos(board.core, run.stats, os::KernelCosts::bindings().build(p, "freertos"),
           os::FreeRtos::tick(p)),
      options(am261x_lwip_options(p)),
      stack(ws_lwip_board_mcusdk(), run.sched, eth::local_mac(0x02, 1), kBoardIp, kMask, options.stack),
      lwip(stack, board.core, lib::Memcpy::Libc, kLwipWindow,  // the C library's memcpy (TI Arm Clang)
           net::LwipCallCosts::bindings().build(p, "lwip")),
      tcpip(rtos.kernel(),
            [this](std::function<os::Task()> body) { rtos.task("tcpip", options.tcpip_priority, std::move(body)); },
            stack, lwip, options.tcpip_mbox, board.vim, kTimeoutSource, kTimeoutLine),
      driver(driver_config(p), board.cpsw, board.msram, rtos, stack, lwip, tcpip, board.vim, kCpswIrq, kRxLine,
             kTxLine) {}

void Am261xSoftware::boot() {
  rtos.kernel().boot(0, [this]() -> os::Task {
    driver.init();
    co_return;
  }, "init", sc_core::SC_ZERO_TIME);
}

uint64_t Am261xSoftware::rx_waiting() {
  const uint64_t in_ring = board.cpsw.rx_frames() - driver.rx_taken();
  return board.cpsw.rx_fifo_frames() + board.cpsw.rx_storing() + in_ring + tcpip.mailbox().waiting() +
         tcpip.holding() + stack.udp_waiting();
}

std::map<std::string, uint64_t> Am261xSoftware::drops(const net::LwipStack& receiver) const {
  auto d = run.stats.drops_by_reason();
  for (auto& [why, n] : driver.drops()) d["driver." + why] += n;
  const ws_lwip_counters c = receiver.counters();
  const std::string at = &receiver == &stack ? "lwip." : "pc.lwip.";
  d[at + "rx_pbufs_empty"] += c.rx_pool_empty;
  d[at + "input_refused"] += c.rx_refused;
  d[at + "udp_recvmbox_full"] += c.udp_mbox_full;
  return d;
}

}  // namespace ws::am261x
#endif
