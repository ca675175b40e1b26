#pragma once
// Reference tables: measured figures shipped as data with their source, replayed
// through the simulator row by row (simulated vs measured vs error).
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>
#include "platforms/common/data_root.hpp"
#include "app/point_runner.hpp"

namespace ws {

struct ReferenceRow {
  std::string table, label;
  std::vector<std::pair<std::string, std::string>> knobs;  // parameter key -> value
  std::optional<double> measured;                          // empty for withheld rows
  // calibration: fitted on; withheld: measured, not given to us, predicted;
  // excluded: measured, but not physically possible (kept, never fitted or scored);
  // context: no measurement exists (the base of a gain, an absolute figure a study
  // does not give): the model's figure, shown and never scored.
  std::string kind;
  // The prediction committed before the measurement was released, and the round
  // that scored it (0: never predicted); a scored row then joins calibration.
  std::optional<double> predicted;
  int scored_round = 0;
  std::string note;                                        // why a row is excluded, what was scored
  std::string metric;                                      // compared with `measured`; empty = the set's
  // approx: a figure, compared by error; about: a figure the study rounds
  // ("about 6"), compared by error and held within 25 %; below / at_least: a
  // statement that the simulated figure is under / at least the measured one.
  std::string relation = "approx";
  // miss: a calibration row the model does not reach, kept on record with the
  // arithmetic of why (the note); fitted: a parameter was fitted on this row, so
  // its error is no evidence. Empty: neither.
  std::string status;
  // The label of another row of the table: this row's figure is then its gain
  // over that row in % (100 x (this / that - 1)), the way a study states a step.
  std::string relative_to;
  // How far the simulated figure may be from the measured one and still hold:
  // `tolerance` in % of the measured figure (tolerance_pct) or in its own unit;
  // none: 5 % for a figure (approx), 25 % for one the study rounds (about).
  std::optional<double> tolerance;
  bool tolerance_pct = true;
  // below, at_least and about are statements; any calibration row that does not hold makes reproduce exit 1.
  bool statement() const { return relation != "approx"; }
  bool miss() const { return status == "miss"; }
};

struct ReferenceSet {
  std::string name;      // what `reproduce NAME` takes
  std::string platform;
  std::string file;      // relative to the data root
  std::string metric;    // the metric compared with `measured`
};

// One per platform of the catalogue, in its order (Platform::reference).
const std::vector<ReferenceSet>& reference_sets();
// The set `reproduce NAME` takes; throws std::logic_error if there is none.
const ReferenceSet& reference_set(const std::string& name);
// Throws InputError naming file and line on a malformed table.
std::vector<ReferenceRow> load_reference(const std::string& path);

struct ReproducedRow {
  ReferenceRow ref;
  double simulated = 0;
  std::string limiting;  // the run's most utilised resource
  std::string error;  // non-empty when the point failed
  int exit_code = 0;  // 1 model failure, 2 bad input
  // Error in % of the measured figure (approx rows with a figure).
  double error_pct() const { return 100.0 * (simulated - *ref.measured) / *ref.measured; }
  // Error of the committed prediction in % of the measured figure (scored approx rows).
  double prediction_error_pct() const { return 100.0 * (*ref.predicted - *ref.measured) / *ref.measured; }
  // Whether the row holds: a statement (below, at_least) as stated, a figure
  // (approx, about) within its tolerance.
  bool holds() const;
  // A calibration row that ran and does not hold. A recorded miss is on record
  // as one and fails only when `strict`.
  bool fails(bool strict = false) const {
    return ref.kind == "calibration" && (strict || !ref.miss()) && error.empty() && ref.measured && !holds();
  }
};

// `overrides` (what-ifs, calibration trials) apply to every row before the row's own knobs.
// `kind` keeps only rows of that kind (calibration | withheld | excluded); empty keeps all.
// `progress` is called as each row's point finishes.
std::vector<ReproducedRow> reproduce(const ReferenceSet& set, unsigned jobs, uint64_t seed,
                                     const std::vector<std::pair<std::string, std::string>>& overrides = {},
                                     const std::string& kind = {}, const Progress& progress = {});

}  // namespace ws
