#include "models/eth/interrupt_pacer.hpp"

#include <algorithm>

namespace ws::eth {

InterruptPacer::InterruptPacer(Scheduler& sched, unsigned per_ms, double tick_us, std::function<void()> fire)
    : sched_(sched), max_(per_ms), tick_(tick_us, sc_core::SC_US), fire_(std::move(fire)) {}

void InterruptPacer::request() {
  if (max_ == 0) {
    ++fired_;
    fire_();
    return;
  }
  if (!clocked_) {  // the 1 ms interval runs from the first request
    clocked_ = true;
    sched_.after(sc_core::sc_time(1, sc_core::SC_MS), [this] { every_ms(); });
  }
  pending_ = true;
  if (!blocked_) open();
}

// The timer is at zero: a pending interrupt goes out and the timer reloads.
void InterruptPacer::open() {
  blocked_ = false;
  if (!pending_) return;
  pending_ = false;
  ++fired_;
  ++count_;
  fire_();
  if (reload_ == 0) return;
  blocked_ = true;
  sched_.after(tick_ * double(reload_), [this] { open(); });
}

void InterruptPacer::every_ms() {
  const double c = count_, m = max_;
  if (c > 2 * m) reload_ = 255;
  else if (c > 1.5 * m) reload_ = std::min(255u, reload_ * 2 + 1);
  else if (c > m) reload_ = std::min(255u, reload_ + 1);
  else if (c > 0.5 * m) reload_ = reload_ ? reload_ - 1 : 0;
  else if (c > 0) reload_ /= 2;
  else reload_ = 0;
  count_ = 0;
  sched_.after(sc_core::sc_time(1, sc_core::SC_MS), [this] { every_ms(); });
}

}  // namespace ws::eth
