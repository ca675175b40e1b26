#include "app/run_command.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <iostream>
#include <utility>
#include "app/catalogue.hpp"
#include "app/option_values.hpp"
#include "app/output_paths.hpp"
#include "app/point_runner.hpp"
#include "app/run_folder.hpp"
#include "app/run_output.hpp"
#include "app/sweep_cost.hpp"
#include "models/sim/scenario.hpp"
#include "models/sim/text.hpp"
#include "platforms/platform.hpp"

namespace ws {
namespace {

const Platform& platform_of(const Scenario& sc) {
  const Platform& p = require_platform(sc.platform, sc.platform_where + ": key 'platform'");
  if (std::find(p.workloads.begin(), p.workloads.end(), sc.workload) == p.workloads.end())
    throw InputError(fmt::format("{}: key 'workload': '{}' does not run on {} (valid: {})", sc.workload_where,
                                 sc.workload, p.name, join(p.workloads, ", ")));
  return p;
}

// A sweep point's trace file, named after its values: out.json with
// dma.block_bytes=1024 and pcie.lanes=4 gives out.dma.block_bytes=1024.pcie.lanes=4.json.
std::string point_file(const std::string& path, const std::vector<std::pair<std::string, std::vector<Override>>>& axes,
                       const ParamTable& t) {
  std::string stem = path, ext = ".json";
  if (stem.size() > 5 && stem.substr(stem.size() - 5) == ".json") stem.resize(stem.size() - 5);
  for (auto& [key, values] : axes) {
    std::string v = t.text(key);
    for (char& c : v)
      if (c == '/' || c == ' ') c = '_';
    stem += "." + key + "=" + v;
  }
  return stem + ext;
}

// The sweep axes in order: scenario sweeps, then --sweep (which replaces a scenario axis of the same key).
std::vector<std::pair<std::string, std::vector<Override>>> sweep_axes(const Scenario& sc, const RunArgs& a) {
  auto axes = sc.sweeps;
  std::vector<std::string> given;
  for (const auto& s : a.sweeps) {
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

// The most points one `run` takes (documented in docs/scenarios.md and README).
constexpr size_t kMaxPoints = 10000;

}  // namespace

int cmd_run(const RunArgs& a, bool validate_only) {
  const Scenario sc = load_scenario(a.scenario);
  const Platform& platform = platform_of(sc);
  ParamTable base;
  platform.declare(base);
  // A platform with several workloads reads which one from its "workload" key.
  if (base.specs().count("workload")) base.set("workload", sc.workload, sc.workload_where);
  apply(sc, base);
  std::vector<std::string> columns;  // every set or swept key, in first-seen order
  auto note = [&](const std::string& k) {
    if (std::find(columns.begin(), columns.end(), k) == columns.end()) columns.push_back(k);
  };
  for (auto& o : sc.params) note(o.key);
  for (const auto& s : a.sets) {
    auto [k, v] = split_kv(s, "--set");
    base.set(k, v, "--set");
    note(k);
  }
  // --set on a key the scenario sweeps fixes it: the axis goes (a point of the
  // scenario's study picked out); on a key --sweep lists it is given twice.
  auto axes = sweep_axes(sc, a);
  for (const auto& ax : axes)
    if (base.origin(ax.first) == "--set" && ax.second.front().where == "--sweep")
      throw InputError(fmt::format("--set {}: the key is also swept by --sweep; give it in one place", ax.first));
  std::erase_if(axes, [&](const auto& ax) { return base.origin(ax.first) == "--set"; });
  for (auto& ax : axes) note(ax.first);

  // Cartesian product of the axes, the last axis varying fastest; refused above
  // kMaxPoints before anything is built (split larger studies into several runs).
  size_t total = 1;
  std::string sizes;
  for (const auto& [key, values] : axes) {
    sizes += fmt::format("{}{} x{}", sizes.empty() ? "" : ", ", key, values.size());
    total = total > kMaxPoints / values.size() ? kMaxPoints + 1 : total * values.size();
  }
  if (total > kMaxPoints)
    throw InputError(fmt::format("sweep: {} makes more than {} points; sweep fewer values or split the study into "
                                 "several runs", sizes, kMaxPoints));
  std::vector<ParamTable> tables{base};
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
  const auto [shard_i, shard_n] = a.shard.empty() ? std::pair<size_t, size_t>{0, 1} : parse_shard(a.shard);
  for (size_t i = 0; i < tables.size(); ++i) {
    try {
      platform.check(tables[i]);
    } catch (const InputError& e) {
      std::string at;
      for (auto& ax : axes) at += fmt::format(" {}={}", ax.first, tables[i].text(ax.first));
      throw InputError(axes.empty() ? std::string(e.what()) : fmt::format("point {} ({}): {}", i, at.substr(1), e.what()));
    }
  }
  if (validate_only) {
    std::cout << fmt::format("{}: valid ({} on {}, {} point{})\n", a.scenario, sc.workload, platform.name,
                             tables.size(), tables.size() == 1 ? "" : "s");
    return 0;
  }
  if (!a.pcap.empty() && !platform.ethernet_ports)
    std::cerr << "note: --pcap: platform " << platform.name << " has no Ethernet ports\n";
  std::vector<Point> points;
  std::vector<size_t> index;
  for (size_t i = 0; i < tables.size(); ++i) {
    if (i % shard_n != shard_i) continue;
    Point p{&platform, tables[i], {}};
    p.options.seed = a.seed_given ? a.seed : sc.seed.value_or(1);
    if (!a.trace.empty()) p.options.trace_path = tables.size() == 1 ? a.trace : point_file(a.trace, axes, tables[i]);
    if (!a.pcap.empty() && platform.ethernet_ports)
      p.options.pcap_dir = tables.size() == 1 ? a.pcap : fmt::format("{}/point{}", a.pcap, i);
    points.push_back(std::move(p));
    index.push_back(i);
  }
  require_consent_possible(points.size(), a.yes, sizes);
  check_distinct(a.out, a.trace, a.pcap);
  RunDescription d{a.command_line, a.scenario, &platform, sc.workload, a.seed_given ? a.seed : sc.seed.value_or(1),
                   &base, {}, 0, a.shard, tables.size()};
  for (auto& [key, values] : axes) {
    d.axes.push_back({key, {}});
    for (auto& v : values) d.axes.back().second.emplace_back(v.value, v.where);
  }
  const std::string shard = a.shard.empty() ? "0/1" : a.shard;
  if (!a.out.empty()) check_run_folder(a.out, run_config(d), shard, a.replace);
  check_writable(a.trace, "--trace");  // per-point traces go beside it
  if (!a.pcap.empty() && platform.ethernet_ports) check_writable_dir(a.pcap, "--pcap");

  TraceWriter::set_default_cap(a.trace_cap);  // the points' processes inherit it
  const auto began = std::chrono::steady_clock::now();
  // A large sweep's first -j points are timed before the rest is asked for.
  const size_t timed = points.size() > kAskAbovePoints ? std::min<size_t>(a.jobs, points.size()) : 0;
  const auto first = run_points({points.begin(), points.begin() + long(timed)}, a.jobs);
  confirm_sweep(points.size(), timed,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count(), a.jobs, a.yes);
  SweepProgress progress(points.size(), timed);
  if (!a.out.empty()) prepare_run_folder(a.out, run_config(d), shard, a.replace);
  std::vector<std::string> swept;
  for (auto& ax : axes) swept.push_back(ax.first);
  RunOutput output(a.format, a.out, columns, swept, points, index,
                   [&](const std::string& c) { return column_unit(platform, base, c); });
  for (size_t i = 0; i < timed; ++i) output.finished(i, first[i]);
  const auto rest = run_points({points.begin() + long(timed), points.end()}, a.jobs,
                               [&](size_t done, size_t, size_t i, const PointOutcome& o) {
                                 progress.point_done(timed + done);
                                 output.finished(timed + i, o);
                               });
  const int rc = output.close();
  if (!a.out.empty()) {
    d.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    write_run_folder(a.out, d, output.table(), points, index, output.outcomes());
  }
  return rc;
}

}  // namespace ws
