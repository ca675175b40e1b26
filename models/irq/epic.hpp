#pragma once
// EPIC, the MSC8144's embedded programmable interrupt controller:
// one source per UEC queue event here, each routed to the core that owns it,
// after a delivery latency (`epic.latency_ns`).
#include "models/irq/irq_controller.hpp"

namespace ws {

class Epic : public IrqController {
 public:
  explicit Epic(double latency_ns) : IrqController("EPIC", latency_ns) {}
};

}  // namespace ws
