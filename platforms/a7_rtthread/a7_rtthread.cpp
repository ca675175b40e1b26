// The Cortex-A7 RT-Thread platform in the catalogue: the checks between its
// parameters, its result columns, and its two workloads' runs.
#include "platforms/a7_rtthread/a7_rtthread.hpp"

#include <fmt/format.h>
#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/eth/dw_emac.hpp"
#include "models/eth/nic_throttle.hpp"
#include "models/eth/switch.hpp"
#include "models/irq/irq_controller.hpp"
#include "models/mem/memory.hpp"
#include "platforms/common/board_file.hpp"
#include "platforms/common/core_config.hpp"
#include "workloads/apps/iperf_params.hpp"
#include "workloads/drivers/dw_emac_driver_config.hpp"
#include "workloads/net/lwip_call_costs.hpp"
#include "workloads/os/rtthread/rtthread.hpp"
#include "platforms/a7_rtthread/a7_board.hpp"
#include "platforms/common/lwip_guard.hpp"

namespace ws {

using namespace a7;

namespace {

const char* kBoard = "platforms/a7_rtthread/board.yaml";

// The blocks' keys and the choice of lwIP build (which of LwipOptions::shipped
// a 0 size keeps); the board file gives their defaults and the study's own keys.
void declare_a7_params(ParamTable& t) {
  declare_core_config(t, "a7");
  apps::declare_iperf_params(t);
  Memory::declare_params(t, "ddr", /*clocked=*/false);
  Interconnect::declare_params(t, "bus", /*non_blocking=*/false);
  eth::DwEmac::declare_params(t, "emac");
  IrqController::declare_params(t, "gic");
  eth::Switch::declare_params(t, "switch");
  os::RtThread::declare_params(t);
  drivers::DwEmacDriverConfig::bindings().declare(t, "drv");
  net::LwipCallCosts::bindings().declare(t, "lwip");
  net::LwipOptions::bindings().declare(t, "lwip");
  t.declare_model(model_choice("lwip.options", {"rtthread", "tuned"}, "-",
                               "lwIP build: RT-Thread's lwipopts.h (no timestamps) or the study's tuned one "
                               "(timestamps on); what 0 stands for in lwip.tcp_wnd and lwip.tcp_snd_buf (rtthread "
                               "8196 B, tuned 11680 B) and lwip.pbuf_pool_size (16, 64)"));
  eth::NicThrottle::Config::bindings().declare(t, "pc.nic");
}


void check_a7_params(const ParamTable& p) {
  if (p.s("workload") == "iperf" && p.s("iperf.proto") == "tcp" && p.given("iperf.udp_mbps"))
    throw InputError(fmt::format("{}: key 'iperf.udp_mbps': a TCP test has no offered rate (iperf.proto=tcp, {})",
                                 p.origin("iperf.udp_mbps"), p.origin("iperf.proto")));
  const double line = std::stod(p.s("emac.mbps"));
  if (p.r("iperf.udp_mbps") > line)
    throw InputError(fmt::format("{}: key 'iperf.udp_mbps': {} Mbit/s is above the EMAC's {} Mbit/s (valid: 0..{})",
                                 p.origin("iperf.udp_mbps"), p.r("iperf.udp_mbps"), line, line));
  p.require_power_of_two({"a7.l1d_kb", "a7.l1i_kb"}, "8, 16, 32, 64 KB");
  Cpu::check_cache_params(p, "a7");
  p.require_power_of_two({"a7.l2_kb"}, "128, 256, 512, 1024 KB");
  // lwIP's init.c refuses a build whose window the pbuf pool cannot hold
  // (TCP_WND > PBUF_POOL_SIZE x (PBUF_POOL_BUFSIZE - headers): 1520 B less the
  // link header with its padding word, 16, and the IP and TCP headers, 40).
  {
    constexpr int64_t kPerPbuf = 1520 - 16 - 40;
    const ws_lwip_options o = a7_lwip_options(p).stack;  // refuses a window below a segment, a buffer below two
    const int64_t wnd = o.tcp_wnd, pool = o.pbuf_pool_size;
    if (wnd > pool * kPerPbuf)
      throw InputError(fmt::format("{}: key 'lwip.tcp_wnd': {} B is more than {} pool pbufs hold ({} B): lwIP's "
                                   "init.c refuses such a build (valid: up to lwip.pbuf_pool_size x {} B)",
                                   p.origin({"lwip.tcp_wnd", "lwip.pbuf_pool_size", "lwip.options"}), wnd, pool,
                                   pool * kPerPbuf, kPerPbuf));
  }
  if (p.i("emac.rx_fifo_bytes") < 1518)
    throw InputError(fmt::format("{}: key 'emac.rx_fifo_bytes': {} B does not hold a 1518 B frame (valid: "
                                 "1518..65536)", p.origin("emac.rx_fifo_bytes"), p.i("emac.rx_fifo_bytes")));
  if (p.s("workload") == "iperf") {
    require_lwip("iperf");
    const auto drv = drivers::DwEmacDriverConfig::bindings().build(p, "drv");
    const uint64_t dma = uint64_t(drv.rx_descs + drv.tx_descs) * 1536;
    if (dma > kDmaBufferRoom) throw std::logic_error("DMA buffer region too small for the rings");
  }
}

std::vector<Column> a7_columns() {
  return {{"mbps", "Mbit/s", "iperf3's figure: TCP or UDP payload bits the receiver got per second of the test"},
          {"cpu_pct", "%", "RT-Thread's CPU usage over the test (1 - idle)"},
          {"retransmits", "segments", "TCP segments the sender sent again (iperf3's Retr)"},
          {"loss_pct", "%", "UDP datagrams sent but not received"},
          {"wire_frames", "frames", "frames that crossed the EMAC's wires (host-speed unit)"},
          {"drops", "-", "frames lost, as place.reason=count (EMAC FIFO, switch, driver, lwIP)"},
          {"ms", "ms", "memcpy workload: time of the copy"},
          {"mbytes_per_s", "MB/s", "memcpy workload: bytes copied per second"}};
}

RunResult run_a7(const ParamTable& p, const RunOptions& o) {
  if (p.s("workload") == "memcpy") return run_memcpy(p, o);
  if constexpr (kHaveLwip) return run_iperf(p, o);
  else refuse_without_lwip("iperf");
}

}  // namespace

net::LwipOptions a7_lwip_options(const ParamTable& p) {
  return net::LwipOptions::bindings().build(p, "lwip", net::LwipOptions::shipped(p.s("lwip.options")));
}

Platform a7_platform() {
  return board_platform(kBoard, declare_a7_params,
                        {.workloads = {"iperf", "memcpy"},
                         .check = check_a7_params,
                         .run = run_a7,
                         .ethernet_ports = true,
                         .columns = a7_columns(),
                         .reference = {"rtthread", "workloads/iperf/reference/rtthread-iperf.csv", "mbps"},
                         .short_run = {{"iperf.seconds", "0.2"}, {"memcpy.mbytes", "0.1"}},
                         .seed_note = "it sets the memcpy workload's data only: an iperf run is the same for every seed"});
}

}  // namespace ws
