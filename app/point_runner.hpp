#pragma once
// Runs simulation points, each in a forked child process: the SystemC kernel
// elaborates once per process, and separate processes let a sweep use -j cores.
#include <functional>
#include <string>
#include <vector>
#include "models/sim/param.hpp"
#include "models/sim/trace_writer.hpp"
#include "platforms/platform.hpp"

namespace ws {

struct Point {
  const Platform* platform = nullptr;
  ParamTable params;
  RunOptions options;
};

struct PointOutcome {
  bool ok = false;
  int exit_code = 0;       // 1: model failure, 2: bad input found while building the model
  std::string error;       // what went wrong, when !ok
  RunResult result;
  double wall_s = 0;       // host time of the run, in its process
  TraceWriter::Summary trace;  // what its --trace file holds (path empty: none)
};

// Runs every point with at most `jobs` children at once; results in point order.
// `progress` is called as each point finishes, with its index and outcome. On
// a terminal's stderr a line says every second what is running and for how long.
using Progress = std::function<void(size_t done, size_t total, size_t index, const PointOutcome& outcome)>;
std::vector<PointOutcome> run_points(const std::vector<Point>& points, unsigned jobs, const Progress& progress = {});
// "[done/total] what done" on a terminal's stderr, rewritten in place: the
// progress people see (nothing when stderr is not a terminal or total is 1).
void show_progress(size_t done, size_t total, const std::string& what);

}  // namespace ws
