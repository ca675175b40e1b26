#pragma once
// A point's result by column name, for the platform tests.
#include <gtest/gtest.h>
#include <string>
#include "app/point_runner.hpp"

namespace ws::test {

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

}  // namespace ws::test
