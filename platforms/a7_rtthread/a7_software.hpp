#pragma once
// The RT-Thread study's software on the Cortex-A7: RT-Thread, the real lwIP
// (RT-Thread's lwipopts.h or the study's tuned one) with its copies and
// checksums charged to the core, the tcpip thread and the EMAC driver as
// shipped or tuned.
#ifdef WS_HAVE_LWIP
#include <systemc>
#include <cstdint>
#include <map>
#include <string>
#include "models/sim/param.hpp"
#include "platforms/a7_rtthread/a7_board.hpp"
#include "workloads/drivers/dw_emac_driver.hpp"
#include "workloads/net/lwip_on_core.hpp"
#include "workloads/net/lwip_options.hpp"
#include "workloads/net/lwip_stack.hpp"
#include "workloads/net/tcpip_thread.hpp"
#include "workloads/os/rtthread/rtthread.hpp"

namespace ws::a7 {

struct A7Software {
  A7Software(const ParamTable& p, A7Board& board, RunContext& run);
  // The driver's initialisation, the first thing the board runs.
  void boot();
  // Frames the board still holds as the receiver: in the EMAC (FIFO, being
  // stored, in the ring), in the driver, in the tcpip thread's mailbox or
  // hands, in lwIP's UDP receive mailbox.
  uint64_t rx_waiting();
  // Nothing moves: the EMAC idle, no frame waiting for Tx, the switch empty.
  bool quiet();
  // Frames dropped so far by "<where>.<reason>": the hardware's counters, the
  // driver's, and the receiving stack's (the board's, or the PC's as "pc.lwip").
  std::map<std::string, uint64_t> drops(const net::LwipStack& receiver) const;

  RunContext& run;
  A7Board& board;
  const sc_core::sc_time tick;
  os::RtThread rtt;
  const net::LwipOptions options;  // lwIP's build, lwip.options with the lwip.* overrides
  net::LwipStack stack;
  net::LwipOnCore lwip;
  net::TcpipThread tcpip;
  drivers::DwEmacDriver driver;
};

}  // namespace ws::a7
#endif
