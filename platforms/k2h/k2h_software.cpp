#ifdef WS_HAVE_LWIP
#include "platforms/k2h/k2h_software.hpp"

#include <algorithm>
#include <functional>
#include <utility>

namespace ws::k2h {

namespace {

// The stand-in for NDK's TCP: buffer sizes as NDK's, at most what a 16-bit window holds. No Nagle: NDK's
// TcpOutput() sends whatever empties the send buffer at once (tcpout.c, "Send if we're emptying out the send
// buffer and NOPUSH is not set"), so each send() that fits the window is its own segment. The congestion
// window opens at TCP_MAXWIN (TcpPrAttach(): snd_cwnd = TCP_MAXWIN): no slow start until a timeout; a 6 s
// first timeout (TCPTV_RTTDFLT: tcpprot.c), its receiver's ACK rule and its loss recovery (docs/k2h.md).
ws_lwip_options ndk_options(const ParamTable& p) {
  ws_lwip_options o{std::min(uint32_t(p.i("ndk.tcp_rx_limit")), 65535u), std::min(uint32_t(p.i("ndk.tcp_tx_buf")), 65535u),
                    0, 0, 0, 0, 0, 65535, 0, 0, 0};
  o.del_ack_ticks = 2;  // NDK's 100 ms delayed-ACK tick on the profile's 50 ms fast timer
  o.initial_rto_ms = 6000;
  o.ndk_tcp = 1;
  return o;
}

drivers::NimuDriver::Config nimu_config(const ParamTable& p) {
  drivers::NimuDriver::Config c;
  c.qm_base = kQm;
  c.tx_queue = kTxQueue, c.tx_free_queue = kTxFree, c.tx_return_queue = kTxReturn, c.rx_free_queue = kRxFree;
  return drivers::NimuDriver::bindings().build(p, "nimu", c);
}

// Path lengths are given at -O3; -Og scales the code built with the application (the FTP server),
// not the SDK's prebuilt NDK and NIMU libraries.
apps::FtpServerConfig server_config(const ParamTable& p) {
  const double opt = p.s("sw.opt") == "Og" ? p.r("sw.og_factor") : 1.0;
  return {kBoardIp,
          kPasvPort,
          kFileName,
          p.s("ftp.dir") == "get" ? transfer_bytes(p) : 0,
          kFile,
          uint32_t(p.i("ftp.send_bytes")),
          p.s("ftp.task_yield") == "on",
          p.r("ftp.loop_instructions") * opt,
          p.r("ftp.command_instructions") * opt};
}

}  // namespace

uint64_t transfer_bytes(const ParamTable& p) {
  if (p.s("ftp.dir") == "get") return uint64_t(p.i("ftp.retr_sends")) * uint64_t(p.i("ftp.send_bytes"));
  return uint64_t(p.r("ftp.file_mbytes") * 1e6);
}

K2hSoftware::K2hSoftware(const ParamTable& p, K2hBoard& board, RunContext& run)
    : rtos(board.core, run.stats, os::KernelCosts::bindings().build(p, "tirtos"), sc_core::sc_time(1, sc_core::SC_MS)),
      heap(kHeap, uint64_t(p.i("rtos.heap_bytes"))),
      tasks_fit(p.i("rtos.boot_heap_bytes") == 0 || heap.alloc(uint64_t(p.i("rtos.boot_heap_bytes"))) != 0),
      options(ndk_options(p)),
      stack(ws_lwip_ndk(), run.sched, eth::local_mac(0x02, 1), kBoardIp, kMask, options),
      lwip(stack, board.core, lib::Memcpy::Libc, kLwipWindow, net::LwipCallCosts::bindings().build(p, "ndk"), "NDK"),
      scheduler(
          rtos.kernel(),
          [this, priority = unsigned(p.i("ndk.scheduler_priority"))](std::function<os::Task()> body) {
            rtos.task("NetScheduler", priority, std::move(body));
          },
          stack, lwip, unsigned(p.i("nimu.rx_descs")), board.gic, kTimeoutSource, kTimeoutLine, true),
      nimu(nimu_config(p), board.core),
      netif({unsigned(p.i("nimu.rx_descs")), unsigned(p.i("nimu.tx_descs")), kDescs, kPbm, kRxFree, kTxFree}, nimu,
            board.qm, board.acc, rtos.kernel(), kAccLine, stack, lwip, scheduler),
      sockets({uint32_t(p.i("ndk.tcp_tx_buf")), uint32_t(p.i("ndk.tcp_rx_buf")), uint32_t(p.i("ndk.tcp_rx_limit")),
               uint32_t(p.i("ndk.socket_object_bytes"))},
              heap, rtos.kernel(), scheduler, stack, lwip) {
  if (tasks_fit)
    server = std::make_unique<apps::FtpServer>(server_config(p), rtos, sockets, lwip, unsigned(p.i("ftp.task_priority")));
}

void K2hSoftware::boot() {
  rtos.kernel().boot(0, [this]() -> os::Task {
    netif.init();
    co_return;
  }, "init", sc_core::SC_ZERO_TIME);
}

}  // namespace ws::k2h
#endif
