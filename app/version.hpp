#pragma once
// What this binary is: its version from git at build time, the build type and
// the libraries it runs on (wirespeed --version, run.json).
#include <nlohmann/json.hpp>
#include <string>

namespace ws {

nlohmann::json version_info();
std::string version_text();

}  // namespace ws
