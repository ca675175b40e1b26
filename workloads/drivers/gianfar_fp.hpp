#pragma once
// gianfar's fast path (CONFIG_NET_GIANFAR_FP in Freescale's BSP kernels): a
// per-CPU cache of forwarded destinations that the Rx clean consults before
// netif_receive_skb. A hit forwards the frame there: the IPv4 checks, TTL and
// checksum, the MAC rewrite, and the out device's start_xmit called directly,
// no route lookup, no rp_filter, no qdisc (with the out ring full it falls
// back to dev_queue_xmit). A miss goes up the stack; a frame the stack
// forwarded fills the entry. The cache is a direct-mapped table in memory, a
// 32 B line per entry, one table per CPU (no line shared between the cores).
#include <cstdint>
#include <optional>
#include "models/cpu/cpu.hpp"

namespace ws::drivers {

class GianfarFastPath {
 public:
  struct Config {
    uint64_t base;     // the tables, `entries` lines per CPU
    unsigned entries;  // per CPU, a power of two
    unsigned cpus;
  };
  explicit GianfarFastPath(const Config& cfg);
  static constexpr uint32_t kTableBytesPerEntry = 32;
  // CPU `cpu`'s entry for destination `dst`, read through `core`: the out port if it holds `dst`.
  std::optional<unsigned> lookup(Cpu& core, unsigned cpu, uint32_t dst);
  // The stack forwarded `dst` out of `out`: CPU `cpu`'s entry for it is filled.
  void learn(Cpu& core, unsigned cpu, uint32_t dst, unsigned out);
  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }

 private:
  uint64_t slot(unsigned cpu, uint32_t dst) const;
  Config cfg_;
  uint64_t hits_ = 0, misses_ = 0;
};

}  // namespace ws::drivers
