#pragma once
// The AM261x study's software on the R5F: FreeRTOS, the real lwIP with TI MCU+
// SDK's options (lwipopts.h for am261x/enet), its tcpip thread at priority 7,
// and the SDK's lwIP interface on the CPSW (Rx and Tx tasks at 8).
#ifdef WS_HAVE_LWIP
#include <systemc>
#include <cstdint>
#include <map>
#include <string>
#include "models/sim/param.hpp"
#include "platforms/am261x_lwip/am261x_board.hpp"
#include "workloads/drivers/cpsw_lwipif.hpp"
#include "workloads/net/lwip_on_core.hpp"
#include "workloads/net/lwip_options.hpp"
#include "workloads/net/lwip_stack.hpp"
#include "workloads/net/tcpip_thread.hpp"
#include "workloads/os/freertos/freertos.hpp"

namespace ws::am261x {

struct Am261xSoftware {
  Am261xSoftware(const ParamTable& p, Am261xBoard& board, RunContext& run);
  void boot();
  // Frames the board still holds as the receiver: the FIFO, the ring, the
  // tcpip mailbox and hands, lwIP's UDP receive mailbox.
  uint64_t rx_waiting();
  // Frames dropped so far, by "<where>.<reason>": the hardware's, the driver's, the receiving stack's.
  std::map<std::string, uint64_t> drops(const net::LwipStack& receiver) const;

  RunContext& run;
  Am261xBoard& board;
  os::FreeRtos rtos;
  const net::LwipOptions options;  // lwIP's build with the lwip.* keys
  net::LwipStack stack;
  net::LwipOnCore lwip;
  net::TcpipThread tcpip;
  drivers::CpswLwipif driver;
};

}  // namespace ws::am261x
#endif
