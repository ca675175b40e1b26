#pragma once
// The MPC8572's MPIC (the Freescale PIC, OpenPIC-derived): per source a
// priority (1..15, higher is more urgent; 0 would mask it) and one destination
// CPU. The Freescale PIC takes a single CPU per interrupt destination register
// (Linux allocates it with MPIC_SINGLE_DEST_CPU: "only one bit should be set
// in interrupt destination registers", commit e242114, 2013), so an
// smp_affinity of several CPUs is Linux's to resolve to one (IrqAffinity). A
// new destination takes effect at the source's next assertion. It counts each
// source's assertions per CPU (/proc/interrupts). Inter-processor interrupts go
// to every CPU of their mask on the IPI's line.
#include <cstdint>
#include <vector>
#include "models/irq/irq_controller.hpp"

namespace ws {

class Mpic : public IrqController {
 public:
  Mpic(double latency_ns, std::vector<Cpu*> cpus);
  // Source `source` arrives on input `line` of CPU `cpu`, at `priority`.
  void configure(unsigned source, unsigned line, unsigned priority, unsigned cpu);
  void set_destination(unsigned source, unsigned cpu);
  unsigned destination(unsigned source) const;
  unsigned cpus() const { return unsigned(cpus_.size()); }
  // Assertions of `source` delivered to `cpu` so far.
  uint64_t count(unsigned source, unsigned cpu) const;
  void raise(unsigned source) override;
  // An IPI from software: input `line` of every CPU in `mask`.
  void ipi(unsigned mask, unsigned line);

 private:
  struct Source {
    bool configured = false;
    unsigned line = 0, cpu = 0;
    std::vector<uint64_t> counts;
  };
  Source& source_of(unsigned source);
  unsigned check_cpu(unsigned cpu) const;
  std::vector<Cpu*> cpus_;
  std::vector<Source> sources_;
};

}  // namespace ws
