#include "app/check_command.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>
#include "app/junit.hpp"
#include "app/output.hpp"
#include "app/output_paths.hpp"
#include "app/point_runner.hpp"
#include "app/scenario_points.hpp"
#include "models/sim/text.hpp"

namespace ws {
namespace {

// The points an expectation's `where` selects; an InputError for a key the
// platform does not have or a selection of no point.
std::vector<size_t> selected(const Expectation& x, const ScenarioPoints& sp) {
  for (const auto& [key, value] : x.where)
    if (!sp.base.specs().count(key))
      throw InputError(fmt::format("{}: key 'where': '{}' is not a parameter of {}", x.at, key, sp.platform->name));
  std::vector<size_t> out;
  for (size_t i = 0; i < sp.tables.size(); ++i)
    if (std::all_of(x.where.begin(), x.where.end(),
                    [&](const auto& kv) { return same_value(sp.tables[i].text(kv.first), kv.second); }))
      out.push_back(i);
  if (out.empty()) throw InputError(fmt::format("{}: key 'where': selects no point of the scenario", x.at));
  return out;
}

std::string expected_text(const Expectation& x) {
  if (x.kind == Expectation::Kind::AtLeast) return ">= " + x.value_text;
  if (x.kind == Expectation::Kind::AtMost) return "<= " + x.value_text;
  return x.value_text + " ± " + (x.tolerance_pct ? fmt_number(x.tolerance) + " %" : fmt_number(x.tolerance));
}

bool holds(const Expectation& x, double got) {
  if (x.kind == Expectation::Kind::AtLeast) return got >= x.bound;
  if (x.kind == Expectation::Kind::AtMost) return got <= x.bound;
  const double allowed = x.tolerance_pct ? std::fabs(x.bound) * x.tolerance / 100 : x.tolerance;
  return std::fabs(got - x.bound) <= allowed;
}

// A point named by its swept values ("-" for a scenario of one point).
std::string point_name(const ScenarioPoints& sp, size_t i) {
  std::vector<std::string> v;
  for (const auto& ax : sp.axes) v.push_back(ax.first + "=" + sp.tables[i].text(ax.first));
  return v.empty() ? "-" : join(v, " ");
}

// The file with each updated number written over the old one, in place.
void rewrite(const std::string& path, const std::vector<std::pair<const Expectation*, std::string>>& edits) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  for (const auto& [x, text] : edits) {
    std::string& l = lines.at(size_t(x->value_line - 1));
    if (l.compare(size_t(x->value_column), x->value_text.size(), x->value_text) != 0)
      throw std::runtime_error(fmt::format("{}: the value '{}' is not where the file had it", x->at, x->value_text));
    l.replace(size_t(x->value_column), x->value_text.size(), text);
  }
  std::ofstream out(path);
  for (const auto& l : lines) out << l << "\n";
  if (!out) throw InputError(fmt::format("{}: cannot write the updated expectations", path));
}

}  // namespace

