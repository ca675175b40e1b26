#pragma once
// RFC 2544 §26.1 throughput: the highest offered load at which the device loses
// no more than the tolerated share of frames, found by binary search over trials.
#include <systemc>
#include <functional>
#include <vector>
#include "models/tester/traffic_tester.hpp"

namespace ws::tester {

class Rfc2544 {
 public:
  struct Config {
    sc_core::sc_time trial;       // sending time of one trial
    sc_core::sc_time drain;       // wait after the last frame for late echoes
    double resolution_pct;        // stop when the bracket is this narrow (% of line rate)
    double loss_tolerance_pct;    // a trial passes when lost/sent is at most this
  };
  struct Result {
    double throughput_pct = 0;             // highest passing load, per port
    std::vector<TrialResult> trials;       // in the order they ran
  };
  Rfc2544(const Config& cfg, TrafficTester& tester) : cfg_(cfg), tester_(tester) {}
  // Starts at `at` with a trial at line rate; calls done() after the last trial.
  void run(const sc_core::sc_time& at, std::function<void(const Result&)> done);
  bool passes(const TrialResult& r) const;

 private:
  void next(double pct);
  Config cfg_;
  TrafficTester& tester_;
  Result result_;
  double lo_ = 0, hi_ = 100;
  std::function<void(const Result&)> done_;
};

}  // namespace ws::tester
