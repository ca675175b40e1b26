#pragma once
// External OSPI flash executing in place behind a read cache (the AM261x's
// RL2, "remote L2": TI mcupsdk-core source/drivers/optiflash/v0/rl2/rl2.h):
// a TLM target for the flash window. The RL2 keeps whole 32 B read bursts in
// a bank of on-chip SRAM (8 to 256 KB, LRU ways); a hit costs an SRAM
// access, a miss one flash read of the line: the OSPI command, address and
// dummy cycles, then 32 B on the data lines, at the OSPI clock. Code is read
// only: its bytes are not modelled (reads return zeros) and writes are an
// error. Requests are served one at a time (one OSPI controller).
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <cstdint>
#include <memory>
#include <string>
#include "models/mem/cache.hpp"
#include "models/sim/bindings.hpp"
#include "models/sim/busy_server.hpp"
#include "models/sim/stats.hpp"

namespace ws {

class XipFlash : public sc_core::sc_module {
 public:
  struct Config {
    uint64_t size = 0;
    double ospi_mhz = 0;          // the OSPI clock
    double command_cycles = 0;    // command and address, in OSPI clocks
    double dummy_cycles = 0;
    double bytes_per_cycle = 1;   // data lines x (2 for DDR)
    uint32_t rl2_kb = 0;          // 0: no RL2, every line from the flash
    uint32_t rl2_ways = 4;
    double rl2_hit_ns = 0;        // a line from the RL2's SRAM bank
    // The flash's keys ("<prefix>.ospi_mhz", ...) and the RL2's ("<prefix>.kb", ".ways", ".hit_ns").
    static const Bindings<Config>& ospi_bindings();
    static const Bindings<Config>& rl2_bindings();
  };
  static constexpr uint32_t kLine = 32;  // the RL2's allocation: a full 32 B read burst

  XipFlash(sc_core::sc_module_name name, const Config& cfg, StatsRegistry& stats);
  tlm_utils::multi_passthrough_target_socket<XipFlash> socket;
  // One 32 B line read from the flash itself.
  sc_core::sc_time line_read() const;
  uint64_t rl2_hits() const { return cache_ ? cache_->hits() : 0; }
  uint64_t rl2_misses() const { return cache_ ? cache_->misses() : lines_; }

 private:
  void b_transport(int id, tlm::tlm_generic_payload& t, sc_core::sc_time& delay);
  Config cfg_;
  std::unique_ptr<Cache> cache_;
  BusyServer ospi_;
  uint64_t lines_ = 0;
};

}  // namespace ws
