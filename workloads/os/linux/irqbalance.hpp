#pragma once
// irqbalance, the daemon that moves IRQs by load (the study names it as the
// pitfall that undoes a manual affinity). Every `interval` (SLEEP_INTERVAL,
// 10 s in irqbalance's source) it reads /proc/interrupts (the MPIC's counts
// per source and CPU) and /proc/stat (each CPU's irq and softirq time), as
// irqbalance 1.x does: a CPU's interrupt-context time is shared among the
// IRQs it took in proportion to their counts. Then the busiest CPU sheds
// IRQs to the idlest, heaviest first, while each move narrows the gap, by
// writing their smp_affinity. A moved IRQ's NAPI poll stays where it runs
// until it completes (its IRQ is masked meanwhile). A user-space process: it
// runs where the scheduler puts it, booked as %usr.
#include <systemc>
#include <cstdint>
#include <vector>
#include "models/irq/mpic.hpp"
#include "models/sim/stats.hpp"
#include "workloads/os/linux/irq_affinity.hpp"
#include "workloads/os/linux/linux.hpp"

namespace ws::os {

class IrqBalance {
 public:
  struct Config {
    sc_core::sc_time interval = sc_core::sc_time(10, sc_core::SC_SEC);
    double pass_instructions = 0;  // one pass: the /proc reads, the placement, the writes
  };
  // Balances `sources` of `pic`; `loads` are the CPUs' load records (by CPU).
  IrqBalance(Linux& lx, Mpic& pic, IrqAffinity& affinity, std::vector<unsigned> sources, std::vector<const CpuLoad*> loads,
             const Config& cfg);
  unsigned passes() const { return passes_; }
  unsigned moves() const { return moves_; }

 private:
  Task body();
  void balance();

  Linux& lx_;
  Mpic& pic_;
  IrqAffinity& affinity_;
  std::vector<unsigned> sources_;
  std::vector<const CpuLoad*> loads_;
  Config cfg_;
  std::vector<std::vector<uint64_t>> counts_;  // per source, per CPU, at the last pass
  std::vector<double> busy_;                   // per CPU, irq + softirq seconds at the last pass
  unsigned passes_ = 0, moves_ = 0;
};

}  // namespace ws::os
