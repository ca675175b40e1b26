#include "models/sim/scheduler.hpp"

namespace ws {

Scheduler::Scheduler(sc_core::sc_module_name name) : sc_module(name) {
  SC_HAS_PROCESS(Scheduler);
  SC_METHOD(run);
  sensitive << wake_;
  dont_initialize();
}

void Scheduler::at(const sc_core::sc_time& t, Fn fn) {
  const auto now = sc_core::sc_time_stamp();
  q_.push(Item{t < now ? now : t, seq_++, std::move(fn)});
  arm();
}

void Scheduler::arm() {
  if (q_.empty()) return;
  // notify() keeps the earlier of a pending and a new notification.
  wake_.notify(q_.top().t - sc_core::sc_time_stamp());
}

void Scheduler::run() {
  const auto now = sc_core::sc_time_stamp();
  while (!q_.empty() && q_.top().t <= now) {
    Fn fn = std::move(const_cast<Item&>(q_.top()).fn);
    q_.pop();
    ++dispatched_;
    fn();
  }
  arm();
}

}  // namespace ws
