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
#include "app/scenario_points.hpp"
#include "app/sweep_cost.hpp"
#include "models/sim/scenario.hpp"
#include "models/sim/text.hpp"
#include "platforms/platform.hpp"

namespace ws {
namespace {

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

}  // namespace

int cmd_run(const RunArgs& a, bool validate_only) {
  const Scenario sc = load_scenario(a.scenario);
  ScenarioPoints sp = scenario_points(sc, a.sets, a.sweeps);
  const Platform& platform = *sp.platform;
  const ParamTable& base = sp.base;
  const auto& axes = sp.axes;
  const auto& tables = sp.tables;
  const auto& columns = sp.columns;
  const auto [shard_i, shard_n] = a.shard.empty() ? std::pair<size_t, size_t>{0, 1} : parse_shard(a.shard);
  if (validate_only) {
    std::cout << fmt::format("{}: valid ({} on {}, {} point{})\n", a.scenario, sc.workload, platform.name,
                             tables.size(), tables.size() == 1 ? "" : "s");
    return 0;
  }
  if (a.seed_given && !platform.seed_note.empty())
    std::cerr << "note: --seed on " << platform.name << ": " << platform.seed_note << "\n";
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
  require_consent_possible(points.size(), a.yes, sp.sizes);
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
