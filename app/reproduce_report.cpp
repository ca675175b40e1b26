#include "app/reproduce_report.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include "app/output.hpp"

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
  Table t;
  t.columns = {"table", "label"};
  for (auto& [k, v] : rows.front().ref.knobs) t.columns.push_back(k);
  for (const char* c : {"simulated", "measured", "error_pct", "predicted", "prediction_error_pct", "scored", "kind", "limiting"})
    t.columns.push_back(c);
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
    if (r.ref.measured && r.ref.relation != "approx") {
      row.push_back((r.ref.relation == "below" ? "<" : ">=") + fmt_number(*r.ref.measured));
      row.push_back(r.holds() ? "holds" : "FAILS");
      if (r.ref.kind == "calibration") {
        ++statements;
        holding += r.holds();
      }
    } else if (r.ref.measured) {
      const double err = r.error_pct();
      row.push_back(fmt_number(*r.ref.measured));
      row.push_back(r.ref.kind == "excluded" ? "-" : num(err, "{:+.1f}"));
      if (r.ref.kind == "calibration") cal.push_back(std::fabs(err));
    } else {
      row.push_back("-");
      row.push_back("-");
    }
    // An excluded row keeps its prediction on record but is not scored.
    const bool scored = r.ref.predicted && r.ref.measured && r.ref.relation == "approx" && r.ref.kind != "excluded";
    row.push_back(r.ref.predicted ? num(*r.ref.predicted, "{:.2f}") : "-");
    row.push_back(scored ? num(r.prediction_error_pct(), "{:+.1f}") : "-");
    if (scored) pred.push_back(std::fabs(r.prediction_error_pct()));
    row.push_back(r.ref.scored_round ? fmt::format("round {}", r.ref.scored_round) : "-");
    row.push_back(r.ref.kind);
    row.push_back(r.limiting.empty() ? "-" : r.limiting);
    withheld += r.ref.kind == "withheld";
    if (r.ref.kind == "excluded") excluded.push_back(fmt::format("  {}: {}", r.ref.label, r.ref.note));
    t.rows.push_back(std::move(row));
  }
  std::string out = render(t, format);
  if (!people) return out;
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
