#pragma once
// A run folder (`wirespeed run --out DIR`): everything needed to tell what ran
// and what came out, next to each other.
//   results.csv      the rows, streamed as points finish (RunOutput)
//   results.json     {"columns": [{name, unit, meaning}], "rows": [...]}, numbers typed
//   config.json      platform, workload, scenario, seed; every parameter's resolved
//                    value, unit and origin (default, file:line, --set); the sweep
//                    axes and the number of points of the whole sweep
//   run.json         version, command line, seed, per point simulated and wall
//                    time and host speed, totals
//   bottleneck.csv   every point's resources ranked by utilisation
//   report.txt       every point's bottleneck report and CPU load, as printed
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>
#include "app/output.hpp"
#include "app/point_runner.hpp"
#include "models/sim/param.hpp"
#include "platforms/platform.hpp"

namespace ws {

struct RunDescription {
  std::string command_line;
  std::string scenario;
  const Platform* platform = nullptr;
  std::string workload;
  uint64_t seed = 0;
  const ParamTable* base = nullptr;  // before the sweep
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> axes;  // key -> (value, origin)
  double wall_s = 0;                 // the whole command
  std::string shard;                 // "I/N" when --shard ran a part of the points
  size_t points_total = 0;           // points of the whole sweep (every shard)
};

// A result column's unit and meaning: a parameter's from its declaration, a
// metric's from the platform, the runner's own (point, limiting, top_util).
std::string column_unit(const Platform& p, const ParamTable& t, const std::string& column);
std::string column_meaning(const Platform& p, const ParamTable& t, const std::string& column);

// The columns of bottleneck.csv: every resource of every point, with unit and meaning.
const std::vector<Column>& resource_columns();

// config.json's content for `d`: what ran, before anything runs.
nlohmann::json run_config(const RunDescription& d);
// Makes DIR (or reuses an empty one, or an earlier run folder of the same
// configuration and shard) and checks it can be written; throws InputError
// naming `opt` otherwise. A folder that holds another run is refused unless
// `replace`: a 1-point run must not silently take a 10-point sweep's place.
void prepare_run_folder(const std::string& dir, const nlohmann::json& config, const std::string& shard, bool replace,
                        const std::string& opt = "--out");
// The same refusals, with nothing created or removed (before a run that may yet not happen).
void check_run_folder(const std::string& dir, const nlohmann::json& config, const std::string& shard, bool replace,
                      const std::string& opt = "--out");
void write_run_folder(const std::string& dir, const RunDescription& d, const Table& results,
                      const std::vector<Point>& points, const std::vector<size_t>& index,
                      const std::vector<const PointOutcome*>& outcomes);

}  // namespace ws
