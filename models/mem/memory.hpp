#pragma once
// Memory: a TLM-2.0 target that stores real bytes. Storage is sparse (4 KiB pages
// allocated on first write) so a device can expose a 1 TiB address space while the
// simulator only pays for what a workload touches.
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>
#include "models/sim/busy_server.hpp"
#include "models/sim/gap_server.hpp"
#include "models/sim/stats.hpp"

namespace ws {

class Memory : public sc_core::sc_module {
 public:
  struct Config {
    uint64_t size;        // bytes, at most 2^40
    double latency_ns;    // access latency after the port transfer completes
    double bytes_per_ns;  // per-port transfer bandwidth
    unsigned ports = 1;   // independent ports serving requests in parallel
    // Initiators run ahead of simulated time (software on cores): requests may
    // arrive out of time order, and each is served in the first idle gap of a port
    // (GapServer). Otherwise a port serves in arrival order from when it is free.
    bool decoupled_initiators = false;
    // Ports interleaved by address every this many bytes (the port is fixed by
    // the address); 0 = any port may serve any request (the first free does).
    uint64_t interleave_bytes = 0;
  };

  Memory(sc_core::sc_module_name name, const Config& cfg, StatsRegistry& stats);

  tlm_utils::multi_passthrough_target_socket<Memory> socket;

  // Zero-time backdoor for set-up and checks; throws std::out_of_range past the end.
  void write(uint64_t addr, const uint8_t* p, size_t n);
  void read(uint64_t addr, uint8_t* p, size_t n) const;

  uint64_t size() const { return cfg_.size; }
  size_t pages_allocated() const { return pages_.size(); }

 private:
  static constexpr uint64_t kPageBits = 12;
  static constexpr uint64_t kPageSize = uint64_t{1} << kPageBits;
  using Page = std::array<uint8_t, kPageSize>;

  void b_transport(int id, tlm::tlm_generic_payload& t, sc_core::sc_time& delay);
  // Books a port for one transfer at `addr` arriving at `arrival`; returns its start.
  sc_core::sc_time port_start(uint64_t addr, const sc_core::sc_time& arrival, const sc_core::sc_time& xfer,
                              uint64_t len);
  unsigned transport_dbg(int id, tlm::tlm_generic_payload& t);
  // Checks command, range and byte enables; sets the error response and returns
  // false when the transaction cannot be served.
  bool accept(tlm::tlm_generic_payload& t) const;
  // Moves the payload's data to or from storage; assumes accept() passed.
  void move_data(tlm::tlm_generic_payload& t);
  bool in_range(uint64_t addr, uint64_t n) const { return addr <= cfg_.size && n <= cfg_.size - addr; }

  Config cfg_;
  std::unordered_map<uint64_t, std::unique_ptr<Page>> pages_;
  // The last page looked up (accesses cluster): skips the hash lookup on a repeat.
  // Pages are never freed, so the pointer stays valid.
  Page* page(uint64_t number) const {
    if (number != last_number_ || !last_page_) {
      auto it = pages_.find(number);
      if (it == pages_.end()) return nullptr;
      last_number_ = number;
      last_page_ = it->second.get();
    }
    return last_page_;
  }
  mutable uint64_t last_number_ = 0;
  mutable Page* last_page_ = nullptr;
  std::vector<BusyServer> ports_;
  std::vector<GapServer> gap_ports_;  // instead of ports_ with decoupled initiators
};

}  // namespace ws
