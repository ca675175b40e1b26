#pragma once
// The MPC8572's MPIC (the Freescale PIC, OpenPIC-derived): per source a
// priority (1..15, higher is more urgent; 0 would mask it) and a destination mask, bit n for
// CPU n: what Linux writes for /proc/irq/N/smp_affinity (a write takes effect
// at the source's next assertion). A mask of one CPU sends every assertion
// there; with more than one bit set the assertions go round robin among them
// (the PIC's delivery to several destinations is not confirmed: assumed, and
// documented where a platform offers the mask). Inter-processor interrupts go
// to the CPUs of their mask on the IPI's line.
#include <vector>
#include "models/irq/irq_controller.hpp"

namespace ws {

class Mpic : public IrqController {
 public:
  Mpic(double latency_ns, std::vector<Cpu*> cpus);
  // Source `source` arrives on input `line` of whichever CPU takes it, at `priority`, to the CPUs of `mask`.
  void configure(unsigned source, unsigned line, unsigned priority, unsigned mask);
  void set_mask(unsigned source, unsigned mask);
  unsigned mask(unsigned source) const;
  void raise(unsigned source) override;
  // An IPI from software: input `line` of every CPU in `mask`.
  void ipi(unsigned mask, unsigned line);

 private:
  struct Source {
    unsigned line = 0, mask = 0, next = 0;  // next: where the round robin among the mask's CPUs goes on
  };
  Source& source_of(unsigned source);
  unsigned check(unsigned mask) const;
  std::vector<Cpu*> cpus_;
  std::vector<Source> sources_;
};

}  // namespace ws
