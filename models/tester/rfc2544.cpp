#include "models/tester/rfc2544.hpp"

#include <algorithm>

namespace ws::tester {

bool Rfc2544::passes(const TrialResult& r) const {
  return r.sent > 0 && r.errors.empty() && 100.0 * double(r.lost()) <= cfg_.loss_tolerance_pct * double(r.sent) &&
         r.backlog_end - r.backlog_mid <= kBacklogSlack;
}

sc_core::sc_time Rfc2544::trial_for(double resolution_pct, double line_fps, const sc_core::sc_time& at_least) {
  const double seconds = 4.0 * double(kBacklogSlack) / (resolution_pct / 100 * line_fps);
  return std::max(at_least, sc_core::sc_time(seconds, sc_core::SC_SEC));
}

void Rfc2544::run(const sc_core::sc_time& at, std::function<void(const Result&)> done) {
  done_ = std::move(done);
  result_ = Result{};
  lo_ = 0;
  hi_ = 100;
  tester_.trial(at, 100.0, cfg_.trial, cfg_.drain, [this](const TrialResult& r) {
    result_.trials.push_back(r);
    if (passes(r)) {
      result_.throughput_pct = 100.0;
      return done_(result_);
    }
    next(50.0);
  });
}

// Invariant: lo_ passed (or is 0), hi_ failed.
void Rfc2544::next(double pct) {
  tester_.trial(now(), pct, cfg_.trial, cfg_.drain, [this, pct](const TrialResult& r) {
    result_.trials.push_back(r);
    (passes(r) ? lo_ : hi_) = pct;
    if (hi_ - lo_ <= cfg_.resolution_pct) {
      result_.throughput_pct = lo_;
      return done_(result_);
    }
    next((lo_ + hi_) / 2);
  });
}

}  // namespace ws::tester
