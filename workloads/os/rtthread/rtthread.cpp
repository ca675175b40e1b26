#include "workloads/os/rtthread/rtthread.hpp"

#include <algorithm>
#include <stdexcept>

namespace ws::os {

void RtThread::declare_params(ParamTable& t) {
  KernelCosts::bindings().declare(t, "rtt");
  t.declare_model(model_number("rtt.tick_hz", ParamSpec::Kind::Int, 10, 10000, "Hz",
                               "RT_TICK_PER_SECOND: the tick, its timeouts and time slices"));
}

KernelConfig RtThread::config(const KernelCosts& costs, const sc_core::sc_time& tick, unsigned time_slice_ticks) {
  KernelConfig c;
  c.costs = costs;
  c.tick = tick;
  c.tick_priority = 255;  // the generic timer's interrupt, above the devices'
  c.time_slice_ticks = time_slice_ticks;
  return c;
}

RtThread::RtThread(Cpu& core, StatsRegistry& stats, const KernelCosts& costs, const sc_core::sc_time& tick,
                   unsigned time_slice_ticks)
    : core_(core), stats_(stats), kernel_({&core}, config(costs, tick, time_slice_ticks), stats) {}

Thread& RtThread::thread(const std::string& name, unsigned priority, std::function<Task()> body,
                         const sc_core::sc_time& at) {
  if (priority >= kPriorities) throw std::logic_error(name + ": RT-Thread priorities are 0..31");
  return kernel_.create_thread(0, kPriorities - priority, std::move(body), name, at);  // the kernel's: higher is more urgent
}

double RtThread::cpu_usage_pct(const sc_core::sc_time& window) const {
  return stats_.cpu_load(core_.resource_name())->busy_pct(window);
}

}  // namespace ws::os
