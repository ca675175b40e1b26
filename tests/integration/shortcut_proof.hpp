#pragma once
// The proof of a simulator shortcut that a switch turns off (the steady-state
// skip, the tester's drop trains): over a corpus of configurations, a run with
// the shortcut gives exactly the figures, resources and report of the run
// without it (but for the shortcut's own report line), and the shortcut did
// act wherever the corpus expects it to.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/integration/point_result.hpp"

namespace ws::test {

struct ShortcutCase {
  Settings settings;
  bool acts;  // the shortcut takes effect in this configuration
};

struct Shortcut {
  std::string key;        // its switch, "on" or "off"
  std::string line;       // the start of its own report line
  std::string acted;      // text of the report when it took effect
};

// The report without the lines that start with `prefix`.
inline std::string without_lines(const std::string& report, const std::string& prefix) {
  std::string out;
  size_t at = 0;
  while (at < report.size()) {
    const size_t end = report.find('\n', at);
    const std::string line = report.substr(at, end == std::string::npos ? std::string::npos : end - at + 1);
    if (line.rfind(prefix, 0) != 0) out += line;
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return out;
}

inline std::string describe(const Settings& s) {
  std::string out;
  for (const auto& [k, v] : s) out += k + "=" + v + " ";
  return out;
}

inline void expect_same_with_and_without(const std::string& platform, const Shortcut& cut,
                                         const std::vector<ShortcutCase>& corpus) {
  std::vector<Point> pts;
  for (const auto& c : corpus)
    for (const char* on : {"on", "off"}) {
      Point pt;
      pt.platform = find_platform(platform);
      pt.platform->declare(pt.params);
      for (const auto& [k, v] : c.settings) pt.params.set(k, v, "test");
      pt.params.set(cut.key, on, "test");
      pt.platform->check(pt.params);
      pts.push_back(pt);
    }
  const auto out = run_points(pts, 2);
  for (size_t i = 0; i < corpus.size(); ++i) {
    const auto &on = out[2 * i], &off = out[2 * i + 1];
    const std::string what = describe(corpus[i].settings);
    ASSERT_TRUE(on.ok && off.ok) << what << on.error << off.error;
    EXPECT_EQ(on.result.integrity_errors, 0u) << what;
    EXPECT_EQ(off.result.integrity_errors, 0u) << what;
    EXPECT_EQ(on.result.report.find(cut.acted) != std::string::npos, corpus[i].acts) << what << on.result.report;
    EXPECT_EQ(off.result.report.find(cut.acted), std::string::npos) << what << off.result.report;
    ASSERT_EQ(on.result.metrics.size(), off.result.metrics.size()) << what;
    for (size_t m = 0; m < on.result.metrics.size(); ++m)
      EXPECT_EQ(on.result.metrics[m], off.result.metrics[m]) << what;
    EXPECT_EQ(on.result.labels, off.result.labels) << what;
    EXPECT_EQ(on.result.limiting, off.result.limiting) << what;
    EXPECT_EQ(on.result.simulated_s, off.result.simulated_s) << what;
    EXPECT_EQ(on.result.work_units, off.result.work_units) << what;
    ASSERT_EQ(on.result.resources.size(), off.result.resources.size()) << what;
    for (size_t r = 0; r < on.result.resources.size(); ++r) {
      const auto &a = on.result.resources[r], &b = off.result.resources[r];
      EXPECT_EQ(a.name, b.name) << what;
      EXPECT_EQ(a.util_pct, b.util_pct) << what << a.name;
      EXPECT_EQ(a.ops, b.ops) << what << a.name;
      EXPECT_EQ(a.bytes, b.bytes) << what << a.name;
      EXPECT_EQ(a.queue_hw, b.queue_hw) << what << a.name;
      EXPECT_EQ(a.drops, b.drops) << what << a.name;
      EXPECT_EQ(a.queue_unit, b.queue_unit) << what << a.name;
    }
    EXPECT_EQ(without_lines(on.result.report, cut.line), without_lines(off.result.report, cut.line)) << what;
  }
}

}  // namespace ws::test
