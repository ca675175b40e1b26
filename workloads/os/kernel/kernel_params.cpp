// The kernel's costs as parameters "<prefix>.*_cycles" of the personality that
// gives them (e.g. "sdos.context_switch_cycles").
#include "workloads/os/kernel/kernel.hpp"

namespace ws::os {

const Bindings<KernelCosts>& KernelCosts::bindings() {
  using C = KernelCosts;
  const auto cycles = [](Bindings<C>& b, const char* key, double C::*member, const char* meaning) {
    b.number(key, member, ParamSpec::Kind::Real, 0, 100000, "cycles", meaning);
  };
  static const Bindings<C> b = [&] {
    Bindings<C> b;
    cycles(b, "context_switch_cycles", &C::context_switch_cycles,
           "save one thread and restore another (or leave idle for one)");
    cycles(b, "yield_cycles", &C::yield_cycles, "a yield call, switch excluded");
    cycles(b, "sync_cycles", &C::sync_cycles, "one semaphore, mailbox, event or mutex operation");
    cycles(b, "tick_cycles", &C::tick_cycles, "the tick handler: timeouts and the time slice");
    cycles(b, "deferred_cycles", &C::deferred_cycles, "dispatching one deferred run (Swi, softirq)");
    return b;
  }();
  return b;
}

}  // namespace ws::os
