#pragma once
// A scenario made into points: its platform, the base parameter table (the
// scenario's params with the --set what-ifs), the sweep axes (the scenario's,
// then --sweep; a --set fixes an axis) and one table per point, each checked.
// Shared by `run`, `validate` and `check`.
#include <string>
#include <utility>
#include <vector>
#include "models/sim/param.hpp"
#include "models/sim/scenario.hpp"
#include "platforms/platform.hpp"

namespace ws {

struct ScenarioPoints {
  const Platform* platform = nullptr;
  ParamTable base;
  std::vector<std::pair<std::string, std::vector<Override>>> axes;  // key -> its values, in order
  std::vector<ParamTable> tables;                                  // the points, the last axis fastest
  std::vector<std::string> columns;                                // every set or swept key, first seen first
  std::string sizes;                                               // "key xN, ..." of the axes, for messages
};

// The most points one scenario makes (documented in docs/scenarios.md and README).
constexpr size_t kMaxPoints = 10000;

// Throws InputError naming the file, line, key and valid range (a point's
// error names the point by its swept values).
ScenarioPoints scenario_points(const Scenario& sc, const std::vector<std::string>& sets,
                               const std::vector<std::string>& sweeps);

}  // namespace ws
