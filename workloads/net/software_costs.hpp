#pragma once
// What the stack and application code costs on the core, per operation,
// in core cycles. Memory costs (cache misses, uncached BD accesses, register
// accesses) are not in these figures: the core model charges them where the code
// touches memory. Values and sources: platform parameters "sw.*".
#include "models/sim/param.hpp"

namespace ws::net {

struct SoftwareCosts {
  double rx_stack_cycles;    // Ethernet/IPv4/UDP receive, socket demux, application callback
  double tx_stack_cycles;    // udpSend: UDP/IPv4/Ethernet header build
  double sendto_cycles;      // udpSendTo on top of udpSend: destination checks on every call
  double filter_cycles;      // MPC82xx mode: software dispatch of a frame to its channel
  double arp_cycles;         // answering one ARP request
  double init_cycles;        // core 0's hardware initialisation, excluding its memory writes
  // Uncached reads of shared OS structures in M2 per received frame (frame and
  // buffer descriptors, pool and queue locks): the runtime keeps them in M2 for all cores.
  unsigned os_m2_reads;
  double csum_bytes_per_cycle;  // Internet checksum loop throughput
  // UDP checksums in software: verify what arrives with one, compute what is sent.
  // Off, the payload is never read by the core and replies carry checksum 0.
  bool udp_checksum;
  // The echo path's code, shared by every core's image: each received frame runs it.
  uint64_t code_base;
  uint32_t code_bytes;

  // The stack's per-call costs: "sw.rx_stack_cycles", "sw.tx_stack_cycles",
  // "sw.sendto_cycles", "sw.filter_cycles", "sw.arp_cycles", "sw.os_m2_reads",
  // "sw.csum_bytes_per_cycle".
  static void declare_params(ParamTable& t);
  // Those keys' values, with what the board and the application give: its
  // initialisation, the checksum setting and where the echo path's code lies.
  static SoftwareCosts from(const ParamTable& p, double init_cycles, bool udp_checksum, uint64_t code_base,
                            uint32_t code_bytes);
};

}  // namespace ws::net
