#pragma once
// One point of a platform run as the CLI runs it, and its result by column
// name, for the platform tests.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>
#include "app/point_runner.hpp"
#include "platforms/platform.hpp"

namespace ws::test {

using Settings = std::vector<std::pair<std::string, std::string>>;

// `platform` with each group of settings applied in order (a later one wins),
// checked, and run in its own process.
template <class... Groups>
PointOutcome run_point(const std::string& platform, const Groups&... groups) {
  Point pt;
  pt.platform = find_platform(platform);
  pt.platform->declare(pt.params);
  for (const Settings* g : {&groups...})
    for (const auto& [k, v] : *g) pt.params.set(k, v, "test");
  pt.platform->check(pt.params);
  return run_points({pt}, 1).at(0);
}

// The metric `name`; a failure of the calling test if the point has none.
inline double metric(const PointOutcome& o, const std::string& name) {
  for (const auto& [k, v] : o.result.metrics)
    if (k == name) return v;
  ADD_FAILURE() << "no metric " << name;
  return -1;
}

// The text column `name`; empty if the point has none.
inline std::string label(const PointOutcome& o, const std::string& name) {
  for (const auto& [k, v] : o.result.labels)
    if (k == name) return v;
  return "";
}

// One knob of a study: with the other settings `base`, `key` at `a` and at
// `b` must move `metric` by more than 0.5 %.
struct KnobCase {
  const char* step;
  Settings base;
  const char* key;
  const char* a;
  const char* b;
  const char* metric;
};

// `run(step, settings)` runs a point; each case's two points are compared.
template <class Run>
void expect_every_knob_moves(const std::vector<KnobCase>& cases, Run run) {
  for (const auto& c : cases) {
    Settings a = c.base, b = c.base;
    a.push_back({c.key, c.a});
    b.push_back({c.key, c.b});
    const PointOutcome ra = run(c.step, a), rb = run(c.step, b);
    ASSERT_TRUE(ra.ok && rb.ok) << c.key << ": " << ra.error << rb.error;
    const double va = metric(ra, c.metric), vb = metric(rb, c.metric);
    EXPECT_GT(std::fabs(va - vb), 0.005 * std::max(va, vb))
        << c.key << " " << c.a << " -> " << c.b << ": " << c.metric << " " << va << " and " << vb;
  }
}

}  // namespace ws::test
