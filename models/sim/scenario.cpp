#include "models/sim/scenario.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <limits>
#include <map>
#include <yaml-cpp/yaml.h>
#include "models/sim/text.hpp"
#include "models/sim/yaml_file.hpp"

namespace ws {
namespace {

constexpr const char* kValidKeys = "platform, workload, description, seed, params, sweep, expect";

// 1-based line of a mark, 0 when unknown.
int line_of(const YAML::Mark& m) { return m.is_null() ? 0 : m.line + 1; }

std::string where(const std::string& path, int line) {
  return line > 0 ? fmt::format("{}:{}", path, line) : path;
}

std::string where(const std::string& path, const YAML::Node& n) { return where(path, line_of(n.Mark())); }

std::string kind_name(const YAML::Node& n) {
  switch (n.Type()) {
    case YAML::NodeType::Null: return "nothing (null)";
    case YAML::NodeType::Scalar: return "a scalar";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a map";
    default: return "nothing";
  }
}

[[noreturn]] void fail(const std::string& at, const std::string& what) {
  throw InputError(fmt::format("{}: {}", at, what));
}

// A key segment must be a non-empty scalar without empty dotted parts.
std::string key_text(const std::string& path, const YAML::Node& k, const std::string& parent) {
  if (!k.IsScalar())
    fail(where(path, k), fmt::format("under '{}': a key must be a plain string, got {}", parent, kind_name(k)));
  const std::string& s = k.Scalar();
  bool bad = s.empty() || s.front() == '.' || s.back() == '.' || s.find("..") != std::string::npos ||
             s.find_first_of(" \t\r\n") != std::string::npos;
  if (bad) fail(where(path, k), fmt::format("under '{}': invalid key '{}' (expected dotted names like pcie.lanes)", parent, s));
  return s;
}

using Leaf = std::function<void(const std::string& key, const std::string& shown, const YAML::Node& k,
                                const YAML::Node& v)>;

// Walks a map, flattening nested maps to dotted keys; calls `leaf` for each
// non-map value. `seen` maps flattened keys to their line, to catch duplicates.
void flatten(const std::string& path, const YAML::Node& map, const std::string& section, const std::string& prefix,
             std::map<std::string, int>& seen, const Leaf& leaf) {
  const std::string parent = prefix.empty() ? section : section + "." + prefix;
  for (auto it = map.begin(); it != map.end(); ++it) {
    const YAML::Node k = it->first;
    const YAML::Node v = it->second;
    std::string name = key_text(path, k, parent);
    std::string key = prefix.empty() ? name : prefix + "." + name;
    std::string shown = section + "." + key;
    if (v.IsMap()) {
      if (v.size() == 0) fail(where(path, k), fmt::format("key '{}': empty map", shown));
      flatten(path, v, section, key, seen, leaf);
      continue;
    }
    int line = line_of(k.Mark());
    auto [prev, fresh] = seen.emplace(key, line);
    if (!fresh)
      fail(where(path, line), fmt::format("key '{}' is given twice (lines {} and {})", shown, prev->second, line));
    leaf(key, shown, k, v);
  }
}

std::string string_value(const std::string& path, const YAML::Node& k, const YAML::Node& v) {
  const std::string& name = k.Scalar();
  if (!v.IsScalar()) fail(where(path, k), fmt::format("key '{}': expected a string, got {}", name, kind_name(v)));
  return v.Scalar();
}

uint64_t seed_value(const std::string& path, const YAML::Node& k, const YAML::Node& v) {
  constexpr uint64_t kMax = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  const std::string range = fmt::format("expected an integer 0..{} (2^63-1)", kMax);
  if (!v.IsScalar()) fail(where(path, k), fmt::format("key 'seed': {}, got {}", range, kind_name(v)));
  const std::string& s = v.Scalar();
  uint64_t x = 0;
  const char* b = s.data();
  const char* e = s.data() + s.size();
  bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
  auto [p, ec] = std::from_chars(b, e, x);
  if (!digits || ec != std::errc() || p != e || x > kMax)
    fail(where(path, k), fmt::format("key 'seed': '{}' is not valid; {}", s, range));
  return x;
}

// A number of an expectation (finite), or an InputError naming its key.
double expect_number(const std::string& path, const YAML::Node& k, const YAML::Node& v, const std::string& what) {
  const std::string& s = v.IsScalar() ? v.Scalar() : std::string();
  double x = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (!v.IsScalar() || s.empty() || ec != std::errc() || p != s.data() + s.size() || !std::isfinite(x))
    fail(where(path, k), fmt::format("key '{}': expected a number, got '{}'", what, v.IsScalar() ? s : kind_name(v)));
  return x;
}

Expectation expectation(const std::string& path, const YAML::Node& e, size_t i) {
  const std::string name = fmt::format("expect[{}]", i + 1);
  if (!e.IsMap())
    fail(where(path, e), fmt::format("key '{}': expected a map (column, and value with tolerance, or at_least or "
                                     "at_most; optional where), got {}", name, kind_name(e)));
  Expectation x;
  x.at = where(path, e);
  int bounds = 0;
  bool tolerance = false;
  for (auto it = e.begin(); it != e.end(); ++it) {
    const YAML::Node k = it->first, v = it->second;
    const std::string key = k.IsScalar() ? k.Scalar() : "";
    const std::string shown = name + "." + key;
    if (key == "column") {
      x.column = string_value(path, k, v);
    } else if (key == "where") {
      if (!v.IsMap() || v.size() == 0)
        fail(where(path, k), fmt::format("key '{}': expected a map of parameter keys to values, got {}", shown, kind_name(v)));
      for (auto w = v.begin(); w != v.end(); ++w) {
        if (!w->first.IsScalar() || !w->second.IsScalar())
          fail(where(path, w->first), fmt::format("key '{}': a parameter key and a scalar value", shown));
        x.where.emplace_back(w->first.Scalar(), w->second.Scalar());
      }
    } else if (key == "value" || key == "at_least" || key == "at_most") {
      ++bounds;
      x.kind = key == "value" ? Expectation::Kind::Value : key == "at_least" ? Expectation::Kind::AtLeast
                                                                          : Expectation::Kind::AtMost;
      x.bound = expect_number(path, k, v, shown);
      x.value_line = line_of(v.Mark());
      x.value_column = v.Mark().is_null() ? 0 : v.Mark().column;
      x.value_text = v.Scalar();
    } else if (key == "tolerance") {
      tolerance = true;
      std::string t = v.IsScalar() ? v.Scalar() : "";
      x.tolerance_pct = !t.empty() && t.back() == '%';
      if (x.tolerance_pct) t.pop_back();
      double tol = -1;
      const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), tol);
      if (t.empty() || ec != std::errc() || p != t.data() + t.size() || !(tol >= 0))
        fail(where(path, k), fmt::format("key '{}': '{}' is not a tolerance (valid: a number >= 0 in the column's "
                                         "unit, or a percentage such as 2%)", shown, v.IsScalar() ? v.Scalar() : kind_name(v)));
      x.tolerance = tol;
    } else {
      fail(where(path, k), fmt::format("unknown key '{}' (valid: column, where, value, tolerance, at_least, at_most)", shown));
    }
  }
  if (x.column.empty()) fail(x.at, fmt::format("key '{}': missing 'column' (a result column of the platform)", name));
  if (bounds != 1) fail(x.at, fmt::format("key '{}': give exactly one of value, at_least, at_most", name));
  if (x.kind == Expectation::Kind::Value && !tolerance)
    fail(x.at, fmt::format("key '{}': a value needs its tolerance (tolerance: 2% or an amount in the column's unit)", name));
  if (x.kind != Expectation::Kind::Value && tolerance)
    fail(x.at, fmt::format("key '{}': a bound (at_least, at_most) takes no tolerance", name));
  return x;
}

}  // namespace

