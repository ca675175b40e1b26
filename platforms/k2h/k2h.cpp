// The 66AK2H FTP platform in the catalogue: the checks between its
// parameters, its result columns, and its run.
#include "platforms/k2h/k2h.hpp"

#include <fmt/format.h>
#include "models/bus/interconnect.hpp"
#include "models/eth/nic_throttle.hpp"
#include "models/irq/irq_controller.hpp"
#include "models/mem/memory.hpp"
#include "models/nav/accumulator.hpp"
#include "models/nav/packet_dma.hpp"
#include "models/nav/qmss.hpp"
#include "platforms/common/board_file.hpp"
#include "platforms/common/core_config.hpp"
#include "workloads/drivers/nimu_driver.hpp"
#include "workloads/net/lwip_call_costs.hpp"
#include "workloads/os/tirtos/tirtos.hpp"
#include "models/cpu/cpu.hpp"
#include "platforms/common/lwip_guard.hpp"

namespace ws {

namespace {

const char* kBoard = "platforms/k2h/board.yaml";

// The blocks' keys; the board file gives their defaults and the study's own keys.
void declare_k2h_params(ParamTable& t) {
  declare_core_config(t, "a15");
  Memory::declare_params(t, "ddr", /*clocked=*/false);
  Memory::declare_params(t, "msmc", /*clocked=*/false);
  Interconnect::declare_params(t, "bus", /*non_blocking=*/false);
  nav::Qmss::declare_params(t, "qmss");
  nav::Accumulator::declare_params(t, "acc");
  IrqController::declare_params(t, "gic");
  nav::PacketDma::declare_params(t, "pktdma");
  os::TiRtos::declare_params(t);
  net::LwipCallCosts::bindings().declare(t, "ndk");
  drivers::NimuDriver::bindings().declare(t, "nimu");
  eth::NicThrottle::Config::bindings().declare(t, "pc.nic");
}


void check_k2h_params(const ParamTable& p) {
  p.require_power_of_two({"a15.l1d_kb", "a15.l1i_kb"}, "8, 16, 32, 64 KB");
  Cpu::check_cache_params(p, "a15");
  p.require_power_of_two({"a15.l2_kb"}, "512, 1024, 2048, 4096 KB");
  if (uint64_t(p.i("nimu.rx_descs") + 2 * p.i("nimu.tx_descs")) * 1536 > 0x0500'0000 ||
      uint64_t(p.i("nimu.rx_descs") + p.i("nimu.tx_descs")) * 64 > 0x10000)
    throw InputError(fmt::format("{}: keys 'nimu.rx_descs', 'nimu.tx_descs': {} + {} descriptors do not fit the "
                                 "descriptor region (valid: rx + tx <= 1024)", p.origin({"nimu.rx_descs", "nimu.tx_descs"}),
                                 p.i("nimu.rx_descs"), p.i("nimu.tx_descs")));
  // A get's RAM file holds what the RETR loop sends: held to the put's file bound (ftp.file_mbytes' range).
  const double most_mb = p.spec("ftp.file_mbytes").max;
  if (const double get_mb = double(p.i("ftp.retr_sends")) * double(p.i("ftp.send_bytes")) / 1e6; get_mb > most_mb)
    throw InputError(fmt::format("{}: keys 'ftp.retr_sends', 'ftp.send_bytes': a get of {} x {} B is {:.1f} MB "
                                 "(valid: at most {:g} MB, as ftp.file_mbytes)",
                                 p.origin({"ftp.retr_sends", "ftp.send_bytes"}), p.i("ftp.retr_sends"),
                                 p.i("ftp.send_bytes"), get_mb, most_mb));
  require_lwip("ftp");
}

std::vector<Column> k2h_columns() {
  return {{"mbytes_s", "MB/s", "file bytes (10^6) per second from the 150 reply to the 226, as the FTP client prints"},
          {"a15_load_pct", "%", "TI-RTOS Load over the transfer (100 - idle)"},
          {"emacsend_cycles", "cycles", "mean A15 cycles per EmacSend() call over the transfer (NIMU's TIMING)"},
          {"rtt_us", "us", "mean time from the sender's stack handing a data segment down to its ACK coming up (the sender's RTT estimate)"},
          {"refused", "-", "1: the FTP connection was refused (socket()/accept() ENOMEM), 0: not"},
          {"wire_frames", "frames", "frames that crossed the cable (host-speed unit)"},
          {"status", "-", "ok, or why the connection was refused or the transfer did not complete"},
          {"drops", "-", "frames lost, as place.reason=count (packet DMA, NIMU, NDK)"}};
}

RunResult run_k2h(const ParamTable& p, const RunOptions& o) {
  if constexpr (kHaveLwip) return run_ftp(p, o);
  else refuse_without_lwip("ftp");
}

}  // namespace

Platform k2h_platform() {
  return board_platform(kBoard, declare_k2h_params,
                        {.workloads = {"ftp"},
                         .check = check_k2h_params,
                         .run = run_k2h,
                         .ethernet_ports = true,
                         .columns = k2h_columns(),
                         .reference = {"k2h", "workloads/ftp/reference/k2h-ftp.csv", "mbytes_s"},
                         .short_run = {{"ftp.file_mbytes", "0.2"}, {"ftp.retr_sends", "400"}, {"ftp.timeout_s", "5"}},
                         .seed_note = "nothing on this board draws a random number: every seed gives the same figures"});
}

}  // namespace ws
