#pragma once
// SmartDSP OS as the MSC8144 net demo uses it: every core runs the same image;
// core 0 comes out of reset in its boot code (a thread), initialises the
// hardware and lets traffic start; from then on all work runs in hwi handlers
// of one priority (they do not nest; pending ones are taken round robin). The
// image has no tasks and no tick, so the kernel's thread and tick costs are 0
// and unused; the hwi entry and exit costs are the Cpu's (`sw.isr_*_cycles`).
#include <systemc>
#include <functional>
#include <memory>
#include <string>
#include <vector>
#include "models/cpu/cpu.hpp"
#include "models/irq/irq_controller.hpp"
#include "workloads/os/kernel/kernel.hpp"

namespace ws::os {

class SmartDspOs {
 public:
  SmartDspOs(std::vector<Cpu*> cores, IrqController& pic, StatsRegistry& stats);
  // Routes `source` to `core` (its next free input) and runs `handler` there.
  void bind_hwi(unsigned core, unsigned source, std::function<Task()> handler, std::string what);
  // Core 0 runs `init` at `at`; `ready` is called with the time its init ends.
  void boot(const sc_core::sc_time& at, std::function<void(Cpu&)> init,
            std::function<void(const sc_core::sc_time&)> ready);
  Kernel& kernel() { return kernel_; }

 private:
  static constexpr unsigned kHwiPriority = 1;
  std::vector<Cpu*> cores_;
  IrqController& pic_;
  Kernel kernel_;
  std::vector<unsigned> lines_;  // interrupt inputs used per core
};

}  // namespace ws::os
