// The NicThrottle's keys: its mode, the dynamic classes' rates, TSO, the stack's time.
#include "models/eth/nic_throttle.hpp"

namespace ws::eth {

const Bindings<NicThrottle::Config>& NicThrottle::Config::bindings() {
  using C = NicThrottle::Config;
  using K = ParamSpec::Kind;
  static const Bindings<C> b =
      Bindings<C>()
          .derived(model_choice("itr", {"dynamic", "fixed", "off"}, "-",
                                "receive interrupt throttling: dynamic (the driver re-classes the traffic after each "
                                "interrupt: low latency or bulk), fixed (itr_fixed_hz), off (an interrupt per frame)"),
                   [](C& c, const ParamTable& p, const std::string& key) {
                     const std::string m = p.s(key);
                     c.mode = m == "dynamic" ? Mode::Dynamic : m == "fixed" ? Mode::Fixed : Mode::Off;
                   })
          .number("itr_low_hz", &C::low_hz, K::Real, 100, 100000, "interrupts/s",
                  "the low-latency class's interrupt rate (itr=dynamic)")
          .number("itr_bulk_hz", &C::bulk_hz, K::Real, 100, 100000, "interrupts/s",
                  "the bulk class's interrupt rate (itr=dynamic)")
          .number("itr_fixed_hz", &C::fixed_hz, K::Real, 100, 100000, "interrupts/s", "the rate with itr=fixed")
          .flag("tso", &C::tso, {"on", "off"}, "on",
                "the stack hands the NIC a burst of segments as one packet (TCP segmentation offload): it counts "
                "as one packet in the Tx class")
          .number("stack_us", &C::stack_us, K::Real, 0, 10000, "us",
                  "from the interrupt to the stack's answer leaving: the driver's poll, the TCP/IP stack, the "
                  "application's wake-up where the answer needs it");
  return b;
}

}  // namespace ws::eth
