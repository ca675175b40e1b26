#include "workloads/os/linux/irq_affinity.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace ws::os {

void IrqAffinity::set(unsigned source, unsigned mask) {
  const unsigned online = (1u << pic_.cpus()) - 1;
  if ((mask & online) == 0) throw std::logic_error(fmt::format("smp_affinity {:#x} names no online CPU", mask));
  unsigned cpu = 0;
  if ((mask & online) == online) {
    rover_ = (rover_ + 1) % pic_.cpus();  // cpumask_next, wrapping to the first
    cpu = rover_;
  } else {
    while (!(mask >> cpu & 1)) ++cpu;
  }
  masks_[source] = mask & online;
  pic_.set_destination(source, cpu);
}

unsigned IrqAffinity::mask(unsigned source) const {
  auto it = masks_.find(source);
  return it == masks_.end() ? 0 : it->second;
}

}  // namespace ws::os
