#include "workloads/os/sdos/smartdsp_os.hpp"

namespace ws::os {

SmartDspOs::SmartDspOs(std::vector<Cpu*> cores, IrqController& pic, StatsRegistry& stats)
    : cores_(cores), pic_(pic), kernel_(std::move(cores), KernelConfig{}, stats), lines_(cores_.size()) {}

void SmartDspOs::bind_hwi(unsigned core, unsigned source, std::function<Task()> handler, std::string what) {
  const unsigned line = lines_.at(core)++;
  pic_.route(source, cores_[core], line);
  kernel_.attach_hwi(core, line, kHwiPriority, std::move(handler), std::move(what));
}

namespace {
Task boot_code(Cpu& core0, std::function<void(Cpu&)> init, std::function<void(const sc_core::sc_time&)> ready) {
  init(core0);
  ready(core0.time());
  co_return;
}
}  // namespace

void SmartDspOs::boot(const sc_core::sc_time& at, std::function<void(Cpu&)> init,
                      std::function<void(const sc_core::sc_time&)> ready) {
  Cpu& core0 = *cores_.at(0);
  kernel_.boot(0, [&core0, init = std::move(init), ready = std::move(ready)] { return boot_code(core0, init, ready); },
               "boot", at);
}

}  // namespace ws::os
