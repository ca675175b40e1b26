#pragma once
// A shared resource (bus, memory port, link direction, DMA engine) modelled by the
// time it is busy until: a request waits for the server, then occupies it for its
// service time. Queueing and contention follow from that alone.
#include <systemc>
#include "models/sim/stats.hpp"

namespace ws {

class BusyServer {
 public:
  explicit BusyServer(ResourceStats* stats = nullptr) : stats_(stats) {}
  void attach(ResourceStats* stats) { stats_ = stats; }

  // Occupies the server for `service` from the earliest free moment at or after
  // `arrival`; returns the start time.
  sc_core::sc_time serve(const sc_core::sc_time& arrival, const sc_core::sc_time& service,
                         uint64_t bytes = 0) {
    sc_core::sc_time start = arrival > free_at_ ? arrival : free_at_;
    free_at_ = start + service;
    if (stats_) stats_->add_busy(service, bytes, free_at_);
    return start;
  }
  // Books `n` operations in the statistics only, the last ending by `ends`
  // (repeats an initiator timed by their first: RepeatedAccess).
  void account(uint64_t n, const sc_core::sc_time& service, uint64_t bytes, const sc_core::sc_time& ends) {
    if (stats_) stats_->add_repeats(n, service, bytes, ends);
  }
  const sc_core::sc_time& free_at() const { return free_at_; }
  bool idle_at(const sc_core::sc_time& t) const { return free_at_ <= t; }

 private:
  sc_core::sc_time free_at_ = sc_core::SC_ZERO_TIME;
  ResourceStats* stats_;
};

}  // namespace ws
