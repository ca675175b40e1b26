#include "app/catalogue.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <vector>
#include "app/output.hpp"
#include "app/reproduce.hpp"
#include "app/run_folder.hpp"
#include "models/sim/param.hpp"
#include "models/sim/text.hpp"
#include "platforms/common/board_file.hpp"

namespace ws {
namespace {

std::vector<std::string> platform_names() {
  std::vector<std::string> names;
  for (auto& q : platforms()) names.push_back(q.name);
  return names;
}

}  // namespace

const Platform& require_platform(const std::string& name, const std::string& where) {
  const Platform* p = nullptr;
  try {
    p = find_platform(name);
  } catch (const InputError& e) {  // a board file given by path: say who named it
    throw InputError(fmt::format("{}: {}", where, e.what()));
  }
  if (!p)
    throw InputError(fmt::format("{}: unknown platform '{}' (valid: {})", where, name, join(platform_names(), ", ")));
  return *p;
}

int cmd_list() {
  std::cout << "platforms:\n";
  for (auto& p : platforms()) {
    std::cout << fmt::format("  {:<16} {}\n  {:<16} workloads: ", p.name, description(p), "");
    for (auto& w : p.workloads) std::cout << w << " ";
    std::cout << "\n";
    if (!p.scenario.empty()) std::cout << fmt::format("  {:<16} default scenario: {}\n", "", p.scenario);
  }
  std::cout << "reference tables (wirespeed reproduce NAME):\n";
  for (auto& s : reference_sets()) std::cout << fmt::format("  {:<16} {} ({})\n", s.name, s.file, s.platform);
  std::cout << "scenarios:\n";
  std::vector<std::string> workloads;  // once each: a variant runs its base's
  for (auto& p : platforms())
    for (auto& w : p.workloads)
      if (std::find(workloads.begin(), workloads.end(), w) == workloads.end()) workloads.push_back(w);
  for (auto& w : workloads) {
    std::vector<std::string> files;
    std::error_code ec;
    for (auto& e : std::filesystem::directory_iterator(data_path("workloads/" + w + "/scenarios"), ec))
      if (e.path().extension() == ".yaml") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    for (auto& f : files) std::cout << fmt::format("  {}\n", f);
  }
  return 0;
}

int cmd_params(const ParamsArgs& a) {
  const Platform* p = &require_platform(a.platform, "params");
  ParamTable t;
  p->declare(t);
  if (!a.key.empty() && !t.specs().count(a.key)) {
    std::vector<std::string> near;  // keys of the same block, to help a typo
    const std::string block = a.key.substr(0, a.key.find('.') + 1);
    for (auto& [k, s] : t.specs())
      if (k.rfind(block, 0) == 0) near.push_back(k);
    throw InputError(fmt::format("params {}: unknown key '{}'{}", a.platform, a.key,
                                 near.empty() ? " (wirespeed params " + a.platform + " lists them)"
                                              : " (" + block + "*: " + join(near, ", ") + ")"));
  }
  Table out;
  out.columns = {"key", "default", "unit", "range", "meaning", "source", "from", "lever"};
  for (auto& [k, s] : t.specs())
    if (a.key.empty() || k == a.key)
      out.rows.push_back({k, s.def, s.unit, ParamTable::range_text(s), s.meaning, s.source, value_from(*p, s),
                          s.lever.empty() ? "-" : join(s.lever, " ") + (s.lever_cost.empty() ? "" : "; cost: " + s.lever_cost)});
  if (a.format == "table") {
    for (auto& r : out.rows)
      std::cout << fmt::format("{} = {} [{}]  ({})\n    {}\n    source: {} ({}){}\n", r[0], r[1], r[2], r[3], r[4], r[5],
                               r[6], r[7] == "-" ? "" : "\n    lever (advise tries): " + r[7]);
  } else {
    std::cout << render(out, a.format);
  }
  return 0;
}

int cmd_columns(const ColumnsArgs& a) {
  Table out;
  out.columns = {"column", "unit", "meaning"};
  if (a.resources) {
    for (auto& c : resource_columns()) out.rows.push_back({c.name, c.unit, c.meaning});
    std::cout << render(out, a.format);
    return 0;
  }
  if (a.platform.empty()) throw InputError("columns: give a PLATFORM, or --resources");
  const Platform& p = require_platform(a.platform, "columns");
  out.rows.push_back({"point", "-", "the point's index in the sweep"});
  out.rows.push_back({"<every set or swept key>", "its unit", "the parameter's value (wirespeed params " + a.platform + ")"});
  for (auto& c : p.columns) out.rows.push_back({c.name, c.unit, c.meaning});
  out.rows.push_back({"limiting", "-", "what bounds the point: the platform's diagnosis, else the most utilised resource in its window"});
  out.rows.push_back({"top_util", "% of the window", "the three most utilised resources, name:percent"});
  std::cout << render(out, a.format);
  return 0;
}

}  // namespace ws
