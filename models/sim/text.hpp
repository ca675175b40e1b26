#pragma once
// Small text helpers shared by error messages, listings and value checks.
#include <charconv>
#include <string>
#include <vector>

namespace ws {

// Two texts that name the same value ("1024" and "01024", "1" and "1.0").
inline bool same_value(const std::string& a, const std::string& b) {
  double x, y;
  const auto px = std::from_chars(a.data(), a.data() + a.size(), x);
  const auto py = std::from_chars(b.data(), b.data() + b.size(), y);
  const bool numbers = px.ec == std::errc() && px.ptr == a.data() + a.size() && py.ec == std::errc() &&
                       py.ptr == b.data() + b.size();
  return numbers ? x == y : a == b;
}

inline std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

}  // namespace ws
