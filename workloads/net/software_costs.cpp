#include "workloads/net/software_costs.hpp"

namespace ws::net {

void SoftwareCosts::declare_params(ParamTable& t) {
  using K = ParamSpec::Kind;
  t.declare_model(model_number("sw.rx_stack_cycles", K::Real, 0, 100000, "cycles",
                               "Ethernet/IPv4/UDP receive, socket demux, application callback"));
  t.declare_model(model_number("sw.tx_stack_cycles", K::Real, 0, 100000, "cycles",
                               "udpSend: UDP/IPv4/Ethernet header build"));
  t.declare_model(model_number("sw.sendto_cycles", K::Real, 0, 100000, "cycles",
                               "udpSendTo on top of udpSend: per-call destination checks (route, ARP, socket state)"));
  t.declare_model(model_number("sw.os_m2_reads", K::Int, 0, 500, "reads",
                               "uncached reads of shared OS structures in M2 per received frame (frame and buffer "
                               "descriptors, pool and queue locks); M2 runs at its own 400 MHz, so their time scales "
                               "with neither clock"));
  t.declare_model(model_number("sw.filter_cycles", K::Real, 0, 100000, "cycles",
                               "MPC82xx mode: software dispatch of each frame to its channel"));
  t.declare_model(model_number("sw.arp_cycles", K::Real, 0, 100000, "cycles", "answering one ARP request"));
  t.declare_model(model_number("sw.csum_bytes_per_cycle", K::Real, 0.5, 32, "B/cycle",
                               "Internet checksum loop throughput"));
}

SoftwareCosts SoftwareCosts::from(const ParamTable& p, double init_cycles, bool udp_checksum, uint64_t code_base,
                                  uint32_t code_bytes) {
  return SoftwareCosts{p.r("sw.rx_stack_cycles"), p.r("sw.tx_stack_cycles"), p.r("sw.sendto_cycles"),
                       p.r("sw.filter_cycles"),   p.r("sw.arp_cycles"),      init_cycles,
                       unsigned(p.i("sw.os_m2_reads")), p.r("sw.csum_bytes_per_cycle"), udp_checksum,
                       code_base,                 code_bytes};
}

}  // namespace ws::net
