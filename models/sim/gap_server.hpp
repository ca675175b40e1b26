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
#include <algorithm>
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
    const sc_core::sc_time start = place(arrival, service);
    if (stats_) stats_->add_busy(service, bytes, start + service);
    return start;
  }
  // Books `n` operations in the statistics only, the last ending by `ends`
  // (repeats an initiator timed by their first: RepeatedAccess).
  void account(uint64_t n, const sc_core::sc_time& service, uint64_t bytes, const sc_core::sc_time& ends) {
    if (stats_) stats_->add_repeats(n, service, bytes, ends);
  }
  // The earliest start a request arriving at `arrival` for `service` would get.
  sc_core::sc_time probe(const sc_core::sc_time& arrival, const sc_core::sc_time& service) const {
    if (busy_.size() == head_ || busy_.back().end <= arrival) return arrival;
    sc_core::sc_time start = arrival;
    for (size_t i = first_ending_after(arrival); i < busy_.size(); ++i) {
      if (busy_[i].start >= start + service) break;
      start = std::max(start, busy_[i].end);
    }
    return start;
  }
  size_t bookings() const { return busy_.size() - head_; }

 private:
  // The booking `serve` makes, without its statistics. Most requests arrive
  // after every booking: they append (or extend the last one) inline.
  sc_core::sc_time place(const sc_core::sc_time& arrival, const sc_core::sc_time& service) {
    if (busy_.size() == head_ || busy_.back().end <= arrival) {
      if (busy_.size() > head_ && busy_.back().end == arrival) busy_.back().end = arrival + service;
      else busy_.push_back(Interval{arrival, arrival + service});
      if (busy_.size() - head_ > kPruneAt) forget_before(now());
      return arrival;
    }
    return place_in_gap(arrival, service);
  }
  // A request arriving before the last booking ends: the first gap that fits.
  [[gnu::noinline]] sc_core::sc_time place_in_gap(const sc_core::sc_time& arrival, const sc_core::sc_time& service) {
    const sc_core::sc_time t = now();
    forget_before(t);
    // head_ is now the first booking ending after now: the search from arrival starts there.
    size_t i = arrival == t ? head_ : first_ending_after(arrival);
    sc_core::sc_time start = arrival;
    for (; i < busy_.size(); ++i) {
      if (busy_[i].start >= start + service) break;
      start = std::max(start, busy_[i].end);
    }
    const sc_core::sc_time end = start + service;
    // Insert before i, merging with touching neighbours to keep the list short.
    if (i > head_ && busy_[i - 1].end == start) {
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
    return start;
  }
  static constexpr size_t kPruneAt = 32;  // live bookings before an append prunes ended ones
  struct Interval {
    sc_core::sc_time start, end;
  };
  // Intervals are disjoint and sorted, so their ends are sorted too.
  size_t first_ending_after(const sc_core::sc_time& t) const {
    return size_t(std::partition_point(busy_.begin() + long(head_), busy_.end(),
                                       [&](const Interval& b) { return b.end <= t; }) -
                  busy_.begin());
  }
  // Drops finished bookings lazily: skip them, compact when they are the majority.
  // Time only moves on, so head_ only moves on: a step at a time costs O(1) a booking.
  void forget_before(const sc_core::sc_time& t) {
    while (head_ < busy_.size() && busy_[head_].end <= t) ++head_;
    if (head_ > kPruneAt && head_ * 2 > busy_.size()) {
      busy_.erase(busy_.begin(), busy_.begin() + long(head_));
      head_ = 0;
    }
  }
  std::vector<Interval> busy_;  // disjoint, by start; [0, head_) have ended
  size_t head_ = 0;
  ResourceStats* stats_;
};

}  // namespace ws
