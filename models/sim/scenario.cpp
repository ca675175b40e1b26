#include "models/sim/scenario.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <sstream>
#include <yaml-cpp/yaml.h>
#include "models/sim/text.hpp"

// Built with AddressSanitizer (the fuzz target), which reserves terabytes of address space.
#if defined(__SANITIZE_ADDRESS__)
#define WS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WS_ASAN 1
#endif
#endif

namespace ws {
namespace {

constexpr const char* kValidKeys = "platform, workload, description, seed, params, sweep";
constexpr uintmax_t kMaxScenarioBytes = 1 << 20;

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

// What yaml-cpp would accept but a scenario must not have, line by line: a
// quoted value left open (it swallows the lines after it, which then silently
// keep their defaults), and anchors or aliases (a few lines of them expand to
// gigabytes). Quoted values close on their own line in a scenario. A line that
// starts with ',' outside a [...] or {...} list, and a tag ("!,"), send yaml-cpp
// 0.7 into an endless loop that eats memory (found by tests/fuzz): they are
// refused first, and so are tags and directives, which a scenario never needs;
// check_parser_finishes() guards against the rest.
// Valid UTF-8 without control characters (tab, line feed and carriage return aside).
void check_text(const std::string& path, const std::string& text) {
  int line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') ++line;
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
      fail(where(path, line), fmt::format("control character 0x{:02x}: a scenario file is text", c));
    if (c < 0x80) continue;
    // A lead byte, then its continuation bytes (10xxxxxx); no overlong 2-byte forms.
    const int more = c >= 0xf0 && c <= 0xf4 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 && c <= 0xdf ? 1 : -1;
    bool ok = more > 0;
    for (int k = 1; ok && k <= more; ++k) ok = i + size_t(k) < text.size() && (static_cast<unsigned char>(text[i + k]) & 0xc0) == 0x80;
    if (!ok) fail(where(path, line), "not valid UTF-8: a scenario file is text");
    i += size_t(more);
  }
}

// yaml-cpp 0.7 loops forever, eating memory, on some malformed files (the
// patterns the fuzzer found are refused above; there may be more): a child
// process parses the file first, bounded in CPU time and memory.
void check_parser_finishes(const std::string& path, const std::string& text) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) fail(path, "cannot check the scenario file: fork failed");
  if (pid == 0) {
    const rlimit cpu{2, 2};
    setrlimit(RLIMIT_CPU, &cpu);
#ifndef WS_ASAN
    const rlimit memory{rlim_t(1) << 30, rlim_t(1) << 30};  // (AddressSanitizer reserves far more address space)
    setrlimit(RLIMIT_AS, &memory);
#endif
    try {
      YAML::LoadAll(text);
    } catch (...) {
    }
    _exit(0);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    fail(path, "the YAML parser did not finish on this file (malformed in a way yaml-cpp loops on); check its syntax");
}

void check_source(const std::string& path, const std::string& text) {
  check_text(path, text);
  std::istringstream in(text);
  std::string line;
  int flow = 0;  // open [ and { across lines
  for (int n = 1; std::getline(in, line); ++n) {
    const auto first = line.find_first_not_of(" \t");
    if (flow <= 0 && first != std::string::npos && line[first] == ',')
      fail(where(path, n), "a line may not start with ',' outside a [...] or {...} list");
    char quote = 0;
    for (size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (quote == '"' && c == '\\') {
        ++i;
      } else if (quote) {
        if (c == quote && quote == '\'' && i + 1 < line.size() && line[i + 1] == '\'') ++i;  // '' inside '...'
        else if (c == quote) quote = 0;
      } else if (c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) {
        break;  // a comment
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '[' || c == '{') {
        ++flow;
      } else if (c == ']' || c == '}') {
        --flow;
        const auto next = line.find_first_not_of(" \t", i + 1);
        if (flow <= 0 && next != std::string::npos && line[next] == ',')
          fail(where(path, n), "',' after a closed [...] or {...} list, outside any list");
      } else if ((c == '&' || c == '*') && (i == 0 || std::strchr(" \t:[,{-", line[i - 1])) && i + 1 < line.size() &&
                 (std::isalnum(static_cast<unsigned char>(line[i + 1])) || line[i + 1] == '_')) {
        fail(where(path, n), fmt::format("YAML {} '{}': anchors and aliases are not supported in scenario files",
                                         c == '&' ? "anchor" : "alias", line.substr(i, line.find_first_of(" ,]}", i) - i)));
      } else if ((c == '!' && (i == 0 || std::strchr(" \t:[,{-", line[i - 1]))) || (c == '%' && i == 0)) {
        fail(where(path, n), fmt::format("YAML {}: not supported in scenario files (values are plain text)",
                                         c == '!' ? "tags ('!')" : "directives ('%')"));
      }
    }
    if (quote) fail(where(path, n), fmt::format("a {}-quoted value is not closed on its line", quote == '"' ? "double" : "single"));
  }
}

}  // namespace

Scenario load_scenario(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code fec;
  if (fs::is_directory(path, fec)) fail(path, "cannot read scenario file: it is a directory");
  const auto status = fs::status(path, fec);
  if (fec) fail(path, fmt::format("cannot read scenario file: {}", fec.message()));
  if (!fs::is_regular_file(status)) fail(path, "cannot read scenario file: not a regular file (a device or pipe?)");
  if (fs::file_size(path, fec) > kMaxScenarioBytes)
    fail(path, fmt::format("scenario file of {} bytes; the limit is {} bytes", fs::file_size(path, fec), kMaxScenarioBytes));
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, fmt::format("cannot read scenario file: {}", std::strerror(errno)));
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) fail(path, "cannot read scenario file: read error");
  check_source(path, buf.str());
  check_parser_finishes(path, buf.str());

  std::vector<YAML::Node> docs;
  try {
    docs = YAML::LoadAll(buf.str());
  } catch (const YAML::Exception& e) {
    fail(where(path, line_of(e.mark)), fmt::format("YAML syntax error: {}", e.msg));
  }
  if (docs.size() > 1) fail(path, "expected one YAML document, found " + std::to_string(docs.size()));
  YAML::Node root = docs.empty() ? YAML::Node() : docs.front();
  if (!root.IsDefined() || root.IsNull()) fail(path, fmt::format("empty scenario file; expected keys ({})", kValidKeys));
  if (!root.IsMap())
    fail(where(path, root), fmt::format("expected a map of keys ({}) at top level, got {}", kValidKeys, kind_name(root)));

  Scenario sc;
  sc.path = path;
  std::map<std::string, int> top_seen;
  YAML::Node params_node, sweep_node;
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
