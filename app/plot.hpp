#pragma once
// Pictures through scripts/plot.py (matplotlib from Debian's python3-matplotlib).
#include <string>
#include <vector>

namespace ws {

// `wirespeed plot RESULTS --x KEY --y COLUMN [--by KEY] [--logx] [--logy] -o
// FILE.png`; RESULTS is a results CSV or a run folder (whose results.json
// gives the axes' units and config.json the swept keys, so that without --by
// each configuration gets a line of its own).
struct SweepPlot {
  std::string results, x, y, by, out;
  bool logx = false, logy = false;
};
int plot_sweep(const SweepPlot& p);
// Simulated against measured per reference table of `name`, from its
// `reproduce --format csv` text, into DIR/NAME_TABLE.png.
int plot_reproduction(const std::string& name, const std::string& csv, const std::string& dir);

}  // namespace ws
