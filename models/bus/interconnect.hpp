#pragma once
// Interconnect: a TLM-2.0 address router between any number of initiators and
// targets, with one shared data path whose occupancy models bus contention.
#include <systemc>
#include "models/sim/param.hpp"
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <cstdint>
#include <map>
#include "models/mem/transfer_time.hpp"
#include "models/sim/busy_server.hpp"
#include "models/sim/gap_server.hpp"
#include "models/sim/stats.hpp"

namespace ws {

class Interconnect : public sc_core::sc_module {
 public:
  struct Config {
    double bytes_per_ns = 0;  // data path width
    double hop_ns = 0;        // fixed traversal latency added after the transfer
    // A non-blocking fabric (a crossbar) has no shared data path: requests only
    // meet at the targets, and bytes_per_ns is not used. Its report line counts
    // operations and bytes with no busy time.
    bool non_blocking = false;
    // Initiators that run ahead of simulated time (cores with a time cursor)
    // book the data path at their own future time: a busy-until path would
    // queue a DMA's earlier request behind such a booking. Decoupled, the path
    // serves each request in the first idle gap after its arrival (GapServer),
    // as the hardware would have in time order.
    bool decoupled_initiators = false;
  };
  // "<prefix>.hop_ns", and "<prefix>.bytes_per_ns" unless the fabric is non-blocking.
  static void declare_params(ParamTable& t, const std::string& prefix, bool non_blocking);
  // `base` (the board's structure: a crossbar, decoupled initiators) with the keys declare_params declared.
  static Config from(const ParamTable& p, const std::string& prefix, Config base);
  static Config from(const ParamTable& p, const std::string& prefix);  // a blocking fabric, initiators in time order

  Interconnect(sc_core::sc_module_name name, const Config& cfg, StatsRegistry& stats);

  tlm_utils::multi_passthrough_target_socket<Interconnect> in;
  tlm_utils::multi_passthrough_initiator_socket<Interconnect> out;

  // Routes [base, base+size) to out[out_index] with base removed; throws
  // std::invalid_argument on an empty or overlapping window.
  void map(unsigned out_index, uint64_t base, uint64_t size);
  // Binds the next output to `target` and routes [base, base+size) to it (an
  // entry of the board's address map).
  template <class Target>
  void attach(Target& target, uint64_t base, uint64_t size) {
    out.bind(target);
    map(attached_++, base, size);
  }
  // The data path's part of a plain access of `len` bytes arriving `delay`
  // after now (b_transport's, and a TimedRoute's): books it; the delay on.
  sc_core::sc_time pass(uint64_t len, const sc_core::sc_time& delay);
  // Whether a chain of dependent reads (DependentReads) may pass: only a
  // crossbar (a shared data path would have to interleave it with other
  // traffic). Each further read of a chain spends hop() on the way.
  bool takes_chains() const { return cfg_.non_blocking; }
  const sc_core::sc_time& hop() const { return hop_; }

 private:
  unsigned attached_ = 0;
  struct Window {
    uint64_t size;
    unsigned out;
  };
  // The window holding [addr, addr+len), or nullptr with base untouched.
  const Window* decode(uint64_t addr, uint64_t len, uint64_t& base) const;

  void b_transport(int id, tlm::tlm_generic_payload& t, sc_core::sc_time& delay);
  unsigned transport_dbg(int id, tlm::tlm_generic_payload& t);
  // A target's DMI grant (or refusal) in the initiators' addresses, within its window.
  bool get_direct_mem_ptr(int id, tlm::tlm_generic_payload& t, tlm::tlm_dmi& dmi);
  void invalidate_direct_mem_ptr(int target, sc_dt::uint64 start, sc_dt::uint64 end);
  void end_of_elaboration() override;

  Config cfg_;
  sc_core::sc_time hop_;
  TransferTime xfer_;
  std::map<uint64_t, Window> windows_;  // keyed by base
  mutable std::map<uint64_t, Window>::const_iterator last_ = windows_.end();  // last window decoded
  // Arbitration is first-come-first-served by arrival time: every request, from
  // whichever initiator, occupies the one data path from the later of its arrival
  // and the moment the previous request left it. No priorities, no preemption.
  BusyServer bus_;
  GapServer gap_bus_;  // the same path for decoupled initiators
};

}  // namespace ws
