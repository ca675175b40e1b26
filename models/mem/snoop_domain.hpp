#pragma once
// Cache coherence among the cores' L1 data caches by snooping (MESI as the
// tags show it: a line a core holds dirty is Modified; held clean by it alone,
// Exclusive; held clean by others too, Shared; not held, Invalid), with the L2
// the cores share behind them (the MPC8572's 1 MB L2 on the e500s' common
// bus). Before every cacheable data access of a core (Cpu::read, write,
// atomic_rmw) the domain looks at what the other cores hold:
//   read   another core holds the line Modified: an intervention, that core
//          supplies the line and writes it into the L2; both then hold it Shared
//   write  every other copy is invalidated (a Modified one first supplies the
//          line: an intervention); a write to a line held Shared is an upgrade
// so a line written by two cores in turn (a lock, a shared counter, a ring
// index, a falsely shared structure) costs an intervention every time it
// changes hands, and a line each core keeps to itself costs nothing extra.
// Costs are core cycles beyond the access's own L1/L2 time (parameters).
// Copies and scans (Cpu::copy, charge_copy, charge_scan) are not snooped.
// A device on a coherent bus (the e500's eTSECs) snoops too: its write
// invalidates every cached copy of the lines (the L2's as well: no stashing),
// its read of a line a core holds modified has that core write it back.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "models/mem/cache.hpp"
#include "models/sim/param.hpp"

namespace ws {

class SnoopDomain {
 public:
  struct Config {
    Cache::Config l2;
    double intervention_cycles;  // a line supplied by another core's L1
    double invalidate_cycles;    // the broadcast that takes a line exclusive (upgrade or write miss)
  };
  // "<prefix>.intervention_cycles", "<prefix>.invalidate_cycles".
  static void declare_params(ParamTable& t, const std::string& prefix);
  // The shared L2's "<prefix>.kb" (a power of two) and "<prefix>.hit_cycles"
  // (an L1 miss it serves, which the cores pay: Cpu::Config::l2_hit_cycles).
  static void declare_l2_params(ParamTable& t, const std::string& prefix);
  // Its Config from both: the L2 of "<l2_prefix>.kb" with `ways` and `line_bytes` (the part's), the costs of "<prefix>.*".
  static Config from(const ParamTable& p, const std::string& prefix, const std::string& l2_prefix, uint32_t ways,
                     uint32_t line_bytes);

  explicit SnoopDomain(const Config& cfg);
  // A core's L1 D-cache joins; returns its index in the domain.
  unsigned join(Cache& l1d);
  // What core `core`'s access to [addr, addr+n) does to the other cores'
  // copies, and the cycles it costs beyond its own cache access. Inline for
  // its common end: no other core ever filled a line (one core does all the
  // work, as with every interrupt on one CPU), so there is nothing to look up.
  double snoop(unsigned core, uint64_t addr, uint64_t n, bool write) {
    for (unsigned c = 0; c < l1s_.size(); ++c)
      if (c != core && !l1s_[c]->untouched()) return snoop_others(core, addr, n, write);
    return 0;
  }
  // A device's DMA write or read of [addr, addr+n).
  void device_write(uint64_t addr, uint64_t n);
  void device_read(uint64_t addr, uint64_t n);
  Cache& l2() { return l2_; }
  // Modified lines a core supplied (to another core, or written back for a device's read).
  uint64_t interventions() const { return interventions_; }
  // The events by what the memory holds (a named address range; the rest is "other").
  struct Moves {
    uint64_t core_to_core = 0;   // interventions for another core
    uint64_t to_device = 0;      // modified lines written back for a device's read
    uint64_t invalidations = 0;  // copies invalidated, by a core or a device
  };
  void name_region(uint64_t base, uint64_t size, std::string name);
  std::map<std::string, Moves> moves() const;
  // Copies invalidated (by another core's write or a device's).
  uint64_t invalidations() const { return invalidations_; }

 private:
  Config cfg_;
  Cache l2_;
  std::vector<Cache*> l1s_;
  struct Region {
    uint64_t base, size;
    std::string name;
    Moves moves;
  };
  Moves& region(uint64_t addr);
  double snoop_others(unsigned core, uint64_t addr, uint64_t n, bool write);
  uint64_t interventions_ = 0, invalidations_ = 0;
  std::vector<Region> regions_;
  Region other_{0, 0, "other", {}};
};

}  // namespace ws
