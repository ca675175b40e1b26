#pragma once
// SmartDSP OS as the studies' images use it: core 0 comes out of reset in its
// boot task; handlers (hwi) of one priority do not nest, and pending ones are
// taken round robin. The MSC8144 net demo's boot task initialises the hardware
// and ends, and all its work runs in hwi; the AN3935 test's task blocks on a
// semaphore its DMA-done hwi posts. Neither image has a tick or a second task.
// The kernel's costs come from the platform ("sdos.*" on the PCIe boards, where
// the task switches; none on the MSC8144, whose echo runs in hwi alone); hwi
// entry and exit are the Cpu's.
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
  SmartDspOs(std::vector<Cpu*> cores, IrqController& pic, StatsRegistry& stats, const KernelCosts& costs = {});
  // Routes `source` to `core` (its next free input) and runs `handler` there;
  // returns the input.
  unsigned bind_hwi(unsigned core, unsigned source, std::function<Task()> handler, std::string what);
  // Core 0 comes out of reset at `at` in the task `body` makes.
  void boot(const sc_core::sc_time& at, std::function<Task()> body, std::string what);
  Kernel& kernel() { return kernel_; }

 private:
  static constexpr unsigned kHwiPriority = 1;
  std::vector<Cpu*> cores_;
  IrqController& pic_;
  Kernel kernel_;
  std::vector<unsigned> lines_;  // interrupt inputs used per core
};

}  // namespace ws::os
