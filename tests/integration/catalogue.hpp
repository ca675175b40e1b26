#pragma once
// What the catalogue-wide tests (bad input, random configurations) need per
// platform: its name (a short run of it is Platform::short_run).
#include <string>
#include <vector>
#include "platforms/platform.hpp"

namespace ws::test {

// Every platform's name, for INSTANTIATE_TEST_SUITE_P.
inline std::vector<std::string> platform_names() {
  std::vector<std::string> names;
  for (const auto& p : ws::platforms()) names.push_back(p.name);
  return names;
}

}  // namespace ws::test
