#pragma once
// A restartable one-shot timer on the Scheduler, for protocol timers (Ack,
// UpdateFC, replay): start() arms it unless it runs, restart() re-arms it from
// now, cancel() disarms it; it expires its timeout after (re)arming and then
// calls the action it was built with.
// Timers restart far more often than they fire (the replay timer at every Ack),
// so a restart does not post a callback of its own: it takes the place in the
// scheduler's order that a post made now would have, and the one pending
// callback, when it runs before the deadline, re-posts itself at the deadline in
// that place. The timer fires exactly where a fresh post per restart would.
#include <cstdint>
#include "models/sim/inplace_function.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/sim_time.hpp"

namespace ws {

class OneShotTimer {
 public:
  using Fire = InplaceFunction<32>;
  OneShotTimer(Scheduler& sched, const sc_core::sc_time& timeout, Fire fire)
      : sched_(sched), timeout_(timeout), fire_(std::move(fire)) {}
  bool armed() const { return armed_; }
  // Armed or not and its deadline: what a steady-state fingerprint needs of a
  // timer (where its pending callback sits only keeps the books: the timer
  // fires at its deadline wherever that is).
  template <class F>
  void fingerprint(F& f) const {
    f.add(armed_);
    if (armed_) f.ahead(due_);
  }

  void start() {
    if (!armed_) restart();
  }
  void restart() {
    armed_ = true;
    due_ = now() + timeout_;
    place_ = sched_.take_place();
    // A pending callback no later than the deadline moves on to it when it runs.
    if (!pending_ || due_ < pending_at_) post();
  }
  void cancel() { armed_ = false; }

 private:
  void post() {
    pending_ = true;
    pending_at_ = due_;
    pending_place_ = place_;
    const uint64_t gen = ++gen_;
    sched_.at_place(due_, place_, [this, gen] { run(gen); });
  }
  // Only a firing acts; the other runs keep the books (Scheduler::bookkeeping).
  void run(uint64_t gen) {
    if (gen != gen_) return sched_.bookkeeping();  // overtaken by a post for an earlier deadline
    pending_ = false;
    if (!armed_) return sched_.bookkeeping();
    if (due_ != pending_at_ || place_ != pending_place_) {
      post();
      return sched_.bookkeeping();
    }
    armed_ = false;
    fire_();
  }

  Scheduler& sched_;
  sc_core::sc_time timeout_;
  Fire fire_;
  sc_core::sc_time due_, pending_at_;
  uint64_t place_ = 0, pending_place_ = 0;
  uint64_t gen_ = 0;
  bool armed_ = false;
  bool pending_ = false;  // a callback of ours is in the scheduler
};

}  // namespace ws
