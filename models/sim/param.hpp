#pragma once
// Declared model parameters: every knob has a unit, a default, a valid range, a
// meaning and a source (datasheet fact or the calibration rows that fitted it).
// Values arrive as text from scenario files or --set and are checked here.
#include <cstdint>
#include <map>
#include <stdexcept>
#include <initializer_list>
#include <string>
#include <vector>

namespace ws {

// Bad user input (scenario file, CLI): reported with where it came from; exit code 2.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ParamSpec {
  enum class Kind { Int, Real, Choice };
  std::string key;       // dotted, e.g. "pcie.lanes"
  Kind kind = Kind::Real;
  std::string unit;      // "B", "ns", "cycles", "lanes", "-" ...
  std::string def;       // default, as text
  double min = 0, max = 0;              // Int/Real range (inclusive)
  std::vector<std::string> choices;     // Choice values, or allowed Int values when non-empty
  std::string meaning;
  std::string source;
  // A model's key that a board may leave out: without a default it is dropped
  // (complete()) and the model keeps its Config's own value.
  bool optional = false;
  // The board file line that gave the default ("…/p2020.yaml:9"); empty: C++.
  std::string where;
  // A tuning choice `advise` tries (docs/advise.md), not a fact of the
  // silicon: each candidate a step from the current value ("x2", "/2", "+1",
  // "-1"), a value, or "all" (every other choice or allowed value). Empty: not
  // a lever. `lever_cost` says what taking it costs (memory, a core, power).
  std::vector<std::string> lever;
  std::string lever_cost;
};

// Declaration helpers: a choice among words, or a number of `kind` in [min, max].
ParamSpec choice(std::string key, std::string def, std::vector<std::string> values, std::string unit,
                 std::string meaning, std::string source);
ParamSpec number(std::string key, ParamSpec::Kind kind, std::string def, double min, double max, std::string unit,
                 std::string meaning, std::string source);

// A model's own parameters are declared by the model (key, kind, unit, range,
// meaning) without a default; the platform that uses the model gives each its
// default and the source of that default (set_default). A platform's own
// knobs (study configuration, test control) are declared whole with declare().
// For models: the same without default and source (the platform gives them).
ParamSpec model_choice(std::string key, std::vector<std::string> values, std::string unit, std::string meaning);
ParamSpec model_number(std::string key, ParamSpec::Kind kind, double min, double max, std::string unit,
                       std::string meaning);

// A lever's step from the current value: x2, /2, +4, -1 (an operator and a positive number).
bool lever_step(const std::string& t);

class ParamTable {
 public:
  void declare(ParamSpec spec);
  // For models: `spec` without default and source (both empty).
  void declare_model(ParamSpec spec);
  // For platforms: the default of a model-declared key and where it comes from.
  void set_default(const std::string& key, std::string def, std::string source);
  // The same from a board file: a value outside the key's range is an
  // InputError naming `where` ("board.yaml:12"), the key and the valid range.
  void set_default(const std::string& key, std::string def, std::string source, const std::string& where);
  // A board's own words for a model's key: its unit, meaning or range, where given (non-empty, max > min).
  // The range may narrow the model's, never widen it: an InputError naming `where`.
  void refine(const std::string& key, const std::string& unit, const std::string& meaning, double min, double max,
              const std::string& where);
  // Makes `key` a lever (ParamSpec::lever); a candidate that is no step and no
  // valid value is an InputError naming `where`.
  void set_lever(const std::string& key, std::vector<std::string> tries, std::string cost, const std::string& where);
  // Throws std::logic_error naming every declared key still without a default.
  void check_complete() const;
  // Drops the optional keys left without a default, then check_complete().
  void complete();
  const ParamSpec& spec(const std::string& key) const;
  // Sets a value from text; `where` names its origin ("file.yaml:12", "--set").
  void set(const std::string& key, const std::string& value, const std::string& where);
  // Where a key's value came from ("file.yaml:12", "--set"), else where its
  // default came from (a board file's line), else "default".
  std::string origin(const std::string& key) const;
  // Whether the scenario or --set gave the key (not its default).
  bool given(const std::string& key) const { return origins_.count(key) > 0; }
  // Where the first of `keys` the user set was set (when none was, the first
  // key's origin()): a check on several keys names the one the user gave.
  std::string origin(std::initializer_list<const char*> keys) const;
  // Throws InputError naming the file, line and key of the first of `keys`
  // whose integer value is not a power of two, with `valid` as the valid range.
  void require_power_of_two(std::initializer_list<const char*> keys, const std::string& valid) const;

  int64_t i(const std::string& key) const;
  double r(const std::string& key) const;
  const std::string& s(const std::string& key) const;
  const std::string& text(const std::string& key) const;

  const std::map<std::string, ParamSpec>& specs() const { return specs_; }
  // The valid range of a key in words, for error messages and `params`.
  static std::string range_text(const ParamSpec& p);
  // Why `value` is not valid for `p` (kind, range, choices), or empty when it is.
  static std::string check(const ParamSpec& p, const std::string& value);

 private:
  std::map<std::string, ParamSpec> specs_;
  std::map<std::string, std::string> values_;
  std::map<std::string, std::string> origins_;
};

}  // namespace ws
