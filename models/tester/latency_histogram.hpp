#pragma once
// The latency distribution of a trial's echoes (Boost.Histogram on a log axis:
// seven decades from 0.01 us in 2400 bins, so a bin spans a factor of
// 10^(7/2400), under 0.7 %), kept for the last trial. Quantiles are read as
// the upper edge of the bin they fall in, so they are never below the true
// value and within one bin of it; the maximum is exact.
#include <boost/histogram.hpp>
#include "models/tester/traffic_tester.hpp"

namespace ws::tester {

class LatencyHistogram : public Analyzer {
 public:
  LatencyHistogram();
  void trial_started(double offered_pct) override;
  void echoed(unsigned port, double latency_us) override;
  // The q-quantile (0 < q <= 1) of the last trial's echoes, in us; 0 without echoes.
  double quantile(double q) const;
  double max() const { return max_us_; }
  uint64_t count() const { return count_; }

 private:
  using Axis = boost::histogram::axis::regular<double, boost::histogram::axis::transform::log>;
  boost::histogram::histogram<std::tuple<Axis>> h_;
  uint64_t count_ = 0;
  double max_us_ = 0;
};

}  // namespace ws::tester
