#pragma once
// A GIC-style interrupt controller (Cortex-A7): per source a priority (0 is
// the most urgent, 255 the least, as the GIC's distributor has it), an enable
// bit and a target core. The priority becomes the core input's (the Cpu ranks
// inputs the other way round: higher is more urgent), so the kernel nests by
// it; a disabled source keeps its pending state and is taken once enabled.
// One target per source: GICv2's 1-of-N delivery is not modelled.
#include <vector>
#include "models/irq/irq_controller.hpp"

namespace ws {

class Gic : public IrqController {
 public:
  explicit Gic(double latency_ns) : IrqController("GIC", latency_ns) {}
  // Routes `source` to input `line` of `cpu` with `priority` (0..255), enabled.
  void connect(unsigned source, Cpu* cpu, unsigned line, unsigned priority);
  void set_enabled(unsigned source, bool on);

 private:
  struct Source {
    Cpu* cpu = nullptr;
    unsigned line = 0;
  };
  std::vector<Source> sources_;
};

}  // namespace ws
