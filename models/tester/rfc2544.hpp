#pragma once
// RFC 2544 §26.1 throughput: the highest offered load at which the device loses
// no more than the tolerated share of frames, found by binary search over trials.
// A trial too short for an overload to fill the device's buffers would show no
// loss, so a trial also fails when the device's backlog grew from the middle of
// the sending to its end by more than the few frames that interrupt batching
// moves it at a sustainable load (kBacklogSlack); and trials last long enough
// for an overload of the search resolution to grow it by more than that.
#include <systemc>
#include <functional>
#include <vector>
#include "models/sim/param.hpp"
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
  // The measurement's keys: "tester.mode", ".load_pct", ".trial_ms", ".drain_us",
  // ".resolution_pct", ".loss_tolerance_pct", ".size_step_bytes".
  static void declare_params(ParamTable& t);
  struct Result {
    double throughput_pct = 0;             // highest passing load, per port
    std::vector<TrialResult> trials;       // in the order they ran
  };
  // Frames a sustainable load may move the backlog by between two instants
  // (measured: at most 2 on the MSC8144 layouts; an overload of 0.2 % in a
  // 10 ms trial grows it by 10 to 50).
  static constexpr int64_t kBacklogSlack = 3;
  // The shortest trial (at least `at_least`) in which an overload of
  // `resolution_pct` of a line rate of `line_fps` grows the backlog by twice
  // the slack over half the trial: resolution x line_fps x trial / 2 >= 2 x slack
  // (8.1 ms at 64 B and 0.1 %, 51 ms at 512 B).
  static sc_core::sc_time trial_for(double resolution_pct, double line_fps, const sc_core::sc_time& at_least);
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
