#include "models/tester/latency_histogram.hpp"

#include <algorithm>
#include <cmath>

namespace ws::tester {

LatencyHistogram::LatencyHistogram()
    : h_(boost::histogram::make_histogram(Axis(2400, 0.01, 100000.0))) {}

void LatencyHistogram::trial_started(double) {
  h_.reset();
  count_ = 0;
  max_us_ = 0;
}

void LatencyHistogram::echoed(unsigned, double latency_us) {
  h_(latency_us);
  ++count_;
  max_us_ = std::max(max_us_, latency_us);
}

double LatencyHistogram::quantile(double q) const {
  if (count_ == 0) return 0;
  const double rank = std::ceil(q * double(count_));
  double seen = 0;
  for (auto&& bin : boost::histogram::indexed(h_, boost::histogram::coverage::all)) {
    seen += *bin;
    if (seen >= rank) return std::min(bin.bin().upper(), max_us_);  // the overflow bin ends at the maximum
  }
  return max_us_;
}

}  // namespace ws::tester
