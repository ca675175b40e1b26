#include "models/sim/param.hpp"
#include "models/sim/text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fmt/format.h>

namespace ws {

ParamSpec choice(std::string key, std::string def, std::vector<std::string> values, std::string unit,
                 std::string meaning, std::string source) {
  ParamSpec p;
  p.key = std::move(key);
  p.kind = ParamSpec::Kind::Choice;
  p.def = std::move(def);
  p.choices = std::move(values);
  p.unit = std::move(unit);
  p.meaning = std::move(meaning);
  p.source = std::move(source);
  return p;
}

ParamSpec number(std::string key, ParamSpec::Kind kind, std::string def, double min, double max, std::string unit,
                 std::string meaning, std::string source) {
  ParamSpec p;
  p.key = std::move(key);
  p.kind = kind;
  p.def = std::move(def);
  p.min = min;
  p.max = max;
  p.unit = std::move(unit);
  p.meaning = std::move(meaning);
  p.source = std::move(source);
  return p;
}

ParamSpec model_choice(std::string key, std::vector<std::string> values, std::string unit, std::string meaning) {
  return choice(std::move(key), "", std::move(values), std::move(unit), std::move(meaning), "");
}

ParamSpec model_number(std::string key, ParamSpec::Kind kind, double min, double max, std::string unit,
                       std::string meaning) {
  return number(std::move(key), kind, "", min, max, std::move(unit), std::move(meaning), "");
}

void ParamTable::declare(ParamSpec spec) {
  if (!check(spec, spec.def).empty())
    throw std::logic_error("parameter " + spec.key + ": default " + spec.def + " is out of its own range");
  specs_[spec.key] = std::move(spec);
}

void ParamTable::declare_model(ParamSpec spec) {
  if (!spec.def.empty() || !spec.source.empty())
    throw std::logic_error("parameter " + spec.key + ": a model declares no default; its platform does");
  if (specs_.count(spec.key)) throw std::logic_error("parameter " + spec.key + " declared twice");
  specs_[spec.key] = std::move(spec);
}

void ParamTable::set_default(const std::string& key, std::string def, std::string source) {
  auto it = specs_.find(key);
  if (it == specs_.end()) throw std::logic_error("default for undeclared parameter " + key);
  if (source.empty()) throw std::logic_error("parameter " + key + ": a default needs its source");
  if (!check(it->second, def).empty())
    throw std::logic_error("parameter " + key + ": default " + def + " is out of its own range");
  it->second.def = std::move(def);
  it->second.source = std::move(source);
}

void ParamTable::set_default(const std::string& key, std::string def, std::string source, const std::string& where) {
  auto it = specs_.find(key);
  if (it == specs_.end()) throw InputError(fmt::format("{}: unknown key '{}': no block of this board declares it", where, key));
  if (source.empty()) throw InputError(fmt::format("{}: key '{}': a default needs its source", where, key));
  if (auto err = check(it->second, def); !err.empty()) throw InputError(fmt::format("{}: key '{}': {}", where, key, err));
  it->second.def = std::move(def);
  it->second.source = std::move(source);
  it->second.where = where;
}

bool lever_step(const std::string& t) {
  if (t.size() < 2 || std::string("x/+-").find(t[0]) == std::string::npos) return false;
  double x = 0;
  auto [p, ec] = std::from_chars(t.data() + 1, t.data() + t.size(), x);
  return ec == std::errc() && p == t.data() + t.size() && std::isfinite(x) && x > 0;
}

void ParamTable::set_lever(const std::string& key, std::vector<std::string> tries, std::string cost,
                           const std::string& where) {
  ParamSpec& s = specs_.at(key);
  for (const auto& t : tries) {
    const bool numeric = s.kind != ParamSpec::Kind::Choice;
    if (t == "all" ? !s.choices.empty() : (numeric && lever_step(t)) || check(s, t).empty()) continue;
    throw InputError(fmt::format("{}: key '{}.lever': '{}' is not a candidate (valid: {}{})", where, key, t,
                                 s.choices.empty() ? "" : "all, ",
                                 numeric ? "x2, /2, +N, -N or a value, " + range_text(s) : range_text(s)));
  }
  if (tries.empty()) throw InputError(fmt::format("{}: key '{}.lever': give its candidates (try: [...])", where, key));
  s.lever = std::move(tries);
  s.lever_cost = std::move(cost);
}

void ParamTable::refine(const std::string& key, const std::string& unit, const std::string& meaning, double min,
                        double max, const std::string& where) {
  ParamSpec& s = specs_.at(key);
  if (max > min && s.max > s.min && (min < s.min || max > s.max))
    throw InputError(fmt::format("{}: key '{}': range [{}, {}] is wider than its model's (valid: within {})", where, key,
                                 min, max, range_text(s)));
  if (!unit.empty()) s.unit = unit;
  if (!meaning.empty()) s.meaning = meaning;
  if (max > min) s.min = min, s.max = max;
}

void ParamTable::complete() {
  for (auto it = specs_.begin(); it != specs_.end();)
    it = it->second.optional && it->second.def.empty() ? specs_.erase(it) : std::next(it);
  check_complete();
}

void ParamTable::check_complete() const {
  std::vector<std::string> missing;
  for (auto& [key, spec] : specs_)
    if (spec.def.empty() || spec.source.empty()) missing.push_back(key);
  if (!missing.empty()) throw std::logic_error("parameters without a default and its source: " + join(missing, ", "));
}

const ParamSpec& ParamTable::spec(const std::string& key) const {
  auto it = specs_.find(key);
  if (it == specs_.end()) throw std::logic_error("undeclared parameter " + key);
  return it->second;
}

std::string ParamTable::range_text(const ParamSpec& p) {
  if (!p.choices.empty()) return "one of " + join(p.choices, "|");
  if (p.kind == ParamSpec::Kind::Int) return fmt::format("integer {}..{}", p.min, p.max);
  return fmt::format("number {}..{}", p.min, p.max);
}

static bool parse_number(const std::string& v, double& out, bool integer) {
  const char* b = v.data();
  const char* e = v.data() + v.size();
  if (integer) {
    long long x;
    auto [p, ec] = std::from_chars(b, e, x);
    if (ec != std::errc() || p != e) return false;
    out = static_cast<double>(x);
    return true;
  }
  auto [p, ec] = std::from_chars(b, e, out);
  return ec == std::errc() && p == e && std::isfinite(out);
}

// Empty when valid, otherwise what is wrong.
std::string ParamTable::check(const ParamSpec& p, const std::string& value) {
  if (p.kind == ParamSpec::Kind::Choice) {
    if (std::find(p.choices.begin(), p.choices.end(), value) == p.choices.end())
      return fmt::format("'{}' is not valid; expected {}", value, range_text(p));
    return {};
  }
  double x;
  if (!parse_number(value, x, p.kind == ParamSpec::Kind::Int))
    return fmt::format("'{}' is not {}; expected {}", value,
                       p.kind == ParamSpec::Kind::Int ? "an integer" : "a number", range_text(p));
  if (!p.choices.empty()) {
    if (std::find(p.choices.begin(), p.choices.end(), value) == p.choices.end())
      return fmt::format("{} is not valid; expected {}", value, range_text(p));
    return {};
  }
  if (x < p.min || x > p.max) return fmt::format("{} is out of range; expected {}", value, range_text(p));
  return {};
}

void ParamTable::set(const std::string& key, const std::string& value, const std::string& where) {
  auto it = specs_.find(key);
  if (it == specs_.end()) {
    // Name the nearest keys of the same family so a typo is easy to fix.
    const std::string family = key.substr(0, key.find('.'));
    std::vector<std::string> known;
    for (auto& [k, _] : specs_)
      if (k.rfind(family + ".", 0) == 0) known.push_back(k);
    throw InputError(fmt::format("{}: unknown key '{}'{}", where, key,
                                 known.empty() ? "" : " (known " + family + " keys: " + join(known, ", ") + ")"));
  }
  auto err = check(it->second, value);
  if (!err.empty()) throw InputError(fmt::format("{}: key '{}': {}", where, key, err));
  values_[key] = value;
  origins_[key] = where;
}

void ParamTable::require_power_of_two(std::initializer_list<const char*> keys, const std::string& valid) const {
  for (const char* key : keys)
    if (const int64_t v = i(key); v <= 0 || (v & (v - 1)))
      throw InputError(fmt::format("{}: key '{}': {} is not a power of two (valid: {})", origin(key), key, v, valid));
}

std::string ParamTable::origin(const std::string& key) const {
  if (auto it = origins_.find(key); it != origins_.end()) return it->second;
  const auto s = specs_.find(key);
  return s != specs_.end() && !s->second.where.empty() ? s->second.where : "default";
}

std::string ParamTable::origin(std::initializer_list<const char*> keys) const {
  for (const char* key : keys)
    if (auto it = origins_.find(key); it != origins_.end()) return it->second;
  return keys.size() ? origin(*keys.begin()) : "default";
}

const std::string& ParamTable::text(const std::string& key) const {
  auto it = values_.find(key);
  return it != values_.end() ? it->second : spec(key).def;
}

// Values were checked when set (and defaults when declared): read them with the same parser.
int64_t ParamTable::i(const std::string& key) const {
  double x = 0;
  if (!parse_number(text(key), x, true)) throw std::logic_error("parameter " + key + " is not an integer");
  return int64_t(x);
}
double ParamTable::r(const std::string& key) const {
  double x = 0;
  if (!parse_number(text(key), x, false)) throw std::logic_error("parameter " + key + " is not a number");
  return x;
}
const std::string& ParamTable::s(const std::string& key) const { return text(key); }

}  // namespace ws
