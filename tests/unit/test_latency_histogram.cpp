// The latency distribution: quantiles within a bin (0.67 %) above the true
// value, the maximum exact, a fresh start per trial.
#include <gtest/gtest.h>
#include <cmath>
#include "models/tester/latency_histogram.hpp"

using ws::tester::LatencyHistogram;

TEST(LatencyHistogram, QuantilesOfAKnownSampleWithinOneBin) {
  LatencyHistogram h;
  h.trial_started(100);
  for (int i = 1; i <= 1000; ++i) h.echoed(0, double(i));  // 1 .. 1000 us
  EXPECT_EQ(h.count(), 1000u);
  EXPECT_EQ(h.max(), 1000);
  for (auto [q, want] : {std::pair{0.5, 500.0}, std::pair{0.99, 990.0}, std::pair{0.999, 999.0}}) {
    EXPECT_GE(h.quantile(q), want) << q;
    EXPECT_LE(h.quantile(q), want * std::pow(10.0, 7.0 / 2400)) << q;
  }
  EXPECT_EQ(h.quantile(1.0), 1000) << "never above the maximum";
}

TEST(LatencyHistogram, ANewTrialStartsEmpty) {
  LatencyHistogram h;
  h.trial_started(100);
  h.echoed(0, 50);
  h.trial_started(50);
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.quantile(0.5), 0);
  h.echoed(1, 7.5);
  EXPECT_NEAR(h.quantile(0.5), 7.5, 7.5 * (std::pow(10.0, 7.0 / 2400) - 1));
  EXPECT_EQ(h.max(), 7.5);
}
