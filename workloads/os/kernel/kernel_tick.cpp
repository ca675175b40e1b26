// The tick: a periodic interrupt whose handler wakes the sleepers that are due
// and ends a thread's time slice.
#include "workloads/os/kernel/kernel.hpp"

namespace ws::os {

namespace {
// The tick's interrupt input, above the lines devices use.
constexpr unsigned kTickLine = 31;
}  // namespace

void Kernel::attach_tick(unsigned cpu) {
  PerCpu& c = *cpus_[cpu];
  c.tick_line = kTickLine;
  attach_hwi(cpu, kTickLine, cfg_.tick_priority, [this, &c] { return tick_handler(c); }, "tick");
}

// Tickless idle: a tick is kept only while the core has work or sleepers.
void Kernel::arm_tick(PerCpu& c) {
  if (cfg_.tick == sc_core::SC_ZERO_TIME || c.tick_armed) return;
  c.tick_armed = true;
  const uint64_t n = uint64_t(now() / cfg_.tick) + 1;
  c.hw->scheduler().at(cfg_.tick * double(n), [this, &c] { on_tick(c); });
}

void Kernel::on_tick(PerCpu& c) {
  c.tick_armed = false;
  const bool busy = c.owned || !c.preempted.empty() || most_urgent_ready(c) || !c.sleepers.empty();
  if (!busy) return;
  ++c.ticks;
  c.hw->raise(c.tick_line, now());
  arm_tick(c);
}

Task Kernel::tick_handler(PerCpu& c) {
  c.hw->exec_code(cfg_.costs.tick_cycles);
  for (size_t i = 0; i < c.sleepers.size();) {
    if (c.sleepers[i].first <= now()) {
      Thread& t = *c.sleepers[i].second;
      t.sleep_ = 0;
      wake(t);
      c.sleepers.erase(c.sleepers.begin() + long(i));
    } else {
      ++i;
    }
  }
  Thread* t = c.current;
  if (t && cfg_.time_slice_ticks > 0 && ++t->slice_ticks >= cfg_.time_slice_ticks) {
    const Thread* best = most_urgent_ready(c);
    if (best && best->priority() == t->priority()) c.need_resched = true;
  }
  co_return;
}

}  // namespace ws::os
