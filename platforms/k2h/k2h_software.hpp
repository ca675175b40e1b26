#pragma once
// The FTP study's software on the 66AK2H's A15: TI-RTOS with its heap, the
// stand-in for NDK's stack (lwIP with NDK's profile) and its scheduler task,
// the NIMU driver on the Navigator, NDK's sockets, and the FTP server task
// when the task stacks fit the heap (rtos.boot_heap_bytes).
#ifdef WS_HAVE_LWIP
#include <memory>
#include "models/sim/param.hpp"
#include "platforms/k2h/k2h_board.hpp"
#include "workloads/apps/ftp_server.hpp"
#include "workloads/drivers/nimu_driver.hpp"
#include "workloads/net/lwip_on_core.hpp"
#include "workloads/net/lwip_stack.hpp"
#include "workloads/net/ndk_sockets.hpp"
#include "workloads/net/nimu_netif.hpp"
#include "workloads/net/tcpip_thread.hpp"
#include "workloads/os/tirtos/heap_mem.hpp"
#include "workloads/os/tirtos/tirtos.hpp"

namespace ws::k2h {

constexpr uint16_t kPasvPort = 1025;
constexpr const char* kFileName = "test.bin";

// What one transfer moves: a get is the server's RETR loop (ftp.retr_sends
// send()s of ftp.send_bytes, whatever the file named); a put is the PC's file.
uint64_t transfer_bytes(const ParamTable& p);

struct K2hSoftware {
  K2hSoftware(const ParamTable& p, K2hBoard& board, RunContext& run);
  // The NIMU's initialisation, the first thing the board runs.
  void boot();

  os::TiRtos rtos;
  os::HeapMem heap;
  const bool tasks_fit;           // the boot's task stacks fit the heap
  const ws_lwip_options options;  // NDK's buffers as the stand-in's window and send buffer
  net::LwipStack stack;
  net::LwipOnCore lwip;
  net::TcpipThread scheduler;     // NDK's scheduler task
  drivers::NimuDriver nimu;
  net::NimuNetif netif;
  net::NdkSockets sockets;
  std::unique_ptr<apps::FtpServer> server;  // none when the tasks do not fit
};

}  // namespace ws::k2h
#endif
