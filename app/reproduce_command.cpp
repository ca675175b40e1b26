#include "app/reproduce_command.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <iostream>
#include <utility>
#include "app/option_values.hpp"
#include "app/plot.hpp"
#include "app/point_runner.hpp"
#include "app/reproduce.hpp"
#include "app/reproduce_report.hpp"
#include "models/sim/param.hpp"
#include "models/sim/text.hpp"

namespace ws {

int cmd_reproduce(const ReproduceArgs& a) {
  std::vector<std::pair<std::string, std::string>> overrides;
  for (auto& s : a.sets) overrides.push_back(split_kv(s, "--set"));
  std::vector<const ReferenceSet*> sets;
  for (auto& s : reference_sets())
    if (a.name == "all" || s.name == a.name) sets.push_back(&s);
  if (sets.empty()) {
    std::vector<std::string> names;
    for (auto& s : reference_sets()) names.push_back(s.name);
    throw InputError(fmt::format("reproduce: unknown table '{}' (valid: {}|all)", a.name, join(names, "|")));
  }
  int rc = 0;
  for (const ReferenceSet* s : sets) {
    const auto rows = reproduce(*s, a.jobs, a.seed, overrides, a.rows == "all" ? "" : a.rows,
                                [&](size_t done, size_t total, size_t, const PointOutcome&) {
                                  show_progress(done, total, s->name + " rows");
                                });
    if (rows.empty()) continue;
    std::vector<std::string> failing;
    for (const auto& r : rows) {
      if (!r.error.empty()) {
        std::cerr << r.ref.label << ": " << r.error << "\n";
        rc = std::max(rc, r.exit_code);
      }
      if (r.fails(a.strict)) failing.push_back(r.ref.label);
    }
    if (!failing.empty()) {
      std::cerr << fmt::format("{}: {} calibration {} outside {} tolerance{}: {}\n", s->name, failing.size(),
                               failing.size() == 1 ? "row is" : "rows are", failing.size() == 1 ? "its" : "their",
                               a.no_fail ? " (--no-fail: exit 0)" : "", join(failing, "; "));
      if (!a.no_fail) rc = std::max(rc, 1);
    }
    std::cout << reproduction_report(*s, rows, a.format);
    if (!a.plot_dir.empty())
      rc = std::max(rc, plot_reproduction(s->name, reproduction_report(*s, rows, "csv"), a.plot_dir));
  }
  return rc;
}

}  // namespace ws
