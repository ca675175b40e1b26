#pragma once
// TI-RTOS (SYS/BIOS) as the 66AK2H study's A15 runs it, on the kernel model:
//   Hwi    interrupt handlers (the kernel's hardirq level; priorities from the GIC)
//   Swi    software interrupts, priorities 0..15 (higher is more urgent): the
//          kernel's deferred level, run after the last Hwi, before any Task
//   Task   priorities 1..15 (higher is more urgent; 0 is the idle task),
//          Task_yield among equals, no time slicing (SYS/BIOS has none)
//   Clock  a tick (Clock.tickPeriod, default 1000 us) whose functions run in
//          the Clock Swi
// with the kernel's Semaphore, and the CPU load as the Load module reports it
// (100 - idle). The heap that NDK's socket buffers come from is HeapMem
// (heap_mem.hpp).
#include <systemc>
#include <functional>
#include <string>
#include <vector>
#include "models/cpu/cpu.hpp"
#include "models/sim/param.hpp"
#include "models/sim/stats.hpp"
#include "workloads/os/kernel/kernel.hpp"

namespace ws::os {

class TiRtos {
 public:
  static constexpr unsigned kTaskPriorities = 16;  // Task.numPriorities
  static constexpr unsigned kSwiPriorities = 16;   // Swi.numPriorities
  // The kernel's costs as "tirtos.*" parameters (KernelCosts::declare_params).
  static void declare_params(ParamTable& t);

  TiRtos(Cpu& core, StatsRegistry& stats, const KernelCosts& costs, const sc_core::sc_time& tick);
  // Task_create: `priority` 1..15.
  Thread& task(const std::string& name, unsigned priority, std::function<Task()> body,
               const sc_core::sc_time& at = sc_core::SC_ZERO_TIME);
  // Swi_create: `priority` 0..15; Swi_post(swi) runs it.
  Deferred& swi(const std::string& name, unsigned priority, std::function<Task()> handler);
  void post(Deferred& swi) { kernel_.post(swi); }
  // Clock_create with a period in ticks: `fn` runs in the Clock Swi every period.
  void clock(unsigned period_ticks, std::function<void()> fn);
  Kernel& kernel() { return kernel_; }
  // The Load module's CPU load over `window`: 100 - idle, in %.
  double load_pct(const sc_core::sc_time& window) const;

 private:
  static KernelConfig config(const KernelCosts& costs, const sc_core::sc_time& tick);
  void clock_tick();
  struct ClockFn {
    unsigned period, left;
    std::function<void()> fn;
  };
  Cpu& core_;
  StatsRegistry& stats_;
  Kernel kernel_;
  sc_core::sc_time tick_;
  std::vector<ClockFn> clocks_;
  Deferred* clock_swi_ = nullptr;
  bool ticking_ = false;
};

}  // namespace ws::os
