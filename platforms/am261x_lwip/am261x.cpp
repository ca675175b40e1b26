// The AM261x lwIP platform in the catalogue: its blocks' keys, the checks
// between them, its result columns and its run.
#include "platforms/am261x_lwip/am261x.hpp"

#include <fmt/format.h>
#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/eth/cpdma.hpp"
#include "models/eth/nic_throttle.hpp"
#include "models/irq/irq_controller.hpp"
#include "models/mem/memory.hpp"
#include "models/mem/xip_flash.hpp"
#include "platforms/am261x_lwip/am261x_board.hpp"
#include "platforms/common/board_file.hpp"
#include "platforms/common/core_config.hpp"
#include "workloads/apps/iperf_params.hpp"
#include "platforms/common/lwip_guard.hpp"
#include "workloads/drivers/cpsw_lwipif_config.hpp"
#include "workloads/net/lwip_call_costs.hpp"
#include "workloads/os/freertos/freertos.hpp"

namespace ws {

namespace {

const char* kBoard = "platforms/am261x_lwip/board.yaml";

void declare_am261x_params(ParamTable& t) {
  declare_core_config(t, "r5");
  apps::declare_iperf_params(t);
  Memory::declare_params(t, "msram", /*clocked=*/false);
  Interconnect::declare_params(t, "bus", /*non_blocking=*/false);
  XipFlash::Config::ospi_bindings().declare(t, "ospi");
  XipFlash::Config::rl2_bindings().declare(t, "rl2");
  eth::Cpdma::Config::bindings().declare(t, "cpsw");
  IrqController::declare_params(t, "vim");
  os::FreeRtos::declare_params(t);
  drivers::CpswLwipifConfig::bindings().declare(t, "drv");
  net::LwipCallCosts::bindings().declare(t, "lwip");
  net::LwipOptions::bindings().declare(t, "lwip");
  eth::NicThrottle::Config::bindings().declare(t, "pc.nic");
}

void check_am261x_params(const ParamTable& p) {
  p.require_power_of_two({"r5.l1d_kb", "r5.l1i_kb"}, "4, 8, 16, 32, 64 KB");
  Cpu::check_cache_params(p, "r5");
  if (p.s("rl2.kb") != "none") p.require_power_of_two({"rl2.ways"}, "1, 2, 4, 8, 16: a power of two of sets");
  if (const auto d = drivers::CpswLwipifConfig::bindings().build(p, "drv"); d.descriptor_bytes() > am261x::kDescriptorBytes)
    throw InputError(fmt::format("{}: key 'drv.tx_pkts': {} Rx and {} Tx packets need {} B of descriptors, more than "
                                 "the {} B non-cached CPPI region (valid: drv.rx_pkts + {} x drv.tx_pkts <= {})",
                                 p.origin({"drv.tx_pkts", "drv.rx_pkts"}), d.rx_pkts, d.tx_pkts, d.descriptor_bytes(),
                                 am261x::kDescriptorBytes, 1 + d.kTxPieces, am261x::kDescriptorBytes / d.kDescStride));
  if (p.s("iperf.proto") == "tcp" && p.i("iperf.datagram_bytes") != 1470)
    throw InputError(fmt::format("{}: key 'iperf.datagram_bytes': a TCP test has no datagrams (iperf.proto=tcp, {}; "
                                 "valid: 1470, the default)", p.origin("iperf.datagram_bytes"), p.origin("iperf.proto")));
  if (const int64_t w = am261x_lwip_options(p).stack.tcp_wnd; w > int64_t(p.i("drv.rx_pkts")) * 1460)
    throw InputError(fmt::format("{}: key 'lwip.tcp_wnd': {} B is more than the {} Rx packets hold ({} B of "
                                 "segments): the window would promise what the ring cannot take (valid: up to "
                                 "drv.rx_pkts x 1460)", p.origin({"lwip.tcp_wnd", "drv.rx_pkts"}), w,
                                 p.i("drv.rx_pkts"), p.i("drv.rx_pkts") * 1460));
  require_lwip("iperf");
}

std::vector<Column> am261x_columns() {
  return {{"mbit_s", "Mbit/s", "iperf's figure: TCP or UDP payload bits the receiver got per second of the test"},
          {"cpu_pct", "%", "the R5F's CPU load over the test (1 - idle, the SDK's TaskP load)"},
          {"loss_pct", "%", "UDP datagrams sent but not received"},
          {"offered_mbit_s", "Mbit/s", "UDP: the payload rate the sender offered in the test (rx: the search's "
                                       "largest rate with at most iperf.loss_pct lost)"},
          {"retransmits", "segments", "TCP segments the sender sent again"},
          {"rl2_hit_pct", "%", "code fetches from the flash the RL2 served (xip)"},
          {"drops", "-", "frames lost, as place.reason=count"},
          {"wire_frames", "frames", "frames that crossed the link (host-speed unit)"}};
}

RunResult run_am261x(const ParamTable& p, const RunOptions& o) {
  if constexpr (kHaveLwip) return run_am261x_iperf(p, o);
  else refuse_without_lwip("iperf");
}

}  // namespace

net::LwipOptions am261x_lwip_options(const ParamTable& p) {
  // Every size from the board file (its ranges refuse 0, the build's value): the SDK's lwipopts.h is cited there.
  net::LwipOptions o;
  o.stack.pbuf_pool_size = uint32_t(p.i("drv.rx_pkts"));
  o.stack.checksum_offload = p.s("cpsw.checksum_offload") == "on";
  return net::LwipOptions::bindings().build(p, "lwip", o);
}

Platform am261x_platform() {
  return board_platform(kBoard, declare_am261x_params,
                        {.workloads = {"iperf"},
                         .check = check_am261x_params,
                         .run = run_am261x,
                         .ethernet_ports = true,
                         .columns = am261x_columns(),
                         .reference = {"am261x", "workloads/iperf/reference/am261x-lwip.csv", "mbit_s"},
                         .short_run = {{"iperf.seconds", "0.05"}, {"iperf.trial_ms", "5"}},
                         .seed_note = "nothing on this board draws a random number: every seed gives the same figures"});
}

}  // namespace ws
