#pragma once
// What the catalogue-wide tests (bad input, random configurations) need per
// platform: its name and a short run of it.
#include <string>
#include <utility>
#include <vector>
#include "platforms/platform.hpp"

namespace ws::test {

// Every platform's name, for INSTANTIATE_TEST_SUITE_P.
inline std::vector<std::string> platform_names() {
  std::vector<std::string> names;
  for (const auto& p : ws::platforms()) names.push_back(p.name);
  return names;
}

// Keys that keep a run of the platform short (a bad value accepted by mistake
// must not start the default 100 MB transfer); empty for an unknown platform.
inline std::vector<std::pair<std::string, std::string>> short_run(const std::string& platform) {
  if (platform == "msc815x_pcie") return {{"dma.blocks", "16"}, {"dma.block_bytes", "4096"}};
  if (platform == "msc8144" || platform == "mpc8572") return {{"tester.mode", "fixed"}, {"tester.trial_ms", "1"}};
  if (platform == "a7_rtthread") return {{"iperf.seconds", "0.2"}, {"memcpy.mbytes", "0.1"}};
  if (platform == "k2h") return {{"ftp.file_mbytes", "0.2"}, {"ftp.timeout_s", "5"}};
  return {};
}

}  // namespace ws::test
