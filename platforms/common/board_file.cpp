#include "platforms/common/board_file.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <memory>
#include "models/sim/yaml_file.hpp"
#include "platforms/common/data_root.hpp"

namespace ws {
namespace {

[[noreturn]] void fail(const std::string& at, const std::string& what) {
  throw InputError(fmt::format("{}: {}", at, what));
}

std::string scalar(const std::string& path, const std::string& key, const YAML::Node& v) {
  if (!v.IsScalar()) fail(yaml_where(path, v), fmt::format("key '{}': expected a scalar", key));
  return v.Scalar();
}

double number(const std::string& path, const std::string& key, const YAML::Node& v) {
  const std::string s = scalar(path, key, v);
  double x = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (ec != std::errc() || p != s.data() + s.size()) fail(yaml_where(path, v), fmt::format("key '{}': '{}' is not a number", key, s));
  return x;
}

std::vector<std::string> words(const std::string& path, const std::string& key, const YAML::Node& v) {
  if (!v.IsSequence() || v.size() == 0) fail(yaml_where(path, v), fmt::format("key '{}': expected a non-empty list", key));
  std::vector<std::string> out;
  for (auto it = v.begin(); it != v.end(); ++it) out.push_back(scalar(path, key, *it));
  return out;
}

// `lever: {try: [x2, /2], cost: "..."}`: advise's candidates and what taking one costs.
void read_lever(const std::string& path, const std::string& key, const YAML::Node& x, BoardEntry& e) {
  if (!x.IsMap()) fail(yaml_where(path, x), fmt::format("key '{}': expected {{try: [...], cost: \"...\"}}", key));
  e.lever.clear(), e.lever_cost.clear();
  for (auto it = x.begin(); it != x.end(); ++it) {
    const std::string f = scalar(path, key, it->first);
    if (f == "try") e.lever = words(path, key + ".try", it->second);
    else if (f == "cost") e.lever_cost = scalar(path, key + ".cost", it->second);
    else fail(yaml_where(path, it->first), fmt::format("key '{}': unknown field '{}' (valid: try, cost)", key, f));
  }
  if (e.lever.empty()) fail(yaml_where(path, x), fmt::format("key '{}': give its candidates (try: [...])", key));
}

// One entry's fields over `e` (a variant's over its base's).
void read_entry(const std::string& path, const YAML::Node& v, BoardEntry& e) {
  if (!v.IsMap()) fail(e.where, fmt::format("key '{}': expected a map {{value: ..., source: ...}}", e.key));
  for (auto it = v.begin(); it != v.end(); ++it) {
    const YAML::Node field = it->first;
    const std::string f = scalar(path, e.key, field), shown = e.key + "." + f;
    const YAML::Node x = it->second;
    if (f == "value") e.value = scalar(path, shown, x);
    else if (f == "source") e.source = scalar(path, shown, x);
    else if (f == "unit") e.unit = scalar(path, shown, x);
    else if (f == "meaning") e.meaning = scalar(path, shown, x);
    else if (f == "choices") e.choices = words(path, shown, x);
    else if (f == "lever") read_lever(path, shown, x, e);
    else if (f == "kind") {
      e.kind = scalar(path, shown, x);
      if (e.kind != "int" && e.kind != "real" && e.kind != "choice")
        fail(yaml_where(path, x), fmt::format("key '{}': '{}' is not valid; expected one of int|real|choice", shown, e.kind));
    } else if (f == "range") {
      if (!x.IsSequence() || x.size() != 2) fail(yaml_where(path, x), fmt::format("key '{}': expected [min, max]", shown));
      e.min = number(path, shown, x[0]), e.max = number(path, shown, x[1]);
      if (!(e.max > e.min)) fail(yaml_where(path, x), fmt::format("key '{}': max must exceed min", shown));
    } else {
      fail(yaml_where(path, field),
           fmt::format("key '{}': unknown field '{}' (valid: value, source, kind, unit, meaning, range, choices, lever)", e.key, f));
    }
  }
  if (e.value.empty()) fail(e.where, fmt::format("key '{}': no value", e.key));
}

// A board file's path: absolute as given, else under the data root.
std::string resolved(const std::string& file) {
  return std::filesystem::path(file).is_absolute() ? file : data_path(file);
}

// The file `extends:` names: a board of the catalogue (its board file), a board
// under the data root (platforms/<name>/board.yaml), or a .yaml beside this file.
std::string base_file(const std::string& path, const std::string& extends, const std::string& at) {
  namespace fs = std::filesystem;
  if (fs::path(extends).extension() == ".yaml") return (fs::absolute(path).parent_path() / extends).lexically_normal().string();
  if (const Platform* p = find_platform(extends); p && !p->board.empty()) return resolved(p->board);
  const std::string own = data_path("platforms/" + extends + "/board.yaml");
  if (fs::exists(own)) return own;
  std::vector<std::string> names;
  for (const auto& q : platforms())
    if (!q.board.empty()) names.push_back(q.name);
  fail(at, fmt::format("key 'extends': no board '{}' (valid: {}, or a .yaml file beside this one)", extends,
                       fmt::join(names, ", ")));
}

// A board file outside the data root is the user's: parsed in a child bounded in CPU and memory.
bool users(const std::string& path) { return path.rfind(data_path(""), 0) != 0; }

// Entries of `defaults` over `b.entries` (a later file's fields replace an earlier one's).
void add_entries(BoardFile& b, const std::string& path, const YAML::Node& defaults) {
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < b.entries.size(); ++i) index[b.entries[i].key] = i;
  for (auto it = defaults.begin(); it != defaults.end(); ++it) {
    const YAML::Node k = it->first, v = it->second;
    const std::string key = scalar(path, "defaults", k);
    auto [at, fresh] = index.emplace(key, b.entries.size());
    if (fresh) b.entries.emplace_back().key = key;
    else if (b.entries[at->second].where.rfind(path + ":", 0) == 0)
      fail(yaml_where(path, k), fmt::format("key '{}' is given twice", key));
    BoardEntry& e = b.entries[at->second];
    // A value over another file's needs its own source and is this file's; a
    // lever or the key's words alone leave the value where it came from.
    if (fresh || (v.IsMap() && v["value"])) e.where = yaml_where(path, k), e.source.clear();
    read_entry(path, v, e);
  }
}

// A block preset (platforms/presets/<name>.yaml): a part's defaults a board includes.
YAML::Node preset_defaults(const std::string& name, const std::string& at) {
  if (name.find('/') != std::string::npos || name.find('.') != std::string::npos)
    fail(at, fmt::format("key 'presets': '{}' is not a preset's name (a file stem of platforms/presets/)", name));
  const std::string path = data_path("platforms/presets/" + name + ".yaml");
  if (!std::filesystem::exists(path)) fail(at, fmt::format("key 'presets': no preset '{}' ({} does not exist)", name, path));
  const YAML::Node root = load_yaml_document(path, "preset", /*in_child=*/false);  // the project's own
  if (!root.IsMap() || !root["preset"] || !root["description"] || !root["defaults"] || !root["defaults"].IsMap())
    fail(path, "a preset needs 'preset', 'description' and 'defaults'");
  if (root["preset"].Scalar() != name) fail(path, fmt::format("preset '{}': the file is named '{}'", root["preset"].Scalar(), name));
  return root["defaults"];
}

BoardFile load(const std::string& file) {
  const std::string path = resolved(file);
  if (!std::filesystem::exists(path)) throw InputError(fmt::format("{}: no such board file", path));
  const YAML::Node root = load_yaml_document(path, "board", /*in_child=*/users(path));
  if (!root.IsMap()) fail(path, "expected a map with board, description, defaults (and extends, presets)");
  BoardFile b;
  b.path = path;
  YAML::Node defaults, presets, extends;
  for (auto it = root.begin(); it != root.end(); ++it) {
    const YAML::Node key = it->first, v = it->second;
    const std::string k = scalar(path, "(top level)", key);
    if (k == "board") b.name = scalar(path, k, v);
    else if (k == "description") b.description = scalar(path, k, v);
    else if (k == "extends") b.extends = scalar(path, k, v), extends = v;
    else if (k == "presets") b.presets = words(path, k, v), presets = v;
    else if (k == "defaults") defaults = v;
    else fail(yaml_where(path, key), fmt::format("unknown key '{}' (valid: board, description, extends, presets, defaults)", k));
  }
  if (b.name.empty() || b.description.empty()) fail(path, "a board file needs 'board' and 'description'");
  if (!defaults.IsMap()) fail(path, "a board file needs 'defaults', a map of keys to {value: ..., source: ...}");
  if (!b.extends.empty()) b.entries = board_file(base_file(path, b.extends, yaml_where(path, extends))).entries;
  for (size_t i = 0; i < b.presets.size(); ++i) {
    if (std::find(b.presets.begin(), b.presets.begin() + long(i), b.presets[i]) != b.presets.begin() + long(i))
      fail(yaml_where(path, presets[i]), fmt::format("key 'presets': '{}' is given twice", b.presets[i]));
    add_entries(b, data_path("platforms/presets/" + b.presets[i] + ".yaml"),
                preset_defaults(b.presets[i], yaml_where(path, presets[i])));
  }
  add_entries(b, path, defaults);
  return b;
}

// A board's declare(): what it runs (every board's key, one of its platform's
// workloads: the scenario sets it), its blocks' keys, then the file at `path`;
// `name`, when given, is what the catalogue calls that file.
std::function<void(ParamTable&)> declarer(std::function<void(ParamTable&)> blocks, std::vector<std::string> workloads,
                                          std::string path, std::string name) {
  return [=](ParamTable& t) {
    const BoardFile& b = board_file(path);
    if (!name.empty() && b.name != name)
      fail(b.path, fmt::format("board '{}': the catalogue names this file '{}'", b.name, name));
    t.declare(choice("workload", workloads.at(0), workloads, "-", "what the board runs (the scenario's workload)",
                     "the scenario"));
    blocks(t);
    b.apply(t);
  };
}

ParamSpec::Kind kind_of(const std::string& k) {
  return k == "int" ? ParamSpec::Kind::Int : k == "real" ? ParamSpec::Kind::Real : ParamSpec::Kind::Choice;
}

}  // namespace

