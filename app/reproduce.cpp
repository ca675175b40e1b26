#include "app/reproduce.hpp"

#include <cmath>

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include "app/point_runner.hpp"
#include "models/sim/param.hpp"
#include "platforms/platform.hpp"

namespace ws {

const std::vector<ReferenceSet>& reference_sets() {
  static const std::vector<ReferenceSet> sets = [] {
    std::vector<ReferenceSet> v;
    for (const auto& p : platforms())  // a variant without measurements has no table
      if (!p.reference.name.empty()) v.push_back({p.reference.name, p.name, p.reference.file, p.reference.metric});
    return v;
  }();
  return sets;
}

const ReferenceSet& reference_set(const std::string& name) {
  for (auto& s : reference_sets())
    if (s.name == name) return s;
  throw std::logic_error("no reference set '" + name + "'");
}

bool ReproducedRow::holds() const {
  // 0 is "never" (a line-rate size not reached), which is not below anything.
  if (ref.relation == "below") return simulated > 0 && simulated < *ref.measured;
  if (ref.relation == "at_least") return simulated >= *ref.measured;
  if (ref.relation == "about") return std::fabs(error_pct()) <= 25;  // a figure the study rounds ("about 6")
  return true;
}

static std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  std::string f;
  while (std::getline(ss, f, ',')) out.push_back(f);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

std::vector<ReferenceRow> load_reference(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(fmt::format("{}: cannot read reference table", path));
  std::vector<std::string> header;
  std::vector<ReferenceRow> rows;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    auto f = split_csv(line);
    if (header.empty()) {
      header = f;
      continue;
    }
    if (f.size() != header.size())
      throw InputError(fmt::format("{}:{}: {} fields, the header has {}", path, n, f.size(), header.size()));
    ReferenceRow r;
    for (size_t i = 0; i < f.size(); ++i) {
      const auto& h = header[i];
      if (h == "table") r.table = f[i];
      else if (h == "label") r.label = f[i];
      else if (h == "kind") r.kind = f[i];
      else if (h == "metric") r.metric = f[i];
      else if (h == "relation") r.relation = f[i];
      else if (h == "note") r.note = f[i];
      else if (h == "scored") {
        if (f[i].empty()) continue;
        const auto [end, ec] = std::from_chars(f[i].data(), f[i].data() + f[i].size(), r.scored_round);
        if (ec != std::errc() || end != f[i].data() + f[i].size() || r.scored_round < 1)
          throw InputError(fmt::format("{}:{}: key 'scored': '{}' is not a round number (1, 2, ...)", path, n, f[i]));
      }
      else if (h == "measured" || h == "measured_gbps" || h == "predicted") {
        if (f[i].empty()) continue;
        double v = 0;
        const auto [end, ec] = std::from_chars(f[i].data(), f[i].data() + f[i].size(), v);
        if (ec != std::errc() || end != f[i].data() + f[i].size())
          throw InputError(fmt::format("{}:{}: key '{}': '{}' is not a number", path, n, h, f[i]));
        (h == "predicted" ? r.predicted : r.measured) = v;
      } else r.knobs.emplace_back(h, f[i]);
    }
    if (r.kind != "calibration" && r.kind != "withheld" && r.kind != "excluded")
      throw InputError(fmt::format("{}:{}: key 'kind': '{}' is not calibration|withheld|excluded", path, n, r.kind));
    if (bool(r.predicted) != (r.scored_round > 0))
      throw InputError(fmt::format("{}:{}: keys 'predicted' and 'scored': a scored row has both, others neither", path, n));
    if (r.kind == "excluded" && r.note.empty())
      throw InputError(fmt::format("{}:{}: key 'note': an excluded row must say why", path, n));
    if (r.relation != "approx" && r.relation != "about" && r.relation != "below" && r.relation != "at_least")
      throw InputError(fmt::format("{}:{}: key 'relation': '{}' is not approx|about|below|at_least", path, n, r.relation));
    if (r.kind == "calibration" && !r.measured)
      throw InputError(fmt::format("{}:{}: calibration row without a measured figure", path, n));
    rows.push_back(std::move(r));
  }
  return rows;
}

std::vector<ReproducedRow> reproduce(const ReferenceSet& set, unsigned jobs, uint64_t seed,
                                     const std::vector<std::pair<std::string, std::string>>& overrides,
                                     const std::string& kind, const Progress& progress) {
  const std::string file = data_path(set.file);
  auto rows = load_reference(file);
  if (!kind.empty()) std::erase_if(rows, [&](const ReferenceRow& r) { return r.kind != kind; });
  const Platform* platform = find_platform(set.platform);
  std::vector<Point> points;
  for (const auto& r : rows) {
    Point p;
    p.platform = platform;
    platform->declare(p.params);
    for (auto& [k, v] : overrides) {
      if (std::any_of(r.knobs.begin(), r.knobs.end(), [&](auto& kv) { return kv.first == k; }))
        throw InputError(fmt::format("--set {}: every reference row sets this key itself", k));
      p.params.set(k, v, "--set");
    }
    for (auto& [k, v] : r.knobs) p.params.set(k, v, file + " (" + r.label + ")");
    platform->check(p.params);
    p.options.seed = seed;
    points.push_back(std::move(p));
  }
  const auto outcomes = run_points(points, jobs, progress);
  std::vector<ReproducedRow> out;
  for (size_t i = 0; i < rows.size(); ++i) {
    ReproducedRow r{rows[i], 0, {}, outcomes[i].error, outcomes[i].exit_code};
    const std::string& metric = rows[i].metric.empty() ? set.metric : rows[i].metric;
    for (auto& [k, v] : outcomes[i].result.metrics)
      if (k == metric) r.simulated = v;
    if (const std::string lim = outcomes[i].result.limit(); lim != "-") r.limiting = lim;
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace ws
