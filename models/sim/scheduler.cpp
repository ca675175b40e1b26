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

uint32_t Scheduler::take_slot() {
  if (free_slots_.empty()) {
    const uint32_t first = static_cast<uint32_t>(chunks_.size()) << kChunkBits;
    chunks_.push_back(std::make_unique<Fn[]>(1u << kChunkBits));
    // Hand out the lowest index first, as a stack would.
    for (uint32_t i = 1u << kChunkBits; i-- > 0;) free_slots_.push_back(first + i);
  }
  const uint32_t slot = free_slots_.back();
  free_slots_.pop_back();
  return slot;
}

void Scheduler::post(const sc_core::sc_time& t, uint32_t slot) {
  const auto& current = now();
  const auto when = t < current ? current : t;
  push(Item{when, seq_++, slot});
  // Re-arm only for a new earliest item: most posts land behind the head.
  if (!running_ && (!armed_ || when < armed_at_)) arm();
}

void Scheduler::push(const Item& item) {
  size_t hole = heap_.size();
  heap_.push_back(item);
  while (hole > 0) {
    const size_t parent = (hole - 1) / 4;
    if (!item.before(heap_[parent])) break;
    heap_[hole] = heap_[parent];
    hole = parent;
  }
  heap_[hole] = item;
}

void Scheduler::pop() {
  const Item last = heap_.back();
  heap_.pop_back();
  const size_t n = heap_.size();
  if (n == 0) return;
  size_t hole = 0;
  for (;;) {
    const size_t first = 4 * hole + 1;
    if (first >= n) break;
    size_t best = first;
    const size_t end = first + 4 < n ? first + 4 : n;
    for (size_t c = first + 1; c < end; ++c)
      if (heap_[c].before(heap_[best])) best = c;
    if (!heap_[best].before(last)) break;
    heap_[hole] = heap_[best];
    hole = best;
  }
  heap_[hole] = last;
}

void Scheduler::arm() {
  if (heap_.empty()) {
    armed_ = false;
    return;
  }
  armed_at_ = heap_.front().t;
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
  while (!heap_.empty() && heap_.front().t <= limit) {
    const uint32_t slot = heap_.front().slot;
    now_ = heap_.front().t;
    pop();
    ++dispatched_;
    slot_fn(slot).call_once();
    free_slots_.push_back(slot);  // only now: a callback must not be overwritten while it runs
  }
  arm();
}

}  // namespace ws