void BoardFile::apply(ParamTable& t) const {
  for (const auto& e : entries) {
    if (!e.kind.empty()) {
      if (t.specs().count(e.key)) fail(e.where, fmt::format("key '{}' is a block's: give it no kind", e.key));
      ParamSpec s;
      s.key = e.key, s.kind = kind_of(e.kind), s.unit = e.unit.empty() ? "-" : e.unit, s.meaning = e.meaning;
      s.min = e.min, s.max = e.max, s.choices = e.choices;
      if (s.kind == ParamSpec::Kind::Choice && s.choices.empty()) fail(e.where, fmt::format("key '{}': a choice needs its choices", e.key));
      t.declare_model(std::move(s));
    } else if (t.specs().count(e.key)) {
      t.refine(e.key, e.unit, e.meaning, e.min, e.max, e.where);
    }
    t.set_default(e.key, e.value, e.source, e.where);
    if (!e.lever.empty()) t.set_lever(e.key, e.lever, e.lever_cost, e.where);
  }
  t.complete();
}

const BoardFile& board_file(const std::string& file) {
  static std::map<std::string, std::unique_ptr<BoardFile>> cache;
  static std::vector<std::string> loading;  // the extends: chain being read, to refuse a cycle
  const std::string path = resolved(file);
  if (auto it = cache.find(path); it != cache.end()) return *it->second;
  if (std::find(loading.begin(), loading.end(), path) != loading.end()) {
    loading.push_back(path);
    const std::vector<std::string> chain(std::find(loading.begin(), loading.end(), path), loading.end());
    loading.clear();
    throw InputError(fmt::format("{}: key 'extends': a cycle ({})", chain.front(), fmt::join(chain, " -> ")));
  }
  loading.push_back(path);
  BoardFile b;
  try {
    b = load(file);
  } catch (...) {
    loading.clear();
    throw;
  }
  loading.pop_back();
  return *(cache[path] = std::make_unique<BoardFile>(std::move(b)));
}

