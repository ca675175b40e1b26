#pragma once
// `wirespeed reproduce NAME`: the reference tables replayed through the
// simulator, reported as simulated vs measured vs error.
#include <string>
#include <vector>

namespace ws {

struct ReproduceArgs {
  std::string name = "all", format = "table";
  unsigned jobs = 1;
  std::string seed_text = "1";    // --seed as given
  uint64_t seed = 1;              // it parsed
  std::vector<std::string> sets;  // KEY=VALUE, applied to every row
  std::string rows = "all";       // all | calibration | withheld | excluded
  std::string plot_dir;           // also draw each table into it
  bool no_fail = false;
};

// Exit 1 when a calibration statement (below, at_least, about) fails, unless
// `no_fail`; approx figures, however far off, never decide it.
int cmd_reproduce(const ReproduceArgs& a);

}  // namespace ws
