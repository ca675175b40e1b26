#pragma once
// The KeyStone packet DMA (PKTDMA) of NETCP, as the driver sees it: Rx flows
// and Tx channels working on host descriptors through the QMSS.
//   Rx  a frame from the port takes a descriptor from its flow's free queue
//       (none: the frame is dropped, counted), its bytes go into that
//       descriptor's original buffer, the packet and buffer lengths are written
//       back, and the descriptor is pushed onto the flow's destination queue.
//   Tx  a channel serves its queue in order: it pops a descriptor, reads it and
//       its buffer, hands the packet to the port, and once the packet has left
//       pushes the descriptor onto the return queue the descriptor names.
// Real bytes move through the bus; each descriptor costs `desc_ns` beyond its
// accesses.
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include "models/mem/direct_pages.hpp"
#include "models/nav/qmss.hpp"
#include "models/sim/param.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"

namespace ws::nav {

class PacketDma : public sc_core::sc_module {
 public:
  struct Config {
    double desc_ns;
  };
  // "<prefix>.desc_ns".
  static void declare_params(ParamTable& t, const std::string& prefix);
  static Config from(const ParamTable& p, const std::string& prefix) { return {p.r(prefix + ".desc_ns")}; }
  // When a packet the port took starts onto its wire and when its last byte has left.
  struct Departure {
    sc_core::sc_time start, end;
  };
  // The port: sends `len` bytes ready at `ready`. The channel reads its next
  // packet from the start of this one, so the port holds at most one ahead.
  using Transmit = std::function<Departure(const uint8_t* bytes, uint32_t len, const sc_core::sc_time& ready)>;

  PacketDma(sc_core::sc_module_name name, const Config& cfg, Qmss& qmss, Scheduler& sched, StatsRegistry& stats);
  tlm_utils::simple_initiator_socket<PacketDma> socket;  // to memory

  unsigned add_rx_flow(unsigned free_queue, unsigned dest_queue);
  void add_tx_channel(unsigned queue, Transmit transmit);
  // A frame from the port for `flow`.
  void receive(unsigned flow, const uint8_t* bytes, uint32_t len);
  uint64_t rx_starved() const { return starved_; }

 private:
  void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) { direct_.invalidate(start, end); }
  DirectPages direct_{64};  // the accesses' routes past the sockets
  struct Flow {
    unsigned free_queue, dest_queue;
  };
  struct Channel {
    unsigned queue;
    Transmit transmit;
    bool busy = false;
  };
  void serve(unsigned channel);

  Config cfg_;
  Qmss& qmss_;
  Scheduler& sched_;
  // Rx flows and Tx channels are separate engines: each has its own busy time
  // (one resource for both read above 100 % when both directions ran).
  ResourceStats *rx_stats_, *tx_stats_;
  std::vector<Flow> flows_;
  std::vector<Channel> channels_;
  std::vector<uint8_t> buf_;
  uint64_t starved_ = 0;
};

}  // namespace ws::nav
