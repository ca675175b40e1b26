#pragma once
// A PCIe controller (one end of a link, Root Complex or Endpoint): transaction,
// data link and physical layers, outbound/inbound address windows, and the
// completer that serves inbound reads and writes from local memory through a
// TLM-2.0 initiator socket. Two controllers joined by connect() form a link whose
// two directions carry traffic at the same time.
#include <systemc>
#include <tlm_utils/simple_initiator_socket.h>
#include <array>
#include <functional>
#include <memory>
#include <string>
#include "models/mem/direct_pages.hpp"
#include "models/pcie/address_window.hpp"
#include "models/pcie/data_link_layer.hpp"
#include "models/pcie/flow_control.hpp"
#include "models/pcie/phy_layer.hpp"
#include "models/pcie/transaction_layer.hpp"
#include "models/sim/inplace_function.hpp"
#include "models/sim/rng.hpp"
#include "models/sim/one_shot_timer.hpp"
#include "models/sim/param.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/sim_time.hpp"
#include "models/sim/stats.hpp"
#include "models/sim/steady_state.hpp"
#include "models/sim/trace_writer.hpp"

namespace ws::pcie {

struct ControllerConfig {
  uint16_t id = 0;                  // requester/completer ID (bus/device/function)
  unsigned mps_supported = 256;     // largest payload this end supports, bytes
  unsigned mrrs = 512;              // max read request size, bytes
  unsigned cpl_bytes = 256;         // completion payload (<= MPS); completions end on its multiples, an RCB multiple
  unsigned read_tags = 8;           // non-posted requests outstanding at once
  unsigned posted_buffer_bytes = 2048;  // outbound posted queue the DMA fills
  bool ecrc = false;
  double completer_latency_ns = 0;  // MRd arrival to its completions being ready, beyond the memory read
  double assembly_bytes_per_ns = 2; // internal copy of a payload TLP into the transmit buffer
  double assembly_tlp_ns = 0;       // per payload TLP after its copy: closing its transmit buffer entry
  double completer_request_ns = 0;  // per inbound read request, on the copy engine before its completions
  unsigned cut_through_bytes = 4096; // TLP bytes copied before transmission may start
  FcAdvert advert[3];               // what this receiver advertises per class (P, NP, Cpl)
  unsigned fc_update_every = 4;     // headers freed per UpdateFC
  double fc_update_timeout_ns = 1000;
  DllConfig dll;
  PhyConfig phy;
};

class PcieController : public sc_core::sc_module {
 public:
  PcieController(sc_core::sc_module_name name, const ControllerConfig& cfg, Scheduler& sched,
                 StatsRegistry& stats, Rng& rng, TraceWriter& trace);
  // Every "pcie.*" key: the link, the credits advertised and the controller's costs.
  static void declare_params(ParamTable& t);

  // Local memory behind the inbound windows.
  tlm_utils::simple_initiator_socket<PcieController> mem;

  // Joins two controllers; MPS becomes the smaller of both ends (§7.8.4) and each
  // transmitter starts with the other receiver's advertised credits.
  static void connect(PcieController& a, PcieController& b);
  void add_outbound(AddressWindow w) { outbound_.add(w); }
  void add_inbound(AddressWindow w) { inbound_.add(w); }

  unsigned mps() const { return mps_; }

  // --- used by a local bus master (the DMA engine) through the outbound window ---
  // Room for n more posted bytes in the outbound queue.
  bool can_post(uint32_t n) const;
  // When a bus master's data reaches the controller: its first bytes (the copy into
  // the transmit buffer may start) and its last (the copy cannot end sooner).
  struct Arrival {
    sc_core::sc_time first, last;
  };
  // Posts MWr TLPs for n bytes at a local outbound address, cut at MPS, whose data
  // streams in as `in` says (now or later); `on_acked` runs when the partner has
  // acknowledged the last of them. The room is taken at once. `taken` runs at
  // `in.last` (or now, if later), once the last TLP's data is in, as a callback
  // posted after this call would.
  using DataTaken = InplaceFunction<16>;
  void post_write(uint64_t local_addr, const uint8_t* data, uint32_t n, std::function<void()> on_acked,
                  Arrival in = {}, DataTaken taken = {});
  // Called once when posted room frees up (a DMA waits so once per TLP: no heap).
  using RoomWaiter = InplaceFunction<32>;
  void when_posted_room(RoomWaiter fn) { room_waiters_.push_back(std::move(fn)); }
  uint64_t room_wakeups() const { return room_wakeups_; }  // waiters run so far
  // Reads n bytes at a local outbound address, cut at MRRS; the sink gets the data.
  void read(uint64_t local_addr, uint32_t n, std::shared_ptr<ReadSink> sink);

