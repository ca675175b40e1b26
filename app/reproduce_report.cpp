#include "app/reproduce_report.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include "app/output.hpp"
#include "platforms/platform.hpp"

namespace ws {

ErrorSummary summarize(std::vector<double> e) {
  ErrorSummary s;
  s.n = int(e.size());
  if (e.empty()) return s;
  std::sort(e.begin(), e.end());
  s.median = e.size() % 2 ? e[e.size() / 2] : (e[e.size() / 2 - 1] + e[e.size() / 2]) / 2;
  s.max = e.back();
  return s;
}

namespace {

std::string summary_line(const char* what, const ErrorSummary& s) {
  return s.n ? fmt::format("{} {} figures, median |error| {:.1f} %, max {:.1f} %", what, s.n, s.median, s.max)
             : fmt::format("{} 0 figures", what);
}

}  // namespace

std::string reproduction_report(const ReferenceSet& set, const std::vector<ReproducedRow>& rows,
                                const std::string& format) {
  const bool people = format == "table";
  const Platform* platform = find_platform(set.platform);
  auto unit_of = [&](const ReferenceRow& r) {
    const std::string& metric = r.metric.empty() ? set.metric : r.metric;
    if (platform)
      for (auto& c : platform->columns)
        if (c.name == metric) return c.unit;
    return std::string("-");
  };
  Table t;
  t.columns = {"table", "label"};
  for (auto& [k, v] : rows.front().ref.knobs) t.columns.push_back(k);
  for (const char* c : {"simulated", "measured", "error_pct", "predicted", "prediction_error_pct", "scored", "kind", "limiting"})
    t.columns.push_back(c);
  if (!people) t.columns.push_back("unit");  // of simulated, measured and predicted
  std::vector<double> cal, pred;
  int statements = 0, holding = 0, withheld = 0;
  std::vector<std::string> excluded;
  auto num = [&](double v, const char* people_fmt) {
    return people ? fmt::format(fmt::runtime(people_fmt), v) : fmt_number(v);
  };
  for (const auto& r : rows) {
    std::vector<std::string> row{r.ref.table, r.ref.label};
    for (auto& [k, v] : r.ref.knobs) row.push_back(v);
    row.push_back(num(r.simulated, "{:.2f}"));
    if (r.ref.measured && r.ref.relation != "approx" && r.ref.relation != "about") {
      row.push_back((r.ref.relation == "below" ? "<" : ">=") + fmt_number(*r.ref.measured));
      row.push_back(r.holds() ? "holds" : "FAILS");
      if (r.ref.kind == "calibration") {
        ++statements;
        holding += r.holds();
      }
    } else if (r.ref.measured) {
      const double err = r.error_pct();
      row.push_back((r.ref.relation == "about" ? "about " : "") + fmt_number(*r.ref.measured));
      row.push_back(r.ref.kind == "excluded" ? "-" : num(err, "{:+.1f}"));
      if (r.ref.kind == "calibration") cal.push_back(std::fabs(err));
    } else {
      row.push_back("-");
      row.push_back("-");
    }
    // An excluded row keeps its prediction on record but is not scored.
    const bool scored = r.ref.predicted && r.ref.measured && (r.ref.relation == "approx" || r.ref.relation == "about") &&
                        r.ref.kind != "excluded";
    row.push_back(r.ref.predicted ? num(*r.ref.predicted, "{:.2f}") : "-");
    row.push_back(scored ? num(r.prediction_error_pct(), "{:+.1f}") : "-");
    if (scored) pred.push_back(std::fabs(r.prediction_error_pct()));
    row.push_back(r.ref.scored_round ? fmt::format("round {}", r.ref.scored_round) : "-");
    row.push_back(r.ref.kind);
    row.push_back(r.limiting.empty() ? "-" : r.limiting);
    if (!people) row.push_back(unit_of(r.ref));
    withheld += r.ref.kind == "withheld";
    if (r.ref.kind == "excluded") excluded.push_back(fmt::format("  {}: {}", r.ref.label, r.ref.note));
    t.rows.push_back(std::move(row));
  }
  if (!people) return render(t, format);
  // For people: a block per reference table, its units under the header, so
  // no column mixes two units.
  std::string out;
  for (size_t first = 0; first < t.rows.size();) {
    size_t end = first;
    while (end < t.rows.size() && t.rows[end][0] == t.rows[first][0]) ++end;
    Table block{t.columns, {t.rows.begin() + long(first), t.rows.begin() + long(end)}, {}};
    const std::string unit = unit_of(rows[first].ref);
    for (auto& c : block.columns)
      block.units.push_back(c == "simulated" || c == "measured" || c == "predicted" ? unit
                            : c == "error_pct" || c == "prediction_error_pct"    ? "%"
                                                                                  : "");
    if (first) out += '\n';
    out += render(block, format);
    first = end;
  }
  out += fmt::format("\n{}: {}", set.name, summary_line("calibration:", summarize(cal)));
  if (statements) out += fmt::format(", {} of {} statements hold", holding, statements);
  out += fmt::format("\n{}: {} (committed before the measurement was released)\n", set.name,
                     summary_line("scored predictions:", summarize(pred)));
  if (withheld) out += fmt::format("{}: withheld: {} rows, predicted in docs/predictions.md\n", set.name, withheld);
  if (!excluded.empty()) {
    out += fmt::format("{}: excluded from calibration and error statistics:\n", set.name);
    for (auto& e : excluded) out += e + "\n";
  }
  return out + "\n";
}

}  // namespace ws
