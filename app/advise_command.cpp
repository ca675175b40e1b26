#include "app/advise_command.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include "app/advise.hpp"
#include "app/catalogue.hpp"
#include "app/output.hpp"
#include "app/point_runner.hpp"
#include "app/scenario_points.hpp"
#include "models/sim/scenario.hpp"
#include "models/sim/text.hpp"
#include "platforms/common/data_root.hpp"

namespace ws {
namespace {

// As --set takes it, so a change can be tried at once.
std::string change_text(const Change& c) {
  if (c.sets.empty()) return "(as configured)";
  std::vector<std::string> parts;
  for (const auto& [k, v] : c.sets) parts.push_back(k + "=" + v);
  return join(parts, " ");
}

// Runs every change at every point; `outcomes` in the order of `changes`.
std::vector<Outcome> run_changes(const ScenarioPoints& sp, const std::vector<Change>& changes, const std::string& metric,
                                 uint64_t seed, unsigned jobs, size_t& done, size_t total) {
  std::vector<Point> points;
  std::vector<Outcome> out(changes.size());
  std::vector<size_t> owner;  // per point, its change
  for (size_t c = 0; c < changes.size(); ++c) {
    out[c].change = changes[c];
    std::vector<ParamTable> tables = sp.tables;
    try {
      for (auto& t : tables) {
        for (const auto& [k, v] : changes[c].sets) t.set(k, v, "advise");
        sp.platform->check(t);
      }
    } catch (const InputError& e) {
      out[c].error = fmt::format("not valid here: {}", e.what());
      continue;
    }
    for (auto& t : tables) {
      Point p{sp.platform, std::move(t), {}};
      p.options.seed = seed;
      points.push_back(std::move(p));
      owner.push_back(c);
    }
  }
  const size_t before = done;
  const auto results = run_points(points, jobs, [&](size_t d, size_t, size_t, const PointOutcome&) {
    done = before + d;
    show_progress(done, total, "runs");
  });
  std::vector<std::map<std::string, size_t>> limits(changes.size());
  std::vector<size_t> counted(changes.size());
  for (size_t i = 0; i < results.size(); ++i) {
    Outcome& o = out[owner[i]];
    const PointOutcome& r = results[i];
    if (!r.ok) {
      o.error = o.error.empty() ? r.error : o.error;
      continue;
    }
    for (const auto& [k, v] : r.result.metrics)
      if (k == metric) o.score += v;
    ++limits[owner[i]][r.result.limit()];
    ++counted[owner[i]];
  }
  for (size_t c = 0; c < changes.size(); ++c) {
    Outcome& o = out[c];
    o.ok = o.error.empty() && counted[c] == sp.tables.size();
    if (!o.ok) continue;
    o.score /= double(counted[c]);
    // The limit most points meet, and how many do when they differ.
    const auto most = std::max_element(limits[c].begin(), limits[c].end(),
                                       [](const auto& x, const auto& y) { return x.second < y.second; });
    o.limiting = limits[c].size() == 1 ? most->first
                                       : fmt::format("{} ({} of {} points)", most->first, most->second, counted[c]);
  }
  return out;
}

}  // namespace

int cmd_advise(const AdviseArgs& given) {
  AdviseArgs a = given;
  // A platform's name stands for its default scenario.
  if (!std::filesystem::exists(a.scenario) && a.scenario.find('/') == std::string::npos &&
      !a.scenario.ends_with(".yaml")) {
    const Platform& p = require_platform(a.scenario, "advise");
    if (p.scenario.empty()) throw InputError(fmt::format("advise: {} has no default scenario: give a scenario file", p.name));
    a.scenario = data_path(p.scenario);
  }
  const Scenario sc = load_scenario(a.scenario);
  const ScenarioPoints sp = scenario_points(sc, a.sets, {});
  const Platform& platform = *sp.platform;
  const Column* metric = nullptr;
  for (const auto& c : platform.columns)
    if (a.metric.empty() ? &c == &platform.columns.front() : c.name == a.metric) metric = &c;
  if (!metric) {
    std::vector<std::string> names;
    for (const auto& c : platform.columns) names.push_back(c.name);
    throw InputError(fmt::format("--metric: '{}' is not a result column of {} (valid: {})", a.metric, platform.name,
                                 join(names, ", ")));
  }
  // The changes to try: each lever's values, but not a key the scenario sweeps.
  std::vector<Change> singles;
  std::vector<std::string> dropped, swept;
  for (const auto& [key, values] : sp.axes) swept.push_back(key);
  for (const auto& [key, spec] : sp.base.specs()) {
    if (spec.lever.empty()) continue;
    if (std::find(swept.begin(), swept.end(), key) != swept.end()) continue;
    for (const auto& v : lever_values(spec, sp.tables.front().text(key), &dropped))
      singles.push_back({{{key, v}}, spec.lever_cost.empty() ? "-" : spec.lever_cost});
  }
  if (singles.empty())
    throw InputError(fmt::format("{}: {} declares no lever (a board file's lever: entries; docs/advise.md)", a.scenario,
                                 platform.name));
  const size_t n = sp.tables.size();
  const size_t planned = n * (1 + singles.size() + (a.combine > 1 ? a.combine - 1 : 0));
  if (planned > a.budget)
    throw InputError(fmt::format("advise {}: {} point{} x ({} changes + the configuration as given + up to {} "
                                 "combinations) is {} runs, over --budget {} ({}--set a swept key)",
                                 a.scenario, n, n == 1 ? "" : "s", singles.size(), a.combine > 1 ? a.combine - 1 : 0,
                                 planned, a.budget,
                                 planned <= kMaxBudget ? fmt::format("give --budget {}, or ", planned) : ""));

  size_t done = 0;
  std::vector<Change> first = {Change{{}, "-"}};
  first.insert(first.end(), singles.begin(), singles.end());
  std::vector<Outcome> outcomes = run_changes(sp, first, metric->name, sc.seed.value_or(1), a.jobs, done, planned);
  const Outcome base = outcomes.front();
  if (!base.ok) {
    std::cerr << fmt::format("error: the configuration as given did not run: {}\n", base.error);
    return 1;
  }
  outcomes.erase(outcomes.begin());
  const auto combos = combinations(outcomes, base.score, !a.lower, a.combine);
  const auto more = run_changes(sp, combos, metric->name, sc.seed.value_or(1), a.jobs, done, done + combos.size() * n);
  outcomes.insert(outcomes.end(), more.begin(), more.end());
  show_progress(done, done, "runs");  // the progress line ends, whatever the plan counted
  const size_t combined = combos.empty() ? 0 : combos.back().sets.size();

  Table t;
  t.columns = {"rank", "change", metric->name, "gain", "cost", "limiting"};
  t.units = {"-", "-", metric->unit, "%", "-", "-"};
  t.rows.push_back({"-", change_text(base.change), plain_number(base.score), "-", "-", base.limiting});
  size_t rank = 0;
  for (const auto& o : ranked(outcomes, base.score, !a.lower)) {
    if (!o.ok) {
      dropped.push_back(fmt::format("{}: {}", change_text(o.change), o.error));
      continue;
    }
    const double g = gain(o.score, base.score, !a.lower);
    t.rows.push_back({std::to_string(++rank), change_text(o.change), plain_number(o.score),
                      base.score == 0 ? "-" : fmt::format("{:+.1f}", 100 * g), o.change.cost, o.limiting});
  }
  t.width = table_width(), t.keep = 2;
  std::cout << render(t, a.format);
  if (a.format == "table") {
    std::cout << fmt::format(
        "\n{} on {}: {} over {} point{} (the mean), {} is better; gain is against the configuration as given.\n"
        "Levers are the board file's lever: entries (wirespeed params {} shows them); each change ran alone{}. "
        "{} simulation runs.\n",
        a.scenario, platform.name, metric->name, n, n == 1 ? "" : "s", a.lower ? "lower" : "higher", platform.name,
        combined >= 2 ? fmt::format(", then the best value of the {} that gained most together", combined)
        : a.combine < 2 ? std::string(" (--combine 1: none combined)")
                        : std::string(" (fewer than two levers gained: none combined)"),
        done);
    if (base.score == 0)
      std::cout << "The configuration as given scores 0: no gain in %; the changes rank by their " << metric->name
                << " itself.\n";
    if (!swept.empty()) std::cout << "Not tried (the scenario sweeps them): " << join(swept, ", ") << "\n";
    for (const auto& d : dropped) std::cout << wrap("Left out: " + d, table_width(), "  ") << "\n";
  }
  return 0;
}

}  // namespace ws
