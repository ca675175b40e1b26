#pragma once
// A model's parameters in one table: each entry is a key (below a prefix), its
// kind, unit, range and meaning, and where its value goes in the model's
// Config. The same table declares the keys (declare) and builds the Config
// from a parameter table (build), so a key is typed once and no platform reads
// a model's key back by its name. The defaults and their sources are the
// board's (its board file).
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include "models/sim/param.hpp"

namespace ws {

template <class Config>
class Bindings {
 public:
  using K = ParamSpec::Kind;
  // Puts the value of `key` into the Config (a member, or fields derived from it).
  using Setter = std::function<void(Config&, const ParamTable&, const std::string& key)>;

  // A number read into `member` (integer or floating point, by its type).
  template <class T>
  Bindings& number(const char* suffix, T Config::*member, K kind, double min, double max, const char* unit,
                   const char* meaning) {
    return add(model_number(suffix, kind, min, max, unit, meaning), [member](Config& c, const ParamTable& p,
                                                                             const std::string& key) {
      if constexpr (std::is_integral_v<T>) c.*member = T(p.i(key));
      else c.*member = T(p.r(key));
    });
  }
  // A choice of words into a bool: true for `yes` ("on").
  Bindings& flag(const char* suffix, bool Config::*member, std::vector<std::string> values, std::string yes,
                 const char* meaning) {
    return add(model_choice(suffix, std::move(values), "-", meaning),
               [member, yes](Config& c, const ParamTable& p, const std::string& key) { c.*member = p.s(key) == yes; });
  }
  // Any key whose value is not one member's (KB to bytes, a word to an enum).
  Bindings& derived(ParamSpec spec, Setter set) { return add(std::move(spec), std::move(set)); }
  // The last entry added may be left out by a board (its Config value stays).
  Bindings& optional() {
    entries_.back().spec.optional = true;
    return *this;
  }

  // Declares every entry as "<prefix>.<suffix>".
  void declare(ParamTable& t, const std::string& prefix) const {
    for (const auto& e : entries_) {
      ParamSpec s = e.spec;
      s.key = prefix + "." + s.key;
      t.declare_model(std::move(s));
    }
  }
  // `base` with every declared entry's value (an optional key a board left out is not declared: skipped).
  Config build(const ParamTable& p, const std::string& prefix, Config base = {}) const {
    for (const auto& e : entries_) {
      const std::string key = prefix + "." + e.spec.key;
      if (e.spec.optional && !p.specs().count(key)) continue;
      e.set(base, p, key);
    }
    return base;
  }

 private:
  struct Entry {
    ParamSpec spec;  // key: the suffix
    Setter set;
  };
  Bindings& add(ParamSpec spec, Setter set) {
    entries_.push_back({std::move(spec), std::move(set)});
    return *this;
  }
  std::vector<Entry> entries_;
};

}  // namespace ws
