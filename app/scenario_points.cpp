#include "app/scenario_points.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <filesystem>
#include "app/catalogue.hpp"
#include "app/option_values.hpp"
#include "models/sim/text.hpp"

namespace ws {
namespace {

const Platform& platform_of(const Scenario& sc) {
  // A board file given as the platform is found beside the scenario.
  namespace fs = std::filesystem;
  const bool file = sc.platform.ends_with(".yaml") && fs::path(sc.platform).is_relative();
  const std::string name = file ? (fs::path(sc.path).parent_path() / sc.platform).string() : sc.platform;
  const Platform& p = require_platform(name, sc.platform_where + ": key 'platform'");
  if (std::find(p.workloads.begin(), p.workloads.end(), sc.workload) == p.workloads.end())
    throw InputError(fmt::format("{}: key 'workload': '{}' does not run on {} (valid: {})", sc.workload_where,
                                 sc.workload, p.name, join(p.workloads, ", ")));
  return p;
}

// The sweep axes in order: scenario sweeps, then --sweep (which replaces a scenario axis of the same key).
std::vector<std::pair<std::string, std::vector<Override>>> sweep_axes(const Scenario& sc,
                                                                   const std::vector<std::string>& sweeps) {
  auto axes = sc.sweeps;
  std::vector<std::string> given;
  for (const auto& s : sweeps) {
    auto [key, list] = split_kv(s, "--sweep");
    std::vector<Override> values;
    size_t start = 0;
    while (start <= list.size()) {
      const auto comma = list.find(',', start);
      const auto v = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (v.empty()) throw InputError(fmt::format("--sweep {}: empty value in '{}'", key, list));
      if (std::any_of(values.begin(), values.end(), [&](const Override& o) { return same_value(o.value, v); }))
        throw InputError(fmt::format("--sweep {}: value '{}' is listed twice", key, v));
      values.push_back({key, v, "--sweep"});
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    if (std::count(given.begin(), given.end(), key))
      throw InputError(fmt::format("--sweep {}: given twice; list all its values in one --sweep", key));
    given.push_back(key);
    auto it = std::find_if(axes.begin(), axes.end(), [&](auto& ax) { return ax.first == key; });
    if (it != axes.end())
      it->second = values;
    else
      axes.emplace_back(key, values);
  }
  return axes;
}

}  // namespace

ScenarioPoints scenario_points(const Scenario& sc, const std::vector<std::string>& sets,
                               const std::vector<std::string>& sweeps) {
  ScenarioPoints sp;
  const Platform& platform = platform_of(sc);
  sp.platform = &platform;
  ParamTable& base = sp.base;
  platform.declare(base);
  base.set("workload", sc.workload, sc.workload_where);  // every board's key (board_file.cpp)
  apply(sc, base);
  std::vector<std::string>& columns = sp.columns;
  auto note = [&](const std::string& k) {
    if (std::find(columns.begin(), columns.end(), k) == columns.end()) columns.push_back(k);
  };
  for (auto& o : sc.params) note(o.key);
  for (const auto& s : sets) {
    auto [k, v] = split_kv(s, "--set");
    base.set(k, v, "--set");
    note(k);
  }
  // --set on a key the scenario sweeps fixes it: the axis goes (a point of the
  // scenario's study picked out); on a key --sweep lists it is given twice.
  auto& axes = sp.axes;
  axes = sweep_axes(sc, sweeps);
  for (const auto& ax : axes)
    if (base.origin(ax.first) == "--set" && ax.second.front().where == "--sweep")
      throw InputError(fmt::format("--set {}: the key is also swept by --sweep; give it in one place", ax.first));
  std::erase_if(axes, [&](const auto& ax) { return base.origin(ax.first) == "--set"; });
  for (auto& ax : axes) note(ax.first);

  // Cartesian product of the axes, the last axis varying fastest; refused above
  // kMaxPoints before anything is built (split larger studies into several runs).
  size_t total = 1;
  std::string& sizes = sp.sizes;
  for (const auto& [key, values] : axes) {
    sizes += fmt::format("{}{} x{}", sizes.empty() ? "" : ", ", key, values.size());
    total = total > kMaxPoints / values.size() ? kMaxPoints + 1 : total * values.size();
  }
  if (total > kMaxPoints)
    throw InputError(fmt::format("sweep: {} makes more than {} points; sweep fewer values or split the study into "
                                 "several runs", sizes, kMaxPoints));
  auto& tables = sp.tables;
  tables = {base};
  for (const auto& [key, values] : axes) {
    std::vector<ParamTable> next;
    for (const auto& t : tables)
      for (const auto& v : values) {
        ParamTable u = t;
        u.set(key, v.value, v.where);
        next.push_back(std::move(u));
      }
    tables = std::move(next);
  }
  for (size_t i = 0; i < tables.size(); ++i) {
    try {
      platform.check(tables[i]);
    } catch (const InputError& e) {
      std::string at;
      for (auto& ax : axes) at += fmt::format(" {}={}", ax.first, tables[i].text(ax.first));
      throw InputError(axes.empty() ? std::string(e.what()) : fmt::format("point {} ({}): {}", i, at.substr(1), e.what()));
    }
  }
  return sp;
}

}  // namespace ws
