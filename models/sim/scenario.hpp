#pragma once
// Scenario files: which platform and workload to run, with parameter overrides
// and optional sweeps, in YAML.
//
//   platform: msc815x_pcie        # required string
//   workload: pcie_dma            # required string
//   description: "..."            # optional string
//   seed: 1                       # optional integer 0..2^63-1
//   params:                       # optional map; nested maps flatten to dotted keys
//     pcie:
//       lanes: 4                  # -> "pcie.lanes" = "4"
//     dma.block_bytes: 32768      # -> "dma.block_bytes" = "32768"
//   sweep:                        # optional map key -> non-empty list of scalars
//     dma.block_bytes: [256, 512] # nested maps flatten here too
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
};

// Reads and checks the structure of a scenario file. Throws InputError.
Scenario load_scenario(const std::string& path);

// ParamTable::set for each of sc.params, in file order, with its where. Sweeps are
// not applied (the caller applies one value per sweep point). Throws InputError.
void apply(const Scenario& sc, ParamTable& table);

}  // namespace ws
