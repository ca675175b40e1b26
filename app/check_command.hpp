#pragma once
// `wirespeed check SCENARIO...`: runs each scenario's points and holds them to
// the scenario's expectations (its `expect:` list, models/sim/scenario.hpp): a
// figure within its tolerance, or a bound. Prints expected against got, writes
// JUnit XML for CI, or rewrites the expected figures from the run (--update,
// as snapshot tests are refreshed), the tolerances kept.
#include <string>
#include <vector>

namespace ws {

struct CheckArgs {
  std::vector<std::string> files;
  std::vector<std::string> sets;  // KEY=VALUE what-ifs applied to every scenario
  std::string junit;              // also write JUnit XML here
  std::string format = "table";
  unsigned jobs = 1;
  bool update = false;
};

// 0: every expectation holds (or --update rewrote them); 1: one does not, or a
// point failed; 2: bad input (a file, an expectation's column or selection).
int cmd_check(const CheckArgs& a);

}  // namespace ws
