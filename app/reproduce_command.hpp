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
  bool strict = false;            // recorded misses fail the run too
};

// Exit 1 when a calibration row (a figure or a statement) falls outside its
// tolerance, unless `no_fail`; a recorded miss decides it only when `strict`.
int cmd_reproduce(const ReproduceArgs& a);

}  // namespace ws
