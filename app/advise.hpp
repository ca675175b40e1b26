#pragma once
// What `advise` tries and how it ranks (the command is app/advise_command):
// a board's levers (ParamSpec::lever, tuning choices its board file declares)
// give candidate values; each is run alone, then the best few together, and
// the changes are ranked by the gain on the scenario's headline column.
#include <string>
#include <utility>
#include <vector>
#include "models/sim/param.hpp"

namespace ws {

// One change to a configuration: keys and their new values (one, or a combination).
struct Change {
  std::vector<std::pair<std::string, std::string>> sets;  // key -> value
  std::string cost;                                       // what taking it costs ("-": nothing said)
};

// The values a lever tries from `current`: steps applied to it (x2, /2, +N,
// -N), values given, or "all" (every other choice); each valid for the key
// (an integer key rounds, a step out of range is dropped), none equal to
// `current`, in order, once each. `dropped` collects the steps left out, with why.
std::vector<std::string> lever_values(const ParamSpec& spec, const std::string& current,
                                      std::vector<std::string>* dropped = nullptr);

// How a change did: the headline's mean over the scenario's points, and the limit it met.
struct Outcome {
  Change change;
  bool ok = false;
  double score = 0;      // the headline column's mean over the points
  std::string limiting;  // what bounds it afterwards
  std::string error;     // when !ok: why it did not run
};

// The gain of `score` over `base` as a fraction: +0.25 is 25 % better (lower is
// better when !higher); from a base of 0, the difference in the column's unit.
double gain(double score, double base, bool higher);

// The combinations worth running: the best value of each of the `n` levers
// that gained most (each more than `min_gain` over `base`), the best two, then
// three, ... together; their costs joined.
std::vector<Change> combinations(const std::vector<Outcome>& singles, double base, bool higher, size_t n,
                                 double min_gain = 1e-3);

// Best first (a tie keeps the order they were tried); failures last.
std::vector<Outcome> ranked(std::vector<Outcome> outcomes, double base, bool higher);

}  // namespace ws
