// The CpswLwipif's keys: packet counts, the tasks' priority, the path lengths.
#include "workloads/drivers/cpsw_lwipif_config.hpp"

namespace ws::drivers {

const Bindings<CpswLwipifConfig>& CpswLwipifConfig::bindings() {
  using C = CpswLwipifConfig;
  using K = ParamSpec::Kind;
  static const Bindings<C> b =
      Bindings<C>()
          .number("rx_pkts", &C::rx_pkts, K::Int, 4, 256, "packets",
                  "Rx packets: descriptors, buffers and the Rx pbuf pool (the descriptors of both fit the board's "
                  "CPPI region: on the AM261x rx_pkts + 5 x tx_pkts <= 512)")
          .number("tx_pkts", &C::tx_pkts, K::Int, 2, 256, "packets",
                  "Tx packet slots, each a checksum word and up to 4 pieces' descriptors")
          .number("task_priority", &C::task_priority, K::Int, 1, 31, "FreeRTOS priority", "the Rx and Tx tasks")
          .number("isr_instructions", &C::isr_instructions, K::Real, 0, 1e5, "instructions",
                  "an Rx or Tx interrupt: status, completion pointer, notify, EOI")
          .number("rx_pkt_instructions", &C::rx_pkt_instructions, K::Real, 0, 1e5, "instructions",
                  "per received packet in the Rx task: descriptor, custom pbuf, checksum flag, tcpip_input")
          .number("tx_pkt_instructions", &C::tx_pkt_instructions, K::Real, 0, 1e5, "instructions",
                  "per sent packet: the SG list, the checksum word (pseudo-header sum), descriptors")
          .number("tx_reap_instructions", &C::tx_reap_instructions, K::Real, 0, 1e5, "instructions",
                  "per completed Tx packet: its descriptors and pbuf_free");
  return b;
}

}  // namespace ws::drivers
