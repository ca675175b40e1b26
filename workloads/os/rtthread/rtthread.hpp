#pragma once
// RT-Thread as the Cortex-A7 study's board runs it: threads with RT-Thread
// priorities (0 is the most urgent, RT_THREAD_PRIORITY_MAX 32) and round robin
// among equals in time slices of ticks, a tick of RT_TICK_PER_SECOND (the
// BSP's rtconfig.h: 100 on the Cortex-A BSPs, "rtt.tick_hz"), mailboxes, events and semaphores from the kernel, and the CPU usage RT-Thread
// reports: one minus the idle thread's share. Interrupt handlers are the
// kernel's hwi; their priorities come from the GIC.
#include <systemc>
#include <functional>
#include <string>
#include <vector>
#include "models/cpu/cpu.hpp"
#include "models/sim/param.hpp"
#include "models/sim/stats.hpp"
#include "workloads/os/kernel/kernel.hpp"

namespace ws::os {

class RtThread {
 public:
  static constexpr unsigned kPriorities = 32;  // RT_THREAD_PRIORITY_MAX
  // The kernel's costs as "rtt.*" parameters (KernelCosts::declare_params) and "rtt.tick_hz".
  static void declare_params(ParamTable& t);
  // The tick "rtt.tick_hz" gives: its rate, and its period.
  static double tick_hz(const ParamTable& p) { return double(p.i("rtt.tick_hz")); }
  static sc_core::sc_time tick(const ParamTable& p) { return sc_core::sc_time(1.0 / tick_hz(p), sc_core::SC_SEC); }

  RtThread(Cpu& core, StatsRegistry& stats, const KernelCosts& costs, const sc_core::sc_time& tick,
           unsigned time_slice_ticks);
  // rt_thread_create + rt_thread_startup: `priority` 0 (most urgent) .. 31.
  Thread& thread(const std::string& name, unsigned priority, std::function<Task()> body,
                 const sc_core::sc_time& at = sc_core::SC_ZERO_TIME);
  Kernel& kernel() { return kernel_; }
  // CPU usage over `window` as RT-Thread's cpu_usage reports it: 1 - idle, in %.
  double cpu_usage_pct(const sc_core::sc_time& window) const;

 private:
  static KernelConfig config(const KernelCosts& costs, const sc_core::sc_time& tick, unsigned time_slice_ticks);
  Cpu& core_;
  StatsRegistry& stats_;
  Kernel kernel_;
};

}  // namespace ws::os
