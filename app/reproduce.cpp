#include "app/reproduce.hpp"

#include <cmath>

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <fstream>
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
  if (!ref.measured) return true;
  if (ref.tolerance && !ref.tolerance_pct) return std::fabs(simulated - *ref.measured) <= *ref.tolerance;
  // A figure the study rounds ("about 6") holds within 25 % unless the row says.
  return std::fabs(error_pct()) <= ref.tolerance.value_or(ref.relation == "about" ? 25 : 5);
}

// One line of RFC 4180 CSV: a field in double quotes may hold commas, and "" is a quote.
static std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c != '"') out.back() += c;
      else if (i + 1 < line.size() && line[i + 1] == '"') out.back() += '"', ++i;
      else quoted = false;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
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
      else if (h == "status") r.status = f[i];
      else if (h == "relative_to") r.relative_to = f[i];
      else if (h == "tolerance") {
        if (f[i].empty()) continue;
        std::string t = f[i];
        r.tolerance_pct = !t.empty() && t.back() == '%';
        if (r.tolerance_pct) t.pop_back();
        double v = -1;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (ec != std::errc() || end != t.data() + t.size() || v < 0)
          throw InputError(fmt::format("{}:{}: key 'tolerance': '{}' is not a tolerance (a number >= 0 in the "
                                       "metric's unit, or a percentage such as 5%)", path, n, f[i]));
        r.tolerance = v;
      }
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
    if (r.kind != "calibration" && r.kind != "withheld" && r.kind != "excluded" && r.kind != "context")
      throw InputError(
          fmt::format("{}:{}: key 'kind': '{}' is not calibration|withheld|excluded|context", path, n, r.kind));
    if (r.kind == "context" && r.measured)
      throw InputError(fmt::format("{}:{}: a context row is the model's figure alone: no measured figure", path, n));
    if (bool(r.predicted) != (r.scored_round > 0))
      throw InputError(fmt::format("{}:{}: keys 'predicted' and 'scored': a scored row has both, others neither", path, n));
    if (r.kind == "excluded" && r.note.empty())
      throw InputError(fmt::format("{}:{}: key 'note': an excluded row must say why", path, n));
    if (r.relation != "approx" && r.relation != "about" && r.relation != "below" && r.relation != "at_least")
      throw InputError(fmt::format("{}:{}: key 'relation': '{}' is not approx|about|below|at_least", path, n, r.relation));
    if (r.status != "" && r.status != "miss" && r.status != "fitted")
      throw InputError(fmt::format("{}:{}: key 'status': '{}' is not empty|miss|fitted", path, n, r.status));
    if (r.miss() && (r.kind != "calibration" || r.note.empty()))
      throw InputError(fmt::format("{}:{}: key 'status': a miss is a calibration row whose note gives the arithmetic", path, n));
    if (r.kind == "calibration" && !r.measured)
      throw InputError(fmt::format("{}:{}: calibration row without a measured figure", path, n));
    rows.push_back(std::move(r));
  }
  for (const auto& r : rows)
    if (!r.relative_to.empty() &&
        std::none_of(rows.begin(), rows.end(), [&](const ReferenceRow& b) { return b.label == r.relative_to && b.relative_to.empty(); }))
      throw InputError(fmt::format("{}: row '{}': key 'relative_to': no row '{}' (a row of its own, not a gain)", path,
                                   r.label, r.relative_to));
  return rows;
}

std::vector<ReproducedRow> reproduce(const ReferenceSet& set, unsigned jobs, uint64_t seed,
                                     const std::vector<std::pair<std::string, std::string>>& overrides,
                                     const std::string& kind, const Progress& progress) {
  const std::string file = data_path(set.file);
  const auto all = load_reference(file);
  auto rows = all;
  if (!kind.empty()) std::erase_if(rows, [&](const ReferenceRow& r) { return r.kind != kind; });
  // A gain's base row runs beside it, whatever its kind.
  std::vector<ReferenceRow> bases;
  for (const auto& r : rows)
    if (!r.relative_to.empty() &&
        std::none_of(rows.begin(), rows.end(), [&](const ReferenceRow& b) { return b.label == r.relative_to; }) &&
        std::none_of(bases.begin(), bases.end(), [&](const ReferenceRow& b) { return b.label == r.relative_to; }))
      bases.push_back(*std::find_if(all.begin(), all.end(), [&](const ReferenceRow& b) { return b.label == r.relative_to; }));
  const Platform* platform = find_platform(set.platform);
  std::vector<Point> points;
  std::vector<const ReferenceRow*> run;
  for (const auto& r : rows) run.push_back(&r);
  for (const auto& r : bases) run.push_back(&r);
  for (const ReferenceRow* rp : run) {
    const ReferenceRow& r = *rp;
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
  auto figure = [&](size_t i) {
    const std::string& metric = run[i]->metric.empty() ? set.metric : run[i]->metric;
    for (auto& [k, v] : outcomes[i].result.metrics)
      if (k == metric) return v;
    return 0.0;
  };
  std::vector<ReproducedRow> out;
  for (size_t i = 0; i < rows.size(); ++i) {
    ReproducedRow r{rows[i], figure(i), {}, outcomes[i].error, outcomes[i].exit_code};
    if (!rows[i].relative_to.empty()) {
      size_t b = 0;
      while (run[b]->label != rows[i].relative_to) ++b;
      const double base = figure(b);
      if (r.error.empty() && !outcomes[b].error.empty()) {
        r.error = rows[i].relative_to + ": " + outcomes[b].error;
        r.exit_code = outcomes[b].exit_code;
      }
      r.simulated = base > 0 ? 100.0 * (r.simulated / base - 1) : 0;
    }
    if (const std::string lim = outcomes[i].result.limit(); lim != "-") r.limiting = lim;
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace ws
