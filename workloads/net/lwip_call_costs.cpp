#include "workloads/net/lwip_call_costs.hpp"

namespace ws::net {

const Bindings<LwipCallCosts>& LwipCallCosts::bindings() {
  using C = LwipCallCosts;
  const auto cost = [](Bindings<C>& b, const char* key, double C::*member, const char* meaning) -> Bindings<C>& {
    return b.number(key, member, ParamSpec::Kind::Real, 0, 1e6, "instructions", meaning);
  };
  static const Bindings<C> b = [&] {
    Bindings<C> b;
    cost(b, "input_instructions", &C::input,
         "lwIP's work on one received frame: ethernet_input, ip4_input, tcp/udp_input");
    cost(b, "output_instructions", &C::output,
         "lwIP's work on one frame it sends: tcp_output_segment or udp_sendto, ip4_output, etharp_output");
    cost(b, "timer_instructions", &C::timer,
         "one sys_check_timeouts: tcp_tmr (fast and slow timers), ARP and reassembly timers");
    cost(b, "api_instructions", &C::api, "one socket call (recv, send) with its netconn work, copies excluded");
    cost(b, "pbuf_instructions", &C::pbuf, "one pbuf allocation and its free");
    return b;
  }();
  return b;
}

}  // namespace ws::net
