#pragma once
// A shared resource for temporally decoupled initiators. A core running ahead of
// simulated time books a memory port at its own (future) time; another initiator
// may then ask for the port at an earlier time. A busy-until server would queue
// the earlier request behind the later booking; this one keeps the booked
// intervals and serves a request in the first idle gap at or after its arrival
// that is long enough, which is what the hardware would have done in time order.
// Bookings that ended before the current time are forgotten (no request can
// arrive earlier than now).
#include <systemc>
#include <vector>
#include "models/sim/sim_time.hpp"
#include "models/sim/stats.hpp"

namespace ws {

class GapServer {
 public:
  explicit GapServer(ResourceStats* stats = nullptr) : stats_(stats) {}
  // Occupies the server for `service` in the first gap at or after `arrival`;
  // returns the start time.
  sc_core::sc_time serve(const sc_core::sc_time& arrival, const sc_core::sc_time& service, uint64_t bytes = 0) {
    forget_before(now());
    sc_core::sc_time start = arrival;
    size_t i = 0;
    for (; i < busy_.size(); ++i) {
      if (busy_[i].end <= start) continue;
      if (busy_[i].start >= start + service) break;
      start = busy_[i].end;
    }
    const sc_core::sc_time end = start + service;
    // Insert at i, merging with touching neighbours to keep the list short.
    if (i > 0 && busy_[i - 1].end == start) {
      busy_[i - 1].end = end;
      if (i < busy_.size() && busy_[i].start == end) {
        busy_[i - 1].end = busy_[i].end;
        busy_.erase(busy_.begin() + long(i));
      }
    } else if (i < busy_.size() && busy_[i].start == end) {
      busy_[i].start = start;
    } else {
      busy_.insert(busy_.begin() + long(i), Interval{start, end});
    }
    if (stats_) stats_->add_busy(service, bytes);
    return start;
  }
  // The earliest start a request arriving at `arrival` for `service` would get.
  sc_core::sc_time probe(const sc_core::sc_time& arrival, const sc_core::sc_time& service) const {
    sc_core::sc_time start = arrival;
    for (const auto& b : busy_) {
      if (b.end <= start) continue;
      if (b.start >= start + service) break;
      start = b.end;
    }
    return start;
  }
  size_t bookings() const { return busy_.size(); }

 private:
  struct Interval {
    sc_core::sc_time start, end;
  };
  void forget_before(const sc_core::sc_time& t) {
    size_t n = 0;
    while (n < busy_.size() && busy_[n].end <= t) ++n;
    if (n) busy_.erase(busy_.begin(), busy_.begin() + long(n));
  }
  std::vector<Interval> busy_;  // disjoint, by start
  ResourceStats* stats_;
};

}  // namespace ws
