#pragma once
// Scenario files: which platform and workload to run, with parameter overrides
// and optional sweeps, in YAML.
//
//   platform: msc815x_pcie        # required string: a platform, or a board file beside the scenario
//   workload: pcie_dma            # required string
//   description: "..."            # optional string
//   seed: 1                       # optional integer 0..2^63-1
//   params:                       # optional map; nested maps flatten to dotted keys
//     pcie:
//       lanes: 4                  # -> "pcie.lanes" = "4"
//     dma.block_bytes: 32768      # -> "dma.block_bytes" = "32768"
//   sweep:                        # optional map key -> non-empty list of scalars
//     dma.block_bytes: [256, 512] # nested maps flatten here too
//   expect:                       # optional list: what `wirespeed check` holds the run to
//     - column: gbps              # a result column of the platform
//       where: {dma.block_bytes: 512}   # optional: the points whose values are these
//       value: 7.21               # a figure with a tolerance ...
//       tolerance: 2%             #   (in % of the value, or in the column's unit: 0.1)
//     - column: gbps
//       at_least: 5               # ... or a bound: at_least, at_most
//
// Rules:
//  * Unknown top-level keys, duplicate keys (also after flattening: `pcie: {lanes: 4}`
//    and `pcie.lanes: 2` clash) and a key both set under params and swept are errors.
//  * Parameter values must be scalars and are kept as their text; their meaning is
//    checked later by ParamTable::set with where = "path:line", e.g.
//      scenarios/x.yaml:7: key 'pcie.lanes': 3 is not valid; expected one of 1|2|4
//  * Every error is an InputError "<path>:<line>: <what>" (1-based line) naming the
//    key path, e.g.
//      scenarios/x.yaml:7: key 'params.pcie.lanes': expected a scalar value, got a list
//    Errors that concern the whole file (unreadable, missing platform) are "<path>: <what>".
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "models/sim/param.hpp"

namespace ws {

struct Override {
  std::string key;    // dotted parameter key, e.g. "pcie.lanes"
  std::string value;  // scalar text as written
  std::string where;  // "path:line"
};

// One expectation of `wirespeed check`: a column's figure at the points `where`
// selects (all when empty) within a tolerance of `value`, or bounded.
struct Expectation {
  enum class Kind { Value, AtLeast, AtMost };
  std::vector<std::pair<std::string, std::string>> where;  // key -> value a point must have
  std::string column;
  Kind kind = Kind::Value;
  double bound = 0;          // the value, or the bound
  double tolerance = 0;      // Value: how far the figure may be
  bool tolerance_pct = true; // in % of the value (else in the column's unit)
  std::string at;            // "path:line" of the entry
  int value_line = 0, value_column = 0;  // the number's place in the file (1-based line, 0-based column), for --update
  std::string value_text;                // the number as written
};

struct Scenario {
  std::string path;
  std::string platform;
  std::string workload;
  std::string description;
  std::string platform_where, workload_where;  // "path:line" of those keys
  std::vector<Override> params;                // in file order
  // Swept key -> its values in file order (each Override has that key, one value
  // and the line of that value); keys in file order.
  std::vector<std::pair<std::string, std::vector<Override>>> sweeps;
  std::optional<uint64_t> seed;
  std::vector<Expectation> expect;
};

// Reads and checks the structure of a scenario file. Throws InputError.
Scenario load_scenario(const std::string& path);

// ParamTable::set for each of sc.params, in file order, with its where. Sweeps are
// not applied (the caller applies one value per sweep point). Throws InputError.
void apply(const Scenario& sc, ParamTable& table);

}  // namespace ws
