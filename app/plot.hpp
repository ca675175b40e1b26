#pragma once
// Pictures through scripts/plot.py (matplotlib from Debian's python3-matplotlib).
#include <string>
#include <vector>

namespace ws {

// `wirespeed plot RESULTS --x KEY --y COLUMN [--by KEY] -o FILE.png`; RESULTS is
// a results CSV or a run folder (whose results.json gives the axes' units).
int plot_sweep(const std::string& results, const std::string& x, const std::string& y, const std::string& by,
               const std::string& out);
// Simulated against measured per reference table of `name`, from its
// `reproduce --format csv` text, into DIR/NAME_TABLE.png.
int plot_reproduction(const std::string& name, const std::string& csv, const std::string& dir);

}  // namespace ws
