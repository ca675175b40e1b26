#include "workloads/os/sdos/smartdsp_os.hpp"

namespace ws::os {

namespace {
KernelConfig config(const KernelCosts& costs) {
  KernelConfig c;
  c.costs = costs;
  return c;
}
}  // namespace

SmartDspOs::SmartDspOs(std::vector<Cpu*> cores, IrqController& pic, StatsRegistry& stats, const KernelCosts& costs)
    : cores_(cores), pic_(pic), kernel_(std::move(cores), config(costs), stats), lines_(cores_.size()) {}

unsigned SmartDspOs::bind_hwi(unsigned core, unsigned source, std::function<Task()> handler, std::string what) {
  const unsigned line = lines_.at(core)++;
  pic_.route(source, cores_[core], line);
  kernel_.attach_hwi(core, line, kHwiPriority, std::move(handler), std::move(what));
  return line;
}

void SmartDspOs::boot(const sc_core::sc_time& at, std::function<Task()> body, std::string what) {
  kernel_.boot(0, std::move(body), std::move(what), at);
}

}  // namespace ws::os