Scenario load_scenario(const std::string& path) {
  YAML::Node root = load_yaml_document(path, "scenario");
  if (!root.IsDefined() || root.IsNull()) fail(path, fmt::format("empty scenario file; expected keys ({})", kValidKeys));
  if (!root.IsMap())
    fail(where(path, root), fmt::format("expected a map of keys ({}) at top level, got {}", kValidKeys, kind_name(root)));

  Scenario sc;
  sc.path = path;
  std::map<std::string, int> top_seen;
  YAML::Node params_node, sweep_node, expect_node;
  try {
    for (auto it = root.begin(); it != root.end(); ++it) {
      const YAML::Node k = it->first;
      const YAML::Node v = it->second;
      if (!k.IsScalar()) fail(where(path, k), fmt::format("a key must be a plain string, got {}", kind_name(k)));
      const std::string& name = k.Scalar();
      int line = line_of(k.Mark());
      auto [prev, fresh] = top_seen.emplace(name, line);
      if (!fresh) fail(where(path, line), fmt::format("key '{}' is given twice (lines {} and {})", name, prev->second, line));
      if (name == "platform") {
        sc.platform = string_value(path, k, v);
        sc.platform_where = where(path, line);
        if (sc.platform.empty()) fail(where(path, line), "key 'platform': must not be empty");
      } else if (name == "workload") {
        sc.workload = string_value(path, k, v);
        sc.workload_where = where(path, line);
        if (sc.workload.empty()) fail(where(path, line), "key 'workload': must not be empty");
      } else if (name == "description") {
        if (!v.IsNull()) sc.description = string_value(path, k, v);
      } else if (name == "seed") {
        sc.seed = seed_value(path, k, v);
      } else if (name == "params") {
        if (!v.IsNull() && !v.IsMap())
          fail(where(path, line), fmt::format("key 'params': expected a map of parameter keys to values, got {}", kind_name(v)));
        params_node = v;
      } else if (name == "expect") {
        if (!v.IsSequence())
          fail(where(path, line), fmt::format("key 'expect': expected a list of expectations, got {}", kind_name(v)));
        expect_node = v;
      } else if (name == "sweep") {
        if (!v.IsNull() && !v.IsMap())
          fail(where(path, line), fmt::format("key 'sweep': expected a map of parameter keys to lists of values, got {}", kind_name(v)));
        sweep_node = v;
      } else {
        fail(where(path, line), fmt::format("unknown key '{}' (valid: {})", name, kValidKeys));
      }
    }
    if (!top_seen.count("platform")) fail(path, "missing required key 'platform'");
    if (!top_seen.count("workload")) fail(path, "missing required key 'workload'");

    std::map<std::string, int> param_lines;
    if (params_node.IsMap()) {
      flatten(path, params_node, "params", "", param_lines,
              [&](const std::string& key, const std::string& shown, const YAML::Node& k, const YAML::Node& v) {
                if (!v.IsScalar())
                  fail(where(path, k), fmt::format("key '{}': expected a scalar value, got {}", shown, kind_name(v)));
                sc.params.push_back({key, v.Scalar(), where(path, k)});
              });
    }
    std::map<std::string, int> sweep_lines;
    if (sweep_node.IsMap()) {
      flatten(path, sweep_node, "sweep", "", sweep_lines,
              [&](const std::string& key, const std::string& shown, const YAML::Node& k, const YAML::Node& v) {
                if (!v.IsSequence())
                  fail(where(path, k), fmt::format("key '{}': expected a non-empty list of values, got {}", shown, kind_name(v)));
                if (v.size() == 0) fail(where(path, k), fmt::format("key '{}': the list of values is empty", shown));
                if (auto p = param_lines.find(key); p != param_lines.end())
                  fail(where(path, k), fmt::format("key '{}' is also set under params (line {}); a swept key takes "
                                                   "its values from the sweep only",
                                                   shown, p->second));
                std::vector<Override> values;
                std::map<std::string, int> value_lines;
                for (std::size_t i = 0; i < v.size(); ++i) {
                  const YAML::Node e = v[i];
                  if (!e.IsScalar())
                    fail(where(path, e.Mark().is_null() ? k : e),
                         fmt::format("key '{}': value {} of the list: expected a scalar value, got {}", shown, i + 1,
                                     kind_name(e)));
                  int eline = line_of(e.Mark());
                  // The same value written two ways ("64" and "064") is the same point.
                  auto prev = std::find_if(value_lines.begin(), value_lines.end(),
                                           [&](auto& kv) { return same_value(kv.first, e.Scalar()); });
                  if (prev != value_lines.end())
                    fail(where(path, e),
                         fmt::format("key '{}': value '{}' is listed twice{}", shown, e.Scalar(),
                                     prev->second == eline ? std::string()
                                                           : fmt::format(" (lines {} and {})", prev->second, eline)));
                  value_lines.emplace(e.Scalar(), eline);
                  values.push_back({key, e.Scalar(), where(path, e)});
                }
                sc.sweeps.emplace_back(key, std::move(values));
              });
    }
    for (std::size_t i = 0; expect_node.IsSequence() && i < expect_node.size(); ++i)
      sc.expect.push_back(expectation(path, expect_node[i], i));
  } catch (const YAML::Exception& e) {
    // Should not happen for a parsed document, but never let it escape as a crash.
    fail(where(path, line_of(e.mark)), fmt::format("malformed scenario: {}", e.msg));
  }
  return sc;
}

void apply(const Scenario& sc, ParamTable& table) {
  for (const auto& o : sc.params) table.set(o.key, o.value, o.where);
}

}  // namespace ws