Platform board_platform(const std::string& relative, std::function<void(ParamTable&)> blocks, Platform rest) {
  namespace fs = std::filesystem;
  const fs::path file(relative);
  const bool variant = file.filename() != "board.yaml";
  rest.name = variant ? file.stem().string() : file.parent_path().filename().string();
  rest.board = relative;
  rest.blocks = std::move(blocks);
  rest.declare = declarer(rest.blocks, rest.workloads, relative, rest.name);
  if (variant) rest.reference = {};
  return rest;
}

const Platform& file_platform(const std::string& path) {
  namespace fs = std::filesystem;
  static std::map<std::string, std::unique_ptr<Platform>> cache;
  const std::string abs = fs::absolute(path).lexically_normal().string();
  auto& slot = cache[abs];
  if (slot) return *slot;
  const BoardFile& b = board_file(abs);
  if (find_platform(b.name))
    fail(b.path, fmt::format("board '{}': a catalogue board has that name; give yours another", b.name));
  if (b.extends.empty())
    fail(b.path, "key 'extends': a board file given as the platform names the board it varies (extends: mpc8572)");
  // The platform whose model it configures: the end of its extends chain.
  std::string root = b.extends;
  for (std::string at = abs; fs::path(root).extension() == ".yaml";) {
    at = (fs::path(at).parent_path() / root).lexically_normal().string();
    root = board_file(at).extends;
    if (root.empty()) fail(at, "key 'extends': a board file given as the platform names the board it varies");
  }
  const Platform* base = find_platform(root);
  if (!base || base->board.empty())
    fail(b.path, fmt::format("key 'extends': no board '{}'", root));
  Platform p = *base;
  p.name = b.name, p.board = abs, p.reference = {}, p.scenario = {};  // the base's scenario names the base
  p.declare = declarer(base->blocks, base->workloads, abs, "");
  slot = std::make_unique<Platform>(std::move(p));
  return *slot;
}

std::string value_from(const Platform& p, const ParamSpec& s) {
  if (s.where.empty()) return "built-in";
  const std::string file = s.where.substr(0, s.where.rfind(':'));
  if (!p.board.empty() && file == board_file(p.board).path) return "own";
  const std::string presets = data_path("platforms/presets/");
  if (file.rfind(presets, 0) == 0) return "preset " + std::filesystem::path(file).stem().string();
  return "inherited from " + board_file(file).name;
}

std::string description(const Platform& p) { return p.board.empty() ? p.description : board_file(p.board).description; }

}  // namespace ws
