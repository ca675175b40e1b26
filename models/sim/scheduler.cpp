#include "models/sim/scheduler.hpp"

#include <stdexcept>

namespace ws {

Scheduler::Scheduler(sc_core::sc_module_name name, sc_core::sc_time quantum) : sc_module(name), quantum_(quantum) {
  // Callbacks read time through one process-wide pointer (ws::now()), and two
  // schedulers running ahead independently would interleave out of time order.
  static bool exists = false;
  if (exists) throw std::logic_error("one Scheduler per simulation process");
  exists = true;
  SC_HAS_PROCESS(Scheduler);
  SC_METHOD(run);
  sensitive << wake_;
  dont_initialize();
}

void Scheduler::at(const sc_core::sc_time& t, Fn fn) {
  const auto& current = now();
  const auto when = t < current ? current : t;
  uint32_t slot;
  if (free_slots_.empty()) {
    slot = static_cast<uint32_t>(slots_.size());
    slots_.push_back(std::move(fn));
  } else {
    slot = free_slots_.back();
    free_slots_.pop_back();
    slots_[slot] = std::move(fn);
  }
  q_.push(Item{when, seq_++, slot});
  // Re-arm only for a new earliest item: most posts land behind the head.
  if (!running_ && (!armed_ || when < armed_at_)) arm();
}

void Scheduler::arm() {
  if (q_.empty()) {
    armed_ = false;
    return;
  }
  armed_at_ = q_.top().t;
  armed_ = true;
  // notify() keeps the earlier of a pending and a new notification.
  wake_.notify(armed_at_ - sc_core::sc_time_stamp());
}

void Scheduler::run() {
  const sc_core::sc_time limit = sc_core::sc_time_stamp() + quantum_;
  armed_ = false;
  running_ = true;
  dispatch_time() = &now_;
  // Leave the scheduler consistent even when a callback throws (a model failure).
  struct Restore {
    Scheduler& s;
    ~Restore() {
      dispatch_time() = nullptr;
      s.running_ = false;
    }
  } restore{*this};
  while (!q_.empty() && q_.top().t <= limit) {
    const uint32_t slot = q_.top().slot;
    now_ = q_.top().t;
    q_.pop();
    ++dispatched_;
    slots_[slot]();  // runs in place: the deque keeps it there while the callback posts more
    slots_[slot] = Fn{};
    free_slots_.push_back(slot);  // only now: a callback must not be overwritten while it runs
  }
  arm();
}

}  // namespace ws
