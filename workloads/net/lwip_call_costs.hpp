#pragma once
// lwIP's work per call, in instructions (LwipOnCore's core prices them), and
// its keys. Apart from LwipOnCore, which needs lwIP, so that a board declares
// the same keys in every build.
#include "models/sim/bindings.hpp"

namespace ws::net {

struct LwipCallCosts {
  double input = 0;   // one frame in: ethernet_input, ip4_input, tcp_input or udp_input, to the callback
  double output = 0;  // one frame out: tcp_output_segment or udp_sendto, ip4_output, etharp_output
  double timer = 0;   // one sys_check_timeouts (tcp_tmr and friends)
  double api = 0;     // one socket call from the application (recv, send), with its netconn work
  double pbuf = 0;    // one pbuf allocation and its free
  // "<prefix>.input_instructions", ".output_instructions", ".timer_instructions",
  // ".api_instructions", ".pbuf_instructions".
  static const Bindings<LwipCallCosts>& bindings();
};

}  // namespace ws::net
