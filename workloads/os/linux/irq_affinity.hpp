#pragma once
// /proc/irq/N/smp_affinity on a PIC that takes one destination CPU per source
// (the Freescale MPIC). Linux resolves the mask as arch/powerpc/kernel/irq.c
// irq_choose_cpu does for mpic_set_affinity: a mask of every online CPU goes
// to the next CPU of one round robin shared by all sources (irq_rover, which
// starts past CPU0), any other mask to its first CPU. So "either CPU" is a
// choice made once, when the mask is written, not per interrupt.
#include <map>
#include "models/irq/mpic.hpp"

namespace ws::os {

class IrqAffinity {
 public:
  explicit IrqAffinity(Mpic& pic) : pic_(pic) {}
  // The mask's write: `source` to the CPU it resolves to; throws on a mask of no CPU.
  void set(unsigned source, unsigned mask);
  unsigned mask(unsigned source) const;

 private:
  Mpic& pic_;
  unsigned rover_ = 0;
  std::map<unsigned, unsigned> masks_;
};

}  // namespace ws::os
