#pragma once
// A restartable one-shot timer on the Scheduler, for protocol timers (Ack,
// UpdateFC, replay): start() arms it unless it runs, restart() re-arms it from
// now, cancel() disarms it. A callback posted by an earlier arming is ignored.
#include <cstdint>
#include "models/sim/scheduler.hpp"

namespace ws {

class OneShotTimer {
 public:
  explicit OneShotTimer(Scheduler& sched) : sched_(sched) {}
  bool armed() const { return armed_; }

  template <typename F>
  void start(const sc_core::sc_time& after, F fire) {
    if (!armed_) restart(after, std::move(fire));
  }
  template <typename F>
  void restart(const sc_core::sc_time& after, F fire) {
    armed_ = true;
    const uint64_t gen = ++gen_;
    sched_.after(after, [this, gen, fire = std::move(fire)]() mutable {
      if (gen != gen_) return;
      armed_ = false;
      fire();
    });
  }
  void cancel() {
    armed_ = false;
    ++gen_;
  }

 private:
  Scheduler& sched_;
  uint64_t gen_ = 0;
  bool armed_ = false;
};

}  // namespace ws
