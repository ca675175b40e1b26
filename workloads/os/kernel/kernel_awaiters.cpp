// The kernel's awaitables: what a context's coroutine suspends on (a
// preemption point, a yield, a sleep, a block, a spin), and the running
// context they act on.
#include "workloads/os/kernel/kernel.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <stdexcept>

namespace ws::os {

void Kernel::throw_outside() { throw std::logic_error("a kernel call outside any software context"); }

Thread& Kernel::blocking_thread(std::coroutine_handle<> h, const char* call) {
  Context& x = running();
  if (x.level != Level::Thread)
    throw std::logic_error(fmt::format("{}: {} blocks, but only threads may block", x.what, call));
  if (cpus_[x.cpu]->hw->mask() > 0)
    throw std::logic_error(fmt::format("{}: {} blocks with interrupts masked", x.what, call));
  x.state = Context::State::Blocked;
  x.resume = h;
  return *x.thread;
}

void Kernel::Point::await_suspend(std::coroutine_handle<> h) {
  Context& x = k.running();
  x.state = Context::State::AtPoint;
  x.resume = h;
}

void Kernel::Yield::await_suspend(std::coroutine_handle<> h) {
  k.charge(k.cfg_.costs.yield_cycles);
  Context& x = k.running();
  if (x.level != Level::Thread) throw std::logic_error(x.what + ": only threads yield");
  k.cpus_[x.cpu]->need_resched = true;  // like a used-up time slice: an equal thread goes first
  x.state = Context::State::AtPoint;
  x.resume = h;
}

void Kernel::Sleep::await_suspend(std::coroutine_handle<> h) {
  Context& x = k.running();
  Thread& t = k.blocking_thread(h, "sleep");
  PerCpu& c = *k.cpus_[x.cpu];
  const sc_core::sc_time until = c.hw->time() + d;
  static uint64_t sleeps = 0;
  t.sleep_ = ++sleeps;
  if (k.cfg_.tick == sc_core::SC_ZERO_TIME) {
    c.hw->scheduler().at(until, [kk = &k, &t, id = t.sleep_] {
      if (t.sleep_ != id) return;  // woken otherwise meanwhile
      t.sleep_ = 0;
      kk->wake(t);
    });
    return;
  }
  c.sleepers.emplace_back(until, &t);  // woken by the first tick at or after `until`
  k.arm_tick(c);
}

void Kernel::spin(std::coroutine_handle<> h) {
  Context& x = running();
  x.state = Context::State::Spinning;
  x.resume = h;
}

void Kernel::resume_spinner(Context& x, const sc_core::sc_time& at) {
  PerCpu& c = *cpus_.at(x.cpu);
  c.hw->scheduler().at(std::max(at, x.spin_from), [this, &c, &x] {
    c.hw->set_time(now());
    book(c, x, now() - x.spin_from);  // spinning kept the core busy
    run(c, x);
  });
}

}  // namespace ws::os
