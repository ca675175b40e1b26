// The kernel's costs as parameters "<prefix>.*_cycles" of the personality that
// gives them (e.g. "sdos.context_switch_cycles").
#include "workloads/os/kernel/kernel.hpp"

namespace ws::os {

void KernelCosts::declare_params(ParamTable& t, const std::string& prefix) {
  using K = ParamSpec::Kind;
  t.declare_model(model_number(prefix + ".context_switch_cycles", K::Real, 0, 100000, "cycles",
                               "save one thread and restore another (or leave idle for one)"));
  t.declare_model(model_number(prefix + ".yield_cycles", K::Real, 0, 100000, "cycles", "a yield call, switch excluded"));
  t.declare_model(model_number(prefix + ".sync_cycles", K::Real, 0, 100000, "cycles",
                               "one semaphore, mailbox, event or mutex operation"));
  t.declare_model(model_number(prefix + ".tick_cycles", K::Real, 0, 100000, "cycles",
                               "the tick handler: timeouts and the time slice"));
  t.declare_model(model_number(prefix + ".deferred_cycles", K::Real, 0, 100000, "cycles",
                               "dispatching one deferred run (Swi, softirq)"));
}

KernelCosts KernelCosts::from(const ParamTable& p, const std::string& prefix) {
  return KernelCosts{p.r(prefix + ".context_switch_cycles"), p.r(prefix + ".yield_cycles"),
                     p.r(prefix + ".sync_cycles"), p.r(prefix + ".tick_cycles"), p.r(prefix + ".deferred_cycles")};
}

}  // namespace ws::os
