#pragma once
// FreeRTOS as TI's MCU+ SDK configures it for the AM261x's R5F
// (source/kernel/freertos/config/am261x/r5f/FreeRTOSConfig.h): preemptive, 32
// priorities (0 idle, 31 most urgent), no time slicing, a 1 kHz tick. Tasks,
// semaphores, queues and mutexes come from the kernel model; interrupt
// handlers are its hwi, their priorities the VIM's.
#include <systemc>
#include <functional>
#include <string>
#include "models/cpu/cpu.hpp"
#include "models/sim/param.hpp"
#include "models/sim/stats.hpp"
#include "workloads/os/kernel/kernel.hpp"

namespace ws::os {

class FreeRtos {
 public:
  static constexpr unsigned kPriorities = 32;  // configMAX_PRIORITIES
  // The kernel's costs as "freertos.*" parameters and "freertos.tick_hz".
  static void declare_params(ParamTable& t);
  // The tick's period, "freertos.tick_hz".
  static sc_core::sc_time tick(const ParamTable& p) {
    return sc_core::sc_time(1.0 / double(p.i("freertos.tick_hz")), sc_core::SC_SEC);
  }

  FreeRtos(Cpu& core, StatsRegistry& stats, const KernelCosts& costs, const sc_core::sc_time& tick);
  // xTaskCreate: `priority` 0 (idle) .. 31 (most urgent).
  Thread& task(const std::string& name, unsigned priority, std::function<Task()> body,
               const sc_core::sc_time& at = sc_core::SC_ZERO_TIME);
  Kernel& kernel() { return kernel_; }
  // The CPU load as the SDK's example prints it (TaskP_loadGetTotalCpuLoad: 1 - idle), in %.
  double cpu_load_pct(const sc_core::sc_time& window) const;

 private:
  Cpu& core_;
  StatsRegistry& stats_;
  Kernel kernel_;
};

}  // namespace ws::os
