#include "app/advise.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include "models/sim/text.hpp"

namespace ws {
namespace {

double to_number(const std::string& s) {
  double x = 0;
  std::from_chars(s.data(), s.data() + s.size(), x);
  return x;
}

// `current` moved by a step ("x2", "/2", "+4", "-1").
double stepped(double current, const std::string& step) {
  const double by = to_number(step.substr(1));
  switch (step[0]) {
    case 'x': return current * by;
    case '/': return current / by;
    case '+': return current + by;
    default: return current - by;
  }
}

std::string number_text(const ParamSpec& s, double v) {
  return s.kind == ParamSpec::Kind::Int ? fmt::format("{}", std::llround(v)) : fmt::format("{:.6g}", v);
}

bool valid(const ParamSpec& s, const std::string& v) { return ParamTable::check(s, v).empty(); }

}  // namespace

std::vector<std::string> lever_values(const ParamSpec& spec, const std::string& current, std::vector<std::string>* dropped) {
  std::vector<std::string> out;
  auto add = [&](const std::string& v) {
    if (v != current && std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  };
  for (const auto& t : spec.lever) {
    if (t == "all") {
      for (const auto& c : spec.choices) add(c);
    } else if (spec.kind != ParamSpec::Kind::Choice && lever_step(t)) {
      const std::string v = number_text(spec, stepped(to_number(current), t));
      if (!valid(spec, v)) {
        if (dropped) dropped->push_back(fmt::format("{} {}: {} is outside {}", spec.key, t, v, ParamTable::range_text(spec)));
      } else if (v == current) {
        if (dropped) dropped->push_back(fmt::format("{} {}: stays {}", spec.key, t, v));
      } else {
        add(v);
      }
    } else {
      add(t);
    }
  }
  return out;
}

double gain(double score, double base, bool higher) {
  // From a zero headline a fraction means nothing: the difference itself ranks.
  const double g = base == 0 ? score - base : (score - base) / std::fabs(base);
  return higher ? g : -g;
}

std::vector<Change> combinations(const std::vector<Outcome>& singles, double base, bool higher, size_t n,
                                 double min_gain) {
  std::map<std::string, const Outcome*> best;  // per lever, its best value
  for (const auto& o : singles) {
    if (!o.ok || o.change.sets.size() != 1 || gain(o.score, base, higher) <= min_gain) continue;
    const Outcome*& b = best[o.change.sets[0].first];
    if (!b || gain(o.score, base, higher) > gain(b->score, base, higher)) b = &o;
  }
  std::vector<const Outcome*> top;
  for (const auto& [key, o] : best) top.push_back(o);
  std::stable_sort(top.begin(), top.end(), [&](const Outcome* a, const Outcome* b) {
    return gain(a->score, base, higher) > gain(b->score, base, higher);
  });
  top.resize(std::min(top.size(), n));
  std::vector<Change> out;
  for (size_t k = 2; k <= top.size(); ++k) {
    Change c;
    std::vector<std::string> costs;
    for (size_t i = 0; i < k; ++i) {
      c.sets.push_back(top[i]->change.sets[0]);
      if (top[i]->change.cost != "-") costs.push_back(top[i]->change.cost);
    }
    c.cost = costs.empty() ? "-" : join(costs, "; ");
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Outcome> ranked(std::vector<Outcome> outcomes, double base, bool higher) {
  std::stable_sort(outcomes.begin(), outcomes.end(), [&](const Outcome& a, const Outcome& b) {
    if (a.ok != b.ok) return a.ok;
    return a.ok && gain(a.score, base, higher) > gain(b.score, base, higher);
  });
  return outcomes;
}

}  // namespace ws
