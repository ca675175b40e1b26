#pragma once
// The catalogue subcommands: what the simulator offers, read from the code.
// Each returns the exit code; bad input throws InputError.
#include <string>
#include "platforms/platform.hpp"

namespace ws {

// `wirespeed params PLATFORM [KEY]`
struct ParamsArgs {
  std::string platform, key, format = "table";
};
// `wirespeed columns [PLATFORM] [--resources]`
struct ColumnsArgs {
  std::string platform, format = "table";
  bool resources = false;
};

// Platforms with their workloads, reference tables and scenario files.
int cmd_list();
// A platform's parameters (or one) with default, unit, range, meaning and source.
int cmd_params(const ParamsArgs& a);
// Every result column of a platform's runs, with unit and meaning; with
// `resources`, the columns of a run folder's bottleneck.csv (every platform's).
int cmd_columns(const ColumnsArgs& a);

// The platform called `name`; InputError at `where` listing the valid names if none is.
const Platform& require_platform(const std::string& name, const std::string& where);

}  // namespace ws
