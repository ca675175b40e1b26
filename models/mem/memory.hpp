#pragma once
// Memory: a TLM-2.0 target that stores real bytes. Storage is sparse (4 KiB pages
// allocated on first write) so a device can expose a 1 TiB address space while
// the simulator only pays for what a workload touches.
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>
#include "models/mem/page_arena.hpp"
#include "models/mem/transfer_time.hpp"
#include "models/sim/busy_server.hpp"
#include "models/sim/gap_server.hpp"
#include "models/sim/param.hpp"
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
  // A memory timed in ns: "<prefix>.latency_ns" and "<prefix>.bytes_per_ns";
  // `clocked`: timed in its own clock, "<prefix>.latency_cycles" and
  // "<prefix>.bytes_per_cycle" (the platform owns the clock).
  // A Config of `size` bytes and `ports` from the "<prefix>.latency_ns" and
  // "<prefix>.bytes_per_ns" keys declare_params(..., clocked = false) declared:
  // the board gives the structure, the parameters the timing.
  static Config from(const ParamTable& p, const std::string& prefix, uint64_t size, unsigned ports = 1,
                     bool decoupled_initiators = false);
  // The same from the clocked keys, the memory's clock at `mhz` (the board's key):
  // serves decoupled initiators, `interleave` as Config::interleave_bytes.
  static Config from_clocked(const ParamTable& p, const std::string& prefix, double mhz, uint64_t size,
                             unsigned ports = 1, uint64_t interleave = 0);
  static void declare_params(ParamTable& t, const std::string& prefix, bool clocked);

  tlm_utils::multi_passthrough_target_socket<Memory> socket;

  // Zero-time backdoor for set-up and checks; throws std::out_of_range past the end.
  void write(uint64_t addr, const uint8_t* p, size_t n);
  void read(uint64_t addr, uint8_t* p, size_t n) const;
  // The same backdoor in place, a page at a time: fn(bytes, offset, k) for each
  // piece of [addr, addr + n), offset counted from addr. view() reads (a page
  // nobody wrote as zeros), edit() writes (allocating the pages). A fill or a
  // check of a large transfer works on the pages themselves, not on a copy.
  template <typename F>
  void view(uint64_t addr, uint64_t n, F&& fn) const {
    if (!in_range(addr, n)) throw_out_of_range("read", addr, n);
    for_each_piece(addr, n, [&](uint64_t a, uint64_t done, size_t k) {
      const uint8_t* pg = page(a >> kPageBits);
      fn((pg ? pg : zeros()) + (a & (kPageSize - 1)), done, k);
    });
  }
  template <typename F>
  void edit(uint64_t addr, uint64_t n, F&& fn) {
    if (!in_range(addr, n)) throw_out_of_range("write", addr, n);
    for_each_piece(addr, n, [&](uint64_t a, uint64_t done, size_t k) {
      uint8_t* pg = page(a >> kPageBits);
      if (!pg) pg = new_page(a >> kPageBits);
      fn(pg + (a & (kPageSize - 1)), done, k);
    });
  }

  // A plain access of `len` bytes at `addr` arriving at `arrival`: books its
  // port; when its data is ready or written (b_transport's, and a TimedRoute's).
  sc_core::sc_time serve(uint64_t addr, uint64_t len, const sc_core::sc_time& arrival) {
    const sc_core::sc_time& xfer = xfer_.of(len);
    return port_start(addr, arrival, xfer, len) + xfer + latency_;
  }
  // A chain of `count` dependent reads `stride` apart from `addr` (DependentReads),
  // the first arriving at `arrival`, each further one `path` after the one
  // before is done: books each as serve() does; the last one's completion.
  sc_core::sc_time serve_chain(uint64_t addr, uint64_t len, unsigned count, uint32_t stride,
                               const sc_core::sc_time& path, sc_core::sc_time arrival) {
    sc_core::sc_time done = serve(addr, len, arrival);
    for (unsigned k = 1; k < count; ++k) done = serve(addr + uint64_t(k) * stride, len, done + path);
    return done;
  }

  uint64_t size() const { return cfg_.size; }
  size_t pages_allocated() const { return arena_.pages(); }

 private:
  static constexpr uint64_t kPageBits = 12;
  static constexpr uint64_t kPageSize = uint64_t{1} << kPageBits;
  static_assert(kPageSize == PageArena::kPageBytes);

  void b_transport(int id, tlm::tlm_generic_payload& t, sc_core::sc_time& delay);
  // Books a port for one transfer at `addr` arriving at `arrival`; returns its start.
  sc_core::sc_time port_start(uint64_t addr, const sc_core::sc_time& arrival, const sc_core::sc_time& xfer,
                              uint64_t len);
  unsigned transport_dbg(int id, tlm::tlm_generic_payload& t);
  // Direct access (TLM-2.0 DMI) to the page holding the payload's address. A
  // page nobody has written is not allocated for it (a DMA reading a large
  // unwritten buffer would cost its size in host memory): the grant is a shared
  // page of zeros, for reading only, revoked when a write allocates the page.
  // Pages are never freed, so no other grant is revoked.
  bool get_direct_mem_ptr(int id, tlm::tlm_generic_payload& t, tlm::tlm_dmi& dmi);
  // Checks command, range and byte enables; sets the error response and returns
  // false when the transaction cannot be served.
  bool accept(tlm::tlm_generic_payload& t) const;
  // Moves the payload's data to or from storage; assumes accept() passed.
  void move_data(tlm::tlm_generic_payload& t);
  bool in_range(uint64_t addr, uint64_t n) const { return addr <= cfg_.size && n <= cfg_.size - addr; }
  [[noreturn]] void throw_out_of_range(const char* what, uint64_t addr, uint64_t n) const;
  // [addr, addr + n) cut at page boundaries: fn(piece's address, its offset from addr, its length).
  template <typename F>
  static void for_each_piece(uint64_t addr, uint64_t n, F&& fn) {
    for (uint64_t done = 0; done < n;) {
      const uint64_t a = addr + done;
      const auto k = size_t(std::min(n - done, kPageSize - (a & (kPageSize - 1))));
      fn(a, done, k);
      done += k;
    }
  }
  static uint8_t* zeros();  // a page of zeros, shared, never written
  // The port an interleaved memory serves `addr` from (shifts and a mask when both are powers of two, as built).
  size_t port_of(uint64_t addr) const {
    return interleave_shift_ >= 0 ? size_t((addr >> interleave_shift_) & (cfg_.ports - 1))
                                  : size_t(addr / cfg_.interleave_bytes % cfg_.ports);
  }
  int interleave_shift_ = -1;

  Config cfg_;
  // A two-level page table, indexed by page number: two loads per look-up
  // instead of a hash (every access looks a page up). A leaf covers 16 MiB and
  // is allocated with its first page; the top level spans the memory's size.
  static constexpr uint64_t kLeafBits = 12;
  using Leaf = std::array<uint8_t*, size_t{1} << kLeafBits>;
  uint8_t* page(uint64_t number) const {
    const Leaf* leaf = leaves_[number >> kLeafBits].get();
    return leaf ? (*leaf)[number & ((uint64_t{1} << kLeafBits) - 1)] : nullptr;
  }
  uint8_t* new_page(uint64_t number);
  PageArena arena_;  // the pages' bytes; before leaves_, which point into it
  std::vector<std::unique_ptr<Leaf>> leaves_;
  bool zero_granted_ = false;  // an unallocated page was granted as the zero page
  sc_core::sc_time latency_;
  TransferTime xfer_;
  std::vector<BusyServer> ports_;
  std::vector<GapServer> gap_ports_;  // instead of ports_ with decoupled initiators
};

}  // namespace ws
