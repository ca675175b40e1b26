#pragma once
// The catalogue of virtual platforms: each declares its parameters and runs one
// simulation point from a parameter table. A run builds the SystemC hierarchy,
// so it happens once per process (the CLI forks a process per point).
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>
#include "models/sim/column.hpp"
#include "models/sim/param.hpp"
#include "models/sim/stats.hpp"

namespace ws {

struct RunOptions {
  uint64_t seed = 1;
  std::string trace_path;  // Chrome/Perfetto trace-event JSON, empty = off
  std::string pcap_dir;    // one pcap per Ethernet port, empty = off
};

struct RunResult {
  std::vector<std::pair<std::string, double>> metrics;  // in display order; the first is the headline
  std::vector<std::pair<std::string, std::string>> labels;  // text columns after the metrics (limiting resource)
  std::string report;                                     // bottleneck report and counters
  uint64_t integrity_errors = 0;                          // bytes that arrived wrong or not at all
  std::vector<ResourceUse> resources;                     // over the report's window, most utilised first
  double simulated_s = 0;                                 // simulated time the run took
  double skipped_s = 0;                                   // of it, taken as done by a steady-state skip
  double work_units = 0;                                  // what `work_unit` counts, for host speed
  std::string work_unit;                                  // "wire frames", "TLPs"
  // The limit as the platform diagnoses it from its mechanisms (a TCP window,
  // loss recovery); empty: the most utilised resource.
  std::string limiting;
  std::string limit() const {
    if (!limiting.empty()) return limiting;
    return !resources.empty() && resources.front().util_pct > 0 ? resources.front().name : "-";
  }
};

// The measured figures a platform's study is replayed against (`wirespeed
// reproduce NAME`): a table shipped as data (relative to the data root) and the
// metric its rows compare unless a row names another.
struct ReferenceTable {
  std::string name;
  std::string file;
  std::string metric;
};

// A board's platform takes its name, description and declare() from its board
// file (board_platform, platforms/common/board_file.hpp), read when needed.
struct Platform {
  std::string name = {};
  std::string description = {};
  std::vector<std::string> workloads;
  std::function<void(ParamTable&)> declare = {};
  // The keys its blocks declare (declare() is these, then the board file's values).
  std::function<void(ParamTable&)> blocks = {};
  // Checks between parameters that need no simulation; throws InputError.
  std::function<void(const ParamTable&)> check;
  std::function<RunResult(const ParamTable&, const RunOptions&)> run;
  bool ethernet_ports = false;  // honours --pcap
  std::vector<Column> columns;  // every metric and label column its runs produce
  ReferenceTable reference;
  // Settings that keep any run of it short (a tenth of a second of host time or
  // so): what the catalogue's tests of bad and random input run with.
  std::vector<std::pair<std::string, std::string>> short_run;
  // Its board file, relative to the data root (empty: none); its description is the file's.
  std::string board = {};
  // Said when --seed is given and the seed changes little or nothing here (empty: it matters).
  std::string seed_note = {};
  // Its default scenario, relative to the data root (`advise PLATFORM` runs it; empty: none).
  std::string scenario = {};
};

const std::vector<Platform>& platforms();
// Null when no platform has that name. A name ending in .yaml is a board file
// read at run time (file_platform, platforms/common/board_file.hpp).
const Platform* find_platform(const std::string& name);

}  // namespace ws