int cmd_check(const CheckArgs& a) {
  if (!a.junit.empty()) check_writable(a.junit, "--junit");
  // Every file read and checked before anything runs: bad input exits 2 at once.
  struct File {
    Scenario sc;
    ScenarioPoints sp;
    std::vector<std::vector<size_t>> picks;  // per expectation, its points
  };
  std::vector<File> files;
  for (const auto& path : a.files) {
    File f{load_scenario(path), {}, {}};
    if (f.sc.expect.empty())
      throw InputError(fmt::format("{}: no 'expect' list: nothing to check (docs/ci.md)", path));
    f.sp = scenario_points(f.sc, a.sets, {});
    for (const auto& x : f.sc.expect) {
      const auto& cols = f.sp.platform->columns;
      if (std::none_of(cols.begin(), cols.end(), [&](const Column& c) { return c.name == x.column; })) {
        std::vector<std::string> names;
        for (const auto& c : cols) names.push_back(c.name);
        throw InputError(fmt::format("{}: key 'column': '{}' is not a result column of {} (valid: {})", x.at,
                                     x.column, f.sp.platform->name, join(names, ", ")));
      }
      f.picks.push_back(selected(x, f.sp));
    }
    files.push_back(std::move(f));
  }
  std::vector<Point> points;
  std::vector<size_t> first;  // each file's first point
  for (const auto& f : files) {
    first.push_back(points.size());
    for (const auto& t : f.sp.tables) {
      Point p{f.sp.platform, t, {}};
      p.options.seed = f.sc.seed.value_or(1);
      points.push_back(std::move(p));
    }
  }
  const auto outcomes =
      run_points(points, a.jobs, [](size_t done, size_t total, size_t, const PointOutcome&) { show_progress(done, total, "points"); });

  Table t;
  t.columns = {"scenario", "point", "column", "expected", "got", "error", "verdict"};
  std::vector<JUnitSuite> suites;
  int rc = 0;
  size_t failed = 0, total = 0, updated = 0;
  for (size_t fi = 0; fi < files.size(); ++fi) {
    const File& f = files[fi];
    JUnitSuite suite{f.sc.path, {}};
    std::vector<std::pair<const Expectation*, std::string>> edits;
    for (size_t xi = 0; xi < f.sc.expect.size(); ++xi) {
      const Expectation& x = f.sc.expect[xi];
      for (size_t i : f.picks[xi]) {
        const PointOutcome& o = outcomes[first[fi] + i];
        const std::string point = point_name(f.sp, i);
        JUnitCase c{fmt::format("{} at {}", x.column, point), f.sc.path, {}, false, o.wall_s};
        std::string got = "-", error = "-", verdict;
        double v = 0;
        bool have = false;
        for (const auto& [k, val] : o.result.metrics)
          if (k == x.column) v = val, have = true;
        if (!o.ok) {
          verdict = "ERROR";
          c.error = true;
          c.failure = fmt::format("the point failed: {}", o.error);
        } else if (!have) {  // a label column (text)
          verdict = "ERROR";
          c.error = true;
          c.failure = fmt::format("column '{}' has no figure in this run", x.column);
        } else {
          got = plain_number(v);
          if (x.kind == Expectation::Kind::Value)
            error = x.bound != 0 ? fmt::format("{:+.2f} %", 100 * (v - x.bound) / std::fabs(x.bound)) : fmt_number(v - x.bound);
          const bool ok = holds(x, v);
          verdict = ok ? "pass" : "FAIL";
          if (!ok) c.failure = fmt::format("{}: expected {}, got {} ({})", x.at, expected_text(x), got, error);
          if (a.update && x.kind == Expectation::Kind::Value && f.picks[xi].size() == 1) {
            edits.emplace_back(&x, fmt::format("{:.6g}", v));
            verdict = "updated";
            c.failure.clear();
          }
        }
        if (a.update && x.kind == Expectation::Kind::Value && f.picks[xi].size() > 1 && o.ok)
          std::cerr << fmt::format("{}: not updated: the expectation selects {} points (narrow its 'where')\n", x.at,
                                   f.picks[xi].size());
        if (!c.failure.empty()) {
          ++failed;
          rc = 1;
        }
        ++total;
        t.rows.push_back({f.sc.path, point, x.column, expected_text(x), got, error, verdict});
        suite.cases.push_back(std::move(c));
      }
    }
    if (!edits.empty()) {
      rewrite(f.sc.path, edits);
      updated += edits.size();
    }
    suites.push_back(std::move(suite));
  }
  std::cout << render(t, a.format);
  if (a.format == "table") {
    if (a.update) std::cout << fmt::format("updated {} expected value{} from this run\n", updated, updated == 1 ? "" : "s");
    std::cout << fmt::format("{} of {} expectations hold\n", total - failed, total);
  }
  if (!a.junit.empty()) {
    std::ofstream(a.junit) << junit_xml(suites);
  }
  return rc;
}

}  // namespace ws
