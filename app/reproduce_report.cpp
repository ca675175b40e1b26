#include "app/reproduce_report.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include "app/output.hpp"
#include "models/sim/text.hpp"
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

// The columns every row has after its knobs; a people's block leaves out the table.
const char* const kFigures[] = {"simulated", "measured", "error_pct", "predicted", "prediction_error_pct",
                                "scored", "kind", "status", "limiting"};

// Rows of one table and one quantity, in file order, for a block of their own.
struct Block {
  std::string table, metric, unit;
  std::vector<size_t> rows;
};

// For people: a block per table and quantity, so no column mixes two units.
// Knobs with one value in the whole block are said once above it; the varying
// ones stay columns.
std::string people_blocks(const Table& t, const std::vector<Block>& blocks, size_t knobs) {
  std::string out;
  for (const Block& b : blocks) {
    std::vector<size_t> keep{1};  // label
    std::vector<std::string> same;
    for (size_t k = 2; k < 2 + knobs; ++k) {
      const bool varies = std::any_of(b.rows.begin(), b.rows.end(), [&](size_t r) { return t.rows[r][k] != t.rows[b.rows[0]][k]; });
      if (varies) keep.push_back(k);
      else same.push_back(t.columns[k] + "=" + t.rows[b.rows[0]][k]);
    }
    // Columns of committed predictions (and the status) only where the block has one.
    for (size_t k = 2 + knobs; k < 2 + knobs + std::size(kFigures); ++k) {
      const bool prediction = t.columns[k] == "predicted" || t.columns[k] == "prediction_error_pct" ||
                              t.columns[k] == "scored" || t.columns[k] == "status";
      if (!prediction || std::any_of(b.rows.begin(), b.rows.end(), [&](size_t r) { return t.rows[r][k] != "-"; }))
        keep.push_back(k);
    }
    Table block;
    block.footnotes = true;
    block.width = table_width();
    for (size_t k : keep) block.columns.push_back(t.columns[k]);
    for (size_t r : b.rows) {
      block.rows.emplace_back();
      for (size_t k : keep) block.rows.back().push_back(t.rows[r][k]);
    }
    if (!out.empty()) out += '\n';
    out += fmt::format("{}: {} [{}] (errors in %)\n", b.table, b.metric, b.unit);
    if (!same.empty()) out += wrap("  every row: " + join(same, ", "), 100, "    ") + "\n";
    out += render(block, "table");
  }
  return out;
}

}  // namespace

