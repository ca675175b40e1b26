#pragma once
// What `wirespeed reproduce` prints for one reference set: every row with its
// kind (calibration, scored prediction, withheld, excluded), simulated against
// measured, the committed prediction of a scored row, and a summary that keeps
// calibration error and prediction error apart (median and max of |error|).
#include <string>
#include <vector>
#include "app/reproduce.hpp"

namespace ws {

struct ErrorSummary {
  int n = 0;
  double median = 0, max = 0;  // of |error| in %
};
ErrorSummary summarize(std::vector<double> abs_errors_pct);

// The table in `format` (table | csv | json); for `table`, the summary lines follow it.
std::string reproduction_report(const ReferenceSet& set, const std::vector<ReproducedRow>& rows,
                                const std::string& format);

}  // namespace ws
