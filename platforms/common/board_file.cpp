#include "platforms/common/board_file.hpp"

#include <charconv>
#include <filesystem>
#include <fmt/format.h>
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
           fmt::format("key '{}': unknown field '{}' (valid: value, source, kind, unit, meaning, range, choices)", e.key, f));
    }
  }
  if (e.value.empty()) fail(e.where, fmt::format("key '{}': no value", e.key));
}

BoardFile load(const std::string& relative) {
  const std::string path = data_path(relative);
  const YAML::Node root = load_yaml_document(path, "board", /*in_child=*/false);
  if (!root.IsMap()) fail(path, "expected a map with board, description, defaults (and variant_of)");
  BoardFile b;
  b.path = path;
  YAML::Node defaults;
  for (auto it = root.begin(); it != root.end(); ++it) {
    const YAML::Node key = it->first, v = it->second;
    const std::string k = scalar(path, "(top level)", key);
    if (k == "board") b.name = scalar(path, k, v);
    else if (k == "description") b.description = scalar(path, k, v);
    else if (k == "variant_of") b.variant_of = scalar(path, k, v);
    else if (k == "defaults") defaults = v;
    else fail(yaml_where(path, key), fmt::format("unknown key '{}' (valid: board, description, variant_of, defaults)", k));
  }
  if (b.name.empty() || b.description.empty()) fail(path, "a board file needs 'board' and 'description'");
  if (!defaults.IsMap()) fail(path, "a board file needs 'defaults', a map of keys to {value: ..., source: ...}");
  if (!b.variant_of.empty()) b.entries = board_file("platforms/" + b.variant_of + "/board.yaml").entries;
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
    e.where = yaml_where(path, k);
    if (!fresh) e.source.clear();  // a variant's value needs its own source
    read_entry(path, v, e);
  }
  return b;
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
      t.refine(e.key, e.unit, e.meaning, e.min, e.max);
    }
    t.set_default(e.key, e.value, e.source, e.where);
  }
  t.complete();
}

const BoardFile& board_file(const std::string& relative) {
  static std::map<std::string, std::unique_ptr<BoardFile>> cache;
  auto& slot = cache[relative];
  if (!slot) slot = std::make_unique<BoardFile>(load(relative));
  return *slot;
}

Platform board_platform(const std::string& relative, std::function<void(ParamTable&)> blocks, Platform rest) {
  namespace fs = std::filesystem;
  const fs::path file(relative);
  const bool variant = file.filename() != "board.yaml";
  rest.name = variant ? file.stem().string() : file.parent_path().filename().string();
  rest.board = relative;
  rest.declare = [blocks = std::move(blocks), relative, name = rest.name](ParamTable& t) {
    const BoardFile& b = board_file(relative);
    if (b.name != name) fail(b.path, fmt::format("board '{}': the catalogue names this file '{}'", b.name, name));
    blocks(t);
    b.apply(t);
  };
  if (variant) rest.reference = {};
  return rest;
}

std::string description(const Platform& p) { return p.board.empty() ? p.description : board_file(p.board).description; }

}  // namespace ws
