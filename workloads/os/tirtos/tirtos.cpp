#include "workloads/os/tirtos/tirtos.hpp"

#include <algorithm>
#include <stdexcept>

namespace ws::os {

namespace {
constexpr unsigned kClockLine = 29;        // the Clock module's timer interrupt
constexpr unsigned kClockPriority = 254;   // below the kernel's own tick line
constexpr unsigned kClockSwiPriority = 15; // Clock.swiPriority: the highest Swi
}  // namespace

void TiRtos::declare_params(ParamTable& t) { KernelCosts::bindings().declare(t, "tirtos"); }

KernelConfig TiRtos::config(const KernelCosts& costs, const sc_core::sc_time&) {
  KernelConfig c;
  c.costs = costs;
  c.tick = sc_core::SC_ZERO_TIME;  // Task_sleep and timeouts are the Clock module's, not a kernel tick
  c.time_slice_ticks = 0;          // SYS/BIOS does not time-slice
  c.deferred_restarts = ~0u;       // Swis run to completion, as many passes as it takes
  c.deferred_time = sc_core::sc_time(1, sc_core::SC_SEC);
  return c;
}

TiRtos::TiRtos(Cpu& core, StatsRegistry& stats, const KernelCosts& costs, const sc_core::sc_time& tick)
    : core_(core), stats_(stats), kernel_({&core}, config(costs, tick), stats), tick_(tick) {
  if (tick == sc_core::SC_ZERO_TIME) throw std::logic_error("TI-RTOS: Clock.tickPeriod must be positive");
  core_.set_line_priority(kClockLine, kClockPriority);
  kernel_.attach_hwi(0, kClockLine, kClockPriority, [this]() -> Task {
    kernel_.post(*clock_swi_);
    co_return;
  }, "Clock timer");
  clock_swi_ = &swi("Clock", kClockSwiPriority, [this]() -> Task {
    for (ClockFn& c : clocks_)
      if (--c.left == 0) {
        c.left = c.period;
        c.fn();
      }
    co_return;
  });
}

Thread& TiRtos::task(const std::string& name, unsigned priority, std::function<Task()> body,
                     const sc_core::sc_time& at) {
  if (priority < 1 || priority >= kTaskPriorities) throw std::logic_error(name + ": TI-RTOS Task priorities are 1..15");
  return kernel_.create_thread(0, priority, std::move(body), name, at);
}

Deferred& TiRtos::swi(const std::string& name, unsigned priority, std::function<Task()> handler) {
  if (priority >= kSwiPriorities) throw std::logic_error(name + ": TI-RTOS Swi priorities are 0..15");
  return kernel_.create_deferred(0, priority, std::move(handler), name);
}

void TiRtos::clock(unsigned period_ticks, std::function<void()> fn) {
  if (period_ticks == 0) throw std::logic_error("TI-RTOS: a Clock period is at least one tick");
  clocks_.push_back({period_ticks, period_ticks, std::move(fn)});
  if (!ticking_) {
    ticking_ = true;
    core_.scheduler().after(tick_, [this] { clock_tick(); });
  }
}

void TiRtos::clock_tick() {
  core_.raise(kClockLine, now());
  core_.scheduler().after(tick_, [this] { clock_tick(); });
}

double TiRtos::load_pct(const sc_core::sc_time& window) const {
  return stats_.cpu_load(core_.resource_name())->busy_pct(window);
}

}  // namespace ws::os