std::string reproduction_report(const ReferenceSet& set, const std::vector<ReproducedRow>& rows,
                                const std::string& format) {
  const bool people = format == "table";
  const Platform* platform = find_platform(set.platform);
  auto metric_of = [&](const ReferenceRow& r) { return r.metric.empty() ? set.metric : r.metric; };
  auto unit_of = [&](const ReferenceRow& r) {
    if (platform)
      for (auto& c : platform->columns)
        if (c.name == metric_of(r)) return c.unit;
    return std::string("-");
  };
  Table t;
  t.columns = {"table", "label"};
  const size_t knobs = rows.front().ref.knobs.size();
  for (auto& [k, v] : rows.front().ref.knobs) t.columns.push_back(k);
  for (const char* c : kFigures) t.columns.push_back(c);
  if (!people) t.columns.insert(t.columns.end(), {"metric", "unit"});  // of simulated, measured and predicted
  std::vector<double> cal, pred;
  int statements = 0, holding = 0, withheld = 0;
  std::vector<std::string> excluded, failing, misses, fitted;
  std::vector<Block> blocks;
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
    } else if (r.ref.measured) {
      const double err = r.error_pct();
      row.push_back((r.ref.relation == "about" ? "about " : "") + fmt_number(*r.ref.measured));
      // Whether a calibration figure is within its tolerance: people see it.
      const std::string held = !people || r.ref.kind != "calibration" ? ""
                               : r.holds()                            ? (r.ref.relation == "about" ? " holds" : "")
                               : r.ref.miss()                         ? " miss"
                                                                      : " FAILS";
      row.push_back(r.ref.kind == "excluded" ? "-" : num(err, "{:+.1f}") + held);
      if (r.ref.kind == "calibration") cal.push_back(std::fabs(err));
    } else {
      row.push_back("-");
      row.push_back("-");
    }
    if (r.ref.kind == "calibration" && r.ref.measured) {
      ++statements;
      holding += r.holds();
    }
    if (r.fails())
      failing.push_back(fmt::format("{} (simulated {}, measured {}{})", r.ref.label, plain_number(r.simulated),
                                    r.ref.relation == "below" ? "< " : r.ref.relation == "at_least" ? ">= "
                                    : r.ref.relation == "about" ? "about " : "", fmt_number(*r.ref.measured)));
    // An excluded row keeps its prediction on record but is not scored.
    const bool scored = r.ref.predicted && r.ref.measured && (r.ref.relation == "approx" || r.ref.relation == "about") &&
                        r.ref.kind != "excluded";
    row.push_back(r.ref.predicted ? num(*r.ref.predicted, "{:.2f}") : "-");
    row.push_back(scored ? num(r.prediction_error_pct(), "{:+.1f}") : "-");
    if (scored) pred.push_back(std::fabs(r.prediction_error_pct()));
    row.push_back(r.ref.scored_round ? fmt::format("round {}", r.ref.scored_round) : "-");
    row.push_back(r.ref.kind);
    row.push_back(r.ref.status.empty() ? "-" : r.ref.status);
    row.push_back(r.limiting.empty() ? "-" : r.limiting);
    if (!people) row.insert(row.end(), {metric_of(r.ref), unit_of(r.ref)});
    withheld += r.ref.kind == "withheld";
    if (r.ref.miss()) misses.push_back(wrap(fmt::format("  {}: {}", r.ref.label, r.ref.note), 100, "    "));
    if (r.ref.status == "fitted") fitted.push_back(r.ref.label);
    if (r.ref.kind == "excluded") excluded.push_back(wrap(fmt::format("  {}: {}", r.ref.label, r.ref.note), 100, "    "));
    auto b = std::find_if(blocks.begin(), blocks.end(),
                          [&](const Block& x) { return x.table == r.ref.table && x.metric == metric_of(r.ref); });
    if (b == blocks.end()) b = blocks.insert(b, Block{r.ref.table, metric_of(r.ref), unit_of(r.ref), {}});
    b->rows.push_back(t.rows.size());
    t.rows.push_back(std::move(row));
  }
  if (!people) return render(t, format);
  std::string out = people_blocks(t, blocks, knobs);
  out += fmt::format("\n{}: {}", set.name, summary_line("calibration:", summarize(cal)));
  if (statements) out += fmt::format(", {} of {} rows hold", holding, statements);
  out += fmt::format("\n{}: {} (committed before the measurement was released)\n", set.name,
                     summary_line("scored predictions:", summarize(pred)));
  if (!failing.empty())
    out += wrap(fmt::format("{}: rows that FAIL (outside their tolerance, not recorded misses): {}", set.name,
                            join(failing, "; ")), 100, "    ") + "\n";
  if (!fitted.empty())
    out += wrap(fmt::format("{}: fitted (a parameter was fitted on the row, so its error is no evidence): {}", set.name,
                            join(fitted, "; ")),
                100, "    ") + "\n";
  if (!misses.empty()) {
    out += fmt::format("{}: recorded misses (in the statistics above; they never decide the exit code):\n", set.name);
    for (auto& m : misses) out += m + "\n";
  }
  if (withheld) out += fmt::format("{}: withheld: {} rows, predicted in docs/predictions.md\n", set.name, withheld);
  if (!excluded.empty()) {
    out += fmt::format("{}: excluded from calibration and error statistics:\n", set.name);
    for (auto& e : excluded) out += e + "\n";
  }
  return out + "\n";
}

}  // namespace ws