  // Its running counts gain with a steady-state skip.
  void track(SteadyState& s);
  DataLinkLayer& dll() { return dll_; }
  const PhyTransmitter& phy() const { return phy_; }
  uint64_t tlps_sent() const { return tlps_sent_; }
  uint64_t dllps_sent() const { return dllps_sent_; }
  // Payload of the inbound writes served, and when the last one reached memory:
  // a write has arrived only then, whenever its sender was told it was done.
  uint64_t inbound_write_bytes() const { return inbound_write_bytes_; }
  sc_core::sc_time last_inbound_write() const { return last_inbound_write_; }
  // Runs as each inbound write is served, its data landing at last_inbound_write().
  std::function<void()> on_inbound_write;
  // When the copy engine finishes its last booking (a TLP's buffer close has no event of its own).
  sc_core::sc_time assembly_free_at() const { return assembly_.free_at(); }

 private:
  void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) { direct_.invalidate(start, end); }
  DirectPages direct_{64};  // the accesses' routes past the sockets
  void assemble(std::shared_ptr<const Tlp> t, std::function<void()> on_acked = {}, Arrival in = {},
                DataTaken taken = {});
  void kick();
  void transmit(WirePacket p, uint64_t payload);  // p moves on into the wire's callback
  void receive(const WirePacket& p);
  void handle(const Tlp& t);
  void serve_write(const TlpHeader& h, const uint8_t* data);
  void serve_read(const TlpHeader& h);
  void release(FcClass c, uint32_t data_credits);
  void post_room_freed();
  OneShotTimer fc_timer(FcClass c);  // sends an UpdateFC for c if credits wait
  uint64_t outbound(uint64_t local_addr, uint64_t len) const;
  uint64_t inbound(uint64_t pcie_addr, uint64_t len) const;

  ControllerConfig cfg_;
  Scheduler& sched_;
  TraceWriter& trace_;
  std::string name_;
  PcieController* peer_ = nullptr;
  unsigned mps_;
  PhyTransmitter phy_;
  BusyServer assembly_;
  DataLinkLayer dll_;
  TransactionLayer tl_;
  FcReceiver rx_fc_;
  // Per class: runs from the first freed header after the last UpdateFC.
  std::array<OneShotTimer, 3> fc_timer_{fc_timer(FcClass::P), fc_timer(FcClass::NP), fc_timer(FcClass::Cpl)};
  WindowMap outbound_, inbound_;
  size_t posted_reserved_ = 0;  // posted bytes queued but not yet on the wire
  sc_core::sc_time last_tlp_end_;  // when the last TLP we sent left the wire
  std::vector<RoomWaiter> room_waiters_, spare_waiters_;  // the spare keeps the last round's capacity
  ResourceStats* rx_stats_;
  sc_core::sc_time completer_latency_;
  uint64_t tlps_sent_ = 0, dllps_sent_ = 0, room_wakeups_ = 0;
  uint64_t inbound_write_bytes_ = 0;
  sc_core::sc_time last_inbound_write_;
};

// The link's MPS (the smaller of the two ends'), and the completion size pcie.cpl_bytes gives.
unsigned link_mps(const ParamTable& p);
unsigned cpl_bytes(const ParamTable& p);
// Throws InputError when the link's keys contradict each other: completions
// larger than the link's MPS (§2.2.2) or not on RCB multiples (§2.3.1.1), a
// replay buffer that cannot hold one largest TLP.
void check_link_params(const ParamTable& p);
// One end's config; `root`: its MPS setting is pcie.mps, else pcie.ep_mps. The
// Ack, UpdateFC and replay timers follow the negotiated link.
ControllerConfig controller_config(const ParamTable& p, uint16_t id, bool root);

}  // namespace ws::pcie
