#include "app/merge.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include "app/run_folder.hpp"
#include "app/version.hpp"
#include "models/sim/param.hpp"
#include "models/sim/text.hpp"

namespace ws {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string read_file(const std::string& dir, const char* name) {
  std::ifstream f((fs::path(dir) / name).string());
  if (!f) throw InputError(fmt::format("merge: {}: no {} (not a run folder of --out)", dir, name));
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

json read_json(const std::string& dir, const char* name) {
  const json j = json::parse(read_file(dir, name), nullptr, false);
  if (j.is_discarded()) throw InputError(fmt::format("merge: {}: {} is not valid JSON", dir, name));
  return j;
}

// Lines after the header, keyed by the point index that starts each.
std::multimap<size_t, std::string> rows_by_point(const std::string& dir, const char* name, std::string& header) {
  std::istringstream in(read_file(dir, name));
  std::getline(in, header);
  std::multimap<size_t, std::string> rows;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) rows.emplace(std::stoul(line.substr(0, line.find(','))), line);
  return rows;
}

void write_file(const std::string& dir, const char* name, const std::string& text) {
  std::ofstream f((fs::path(dir) / name).string());
  if (!(f << text)) throw InputError(fmt::format("merge: cannot write {} in {}", name, dir));
}

}  // namespace

int merge_run_folders(const MergeArgs& m) {
  if (m.shards.empty()) throw InputError("merge: no shard folders given");
  const json config = read_json(m.shards.front(), "config.json");
  const size_t total = config.value("points_total", size_t(0));
  std::map<size_t, std::string> owner;  // point -> the shard that has it
  std::string header, bheader;
  std::multimap<size_t, std::string> rows, bottleneck;
  json jrows = json::array(), jpoints = json::array(), columns;
  std::map<size_t, std::string> reports;
  for (const auto& dir : m.shards) {
    if (read_json(dir, "config.json") != config)
      throw InputError(fmt::format("merge: {} ran another configuration than {} (config.json differs)", dir,
                                   m.shards.front()));
    std::string h;
    for (auto& [point, line] : rows_by_point(dir, "results.csv", h)) {
      if (!header.empty() && h != header)
        throw InputError(fmt::format("merge: {}: results.csv has other columns than {}", dir, m.shards.front()));
      if (auto it = owner.find(point); it != owner.end())
        throw InputError(fmt::format("merge: point {} is in both {} and {}", point, it->second, dir));
      owner[point] = dir;
      rows.emplace(point, line);
    }
    if (header.empty()) header = h;
    for (auto& e : rows_by_point(dir, "bottleneck.csv", bheader)) bottleneck.insert(e);
    const json results = read_json(dir, "results.json");
    columns = results["columns"];
    for (auto& r : results["rows"]) jrows.push_back(r);
    // Named: a range-for over a member of a temporary would read a destroyed value.
    const json run = read_json(dir, "run.json");
    for (auto& p : run.value("points", json::array())) jpoints.push_back(p);
    // report.txt: blocks "== point N"
    std::istringstream rep(read_file(dir, "report.txt"));
    size_t current = 0;
    for (std::string line; std::getline(rep, line);) {
      if (line.rfind("== point ", 0) == 0) current = std::stoul(line.substr(9));
      reports[current] += line + "\n";
    }
  }
  std::vector<std::string> missing;
  for (size_t i = 0; i < total && missing.size() <= 10; ++i)
    if (!owner.count(i) && !std::any_of(jpoints.begin(), jpoints.end(), [&](const json& p) { return p["point"] == i; }))
      missing.push_back(std::to_string(i));
  if (!missing.empty())
    throw InputError(fmt::format("merge: the sweep has {} points and these are in no shard: {}{}", total,
                                 join(missing, ", "), missing.size() > 10 ? ", ..." : ""));
  prepare_run_folder(m.out, config, "", m.replace, "merge: OUT");
  std::string csv = header + "\n", bcsv = bheader + "\n", report;
  for (auto& [point, line] : rows) csv += line + "\n";
  for (auto& [point, line] : bottleneck) bcsv += line + "\n";
  for (auto& [point, text] : reports) report += text;
  auto by_point = [](const json& a, const json& b) { return a["point"] < b["point"]; };
  std::stable_sort(jrows.begin(), jrows.end(), by_point);
  std::stable_sort(jpoints.begin(), jpoints.end(), by_point);
  write_file(m.out, "results.csv", csv);
  write_file(m.out, "bottleneck.csv", bcsv);
  write_file(m.out, "report.txt", report);
  write_file(m.out, "results.json", json{{"columns", columns}, {"rows", jrows}}.dump(2) + "\n");
  write_file(m.out, "config.json", config.dump(2) + "\n");
  write_file(m.out, "run.json",
             json{{"version", version_info()}, {"merged_from", m.shards}, {"points", jpoints}}.dump(2) + "\n");
  return 0;
}

}  // namespace ws
