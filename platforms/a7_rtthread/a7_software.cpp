#ifdef WS_HAVE_LWIP
#include "platforms/a7_rtthread/a7_software.hpp"

#include <fmt/format.h>
#include <functional>
#include <utility>
#include "models/sim/invariants.hpp"
#include "platforms/a7_rtthread/a7_rtthread.hpp"
#include "workloads/lib/memcpy_routines.hpp"

namespace ws::a7 {

namespace {

drivers::DwEmacDriver::Config driver_config(const ParamTable& p, const ws_lwip_options& opt,
                                            const sc_core::sc_time& tick) {
  drivers::DwEmacDriver::Config c;
  c.checksum_offload = opt.checksum_offload != 0;
  c.ring_base = kRings, c.buffer_base = kDmaBuffers, c.buffer_bytes = 1536;
  c.tick = tick;
  return drivers::DwEmacDriverConfig::bindings().build(p, "drv", c);
}

}  // namespace

A7Software::A7Software(const ParamTable& p, A7Board& b, RunContext& r)
    : run(r),
      board(b),
      tick(os::RtThread::tick(p)),
      rtt(board.core, run.stats, os::KernelCosts::bindings().build(p, "rtt"), tick, 10),
      options(a7_lwip_options(p)),
      stack(p.s("lwip.options") == "tuned" ? ws_lwip_board_tuned() : ws_lwip_board_rtthread(), run.sched,
            eth::local_mac(0x02, 1), kBoardIp, kMask, options.stack),
      lwip(stack, board.core, lib::memcpy_from_name(p.s("sw.memcpy")), kLwipWindow,
           net::LwipCallCosts::bindings().build(p, "lwip")),
      tcpip(rtt.kernel(),
            [this](std::function<os::Task()> body) { rtt.thread("tcpip", options.tcpip_priority, std::move(body)); },
            stack, lwip, options.tcpip_mbox, board.gic, kTimeoutSource, kTimeoutLine),
      driver(driver_config(p, options.stack, tick), board.emac, rtt, stack, lwip, tcpip, board.gic, kEmacSource,
             kEmacLine, 12) {}

void A7Software::boot() {
  rtt.kernel().boot(0, [this]() -> os::Task {
    driver.init();
    co_return;
  }, "init", sc_core::SC_ZERO_TIME);
}

uint64_t A7Software::rx_waiting() {
  require(driver.rx_taken() <= board.emac.rx_frames(), "the driver takes only frames the DMA stored",
          fmt::format("{} taken, {} stored", driver.rx_taken(), board.emac.rx_frames()));
  const uint64_t in_ring = board.emac.rx_frames() - driver.rx_taken();
  return board.emac.rx_fifo_frames() + board.emac.rx_storing() + in_ring + driver.rx_held() +
         tcpip.mailbox().waiting() + tcpip.holding() + stack.udp_waiting();
}

bool A7Software::quiet() {
  return board.emac.idle() && driver.tx_pending() == 0 && board.sw.buffered(kBoardPort) == 0 &&
         board.sw.buffered(kPcPort) == 0;
}

std::map<std::string, uint64_t> A7Software::drops(const net::LwipStack& receiver) const {
  auto d = run.stats.drops_by_reason();
  for (auto& [why, n] : driver.drops()) d["driver." + why] += n;
  const ws_lwip_counters c = receiver.counters();
  const std::string at = &receiver == &stack ? "lwip." : "pc.lwip.";
  d[at + "pbuf_pool_empty"] += c.rx_pool_empty;
  d[at + "input_refused"] += c.rx_refused;
  d[at + "udp_recvmbox_full"] += c.udp_mbox_full;
  return d;
}

}  // namespace ws::a7
#endif
