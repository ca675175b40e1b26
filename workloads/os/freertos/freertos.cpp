#include "workloads/os/freertos/freertos.hpp"

#include <stdexcept>

namespace ws::os {

void FreeRtos::declare_params(ParamTable& t) {
  KernelCosts::bindings().declare(t, "freertos");
  t.declare_model(model_number("freertos.tick_hz", ParamSpec::Kind::Int, 10, 10000, "Hz",
                               "configTICK_RATE_HZ: the tick and its timeouts"));
}

namespace {
KernelConfig config(const KernelCosts& costs, const sc_core::sc_time& tick) {
  KernelConfig c;
  c.costs = costs;
  c.tick = tick;
  c.tick_priority = 255;  // the R5F's timer interrupt, above the devices'
  c.time_slice_ticks = 0;  // configUSE_TIME_SLICING 0
  return c;
}
}  // namespace

FreeRtos::FreeRtos(Cpu& core, StatsRegistry& stats, const KernelCosts& costs, const sc_core::sc_time& tick)
    : core_(core), stats_(stats), kernel_({&core}, config(costs, tick), stats) {}

Thread& FreeRtos::task(const std::string& name, unsigned priority, std::function<Task()> body,
                       const sc_core::sc_time& at) {
  if (priority == 0 || priority >= kPriorities) throw std::logic_error(name + ": FreeRTOS task priorities are 1..31");
  return kernel_.create_thread(0, priority, std::move(body), name, at);  // the kernel's: higher is more urgent
}

double FreeRtos::cpu_load_pct(const sc_core::sc_time& window) const {
  return stats_.cpu_load(core_.resource_name())->busy_pct(window);
}

}  // namespace ws::os
