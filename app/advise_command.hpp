#pragma once
// `wirespeed advise SCENARIO`: which change buys the most. Runs the scenario
// as configured, then each lever's candidates one at a time (the board file's
// `lever:` entries: tuning choices, not facts of the silicon), then the best
// few together, and ranks the changes by the gain on the headline column (its
// mean over the scenario's points), with the limit each meets and its cost.
#include <string>
#include <vector>

namespace ws {

constexpr size_t kMaxBudget = 100000;  // --budget's largest value

struct AdviseArgs {
  std::string scenario;
  std::vector<std::string> sets;  // KEY=VALUE: the configuration advised on
  std::string metric;             // the column ranked on (default: the platform's headline)
  std::string format = "table";
  unsigned jobs = 1;
  size_t budget = 400;   // the most simulation runs it may make
  size_t combine = 3;    // combine the best value of up to this many levers
  bool lower = false;    // lower is better on the metric (a load, a latency)
};

// 0: the ranking was printed; 1: the configuration as given failed to run; 2: bad input
// (a file, a --set, a metric, more runs than the budget).
int cmd_advise(const AdviseArgs& a);

}  // namespace ws
