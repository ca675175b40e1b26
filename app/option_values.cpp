#include "app/option_values.hpp"

#include <fmt/format.h>
#include <charconv>
#include <limits>
#include "models/sim/param.hpp"

namespace ws {

std::pair<std::string, std::string> split_kv(const std::string& s, const std::string& opt) {
  const auto eq = s.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == s.size())
    throw InputError(fmt::format("{} '{}': expected KEY=VALUE", opt, s));
  return {s.substr(0, eq), s.substr(eq + 1)};
}

uint64_t parse_seed(const std::string& s, const std::string& opt) {
  constexpr uint64_t kMax = uint64_t(std::numeric_limits<int64_t>::max());
  uint64_t x = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos || ec != std::errc() ||
      p != s.data() + s.size() || x > kMax)
    throw InputError(fmt::format("{} '{}': expected an integer 0..{} (2^63-1)", opt, s, kMax));
  return x;
}

std::pair<size_t, size_t> parse_shard(const std::string& s) {
  size_t i = 0, n = 0;
  const auto slash = s.find('/');
  const char* b = s.data();
  const char* e = b + s.size();
  auto whole = [](const char* from, const char* to, size_t& v) {
    const auto [p, ec] = std::from_chars(from, to, v);
    return from != to && ec == std::errc() && p == to;
  };
  const bool ok = slash != std::string::npos && whole(b, b + slash, i) && whole(b + slash + 1, e, n) && i < n;
  if (!ok) throw InputError(fmt::format("--shard '{}': expected I/N with 0 <= I < N", s));
  return {i, n};
}

}  // namespace ws
