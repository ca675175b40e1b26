#pragma once
#include <string>

namespace ws {

// A shipped data file (reference tables, scenarios, board files): relative to
// $WIRESPEED_HOME, or to the source tree the program was built from.
std::string data_path(const std::string& relative);

}  // namespace ws
