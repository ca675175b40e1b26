#pragma once
// `wirespeed run SCENARIO` and `wirespeed validate SCENARIO`: the scenario with
// its --set and --sweep what-ifs made into points, every point checked, then
// run in forked processes into the outputs asked for.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>
#include "models/sim/trace_writer.hpp"

namespace ws {

// The options of `run`; `validate` gives the scenario only.
struct RunArgs {
  std::string command_line;  // as typed, for run.json
  std::string scenario;
  std::vector<std::string> sets, sweeps;
  std::string format = "table", out, trace, pcap, shard;
  std::string seed_text;    // --seed as given
  uint64_t seed = 0;        // it parsed
  bool seed_given = false;  // else the scenario's seed, or 1
  unsigned jobs = 1;
  bool replace = false;  // --out may replace a folder holding another run
  bool yes = false;      // run a sweep above kAskAbovePoints without asking
  size_t trace_cap = TraceWriter::default_cap();
};

// `validate_only`: check the points and say so, without running them. Returns
// the exit code (0, 1 a point's model failure, 2 bad input found in a point).
int cmd_run(const RunArgs& a, bool validate_only);

}  // namespace ws
