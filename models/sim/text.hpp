#pragma once
// Small text helpers shared by error messages and listings.
#include <string>
#include <vector>

namespace ws {

inline std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

}  // namespace ws
