#include "app/run_folder.hpp"

#include <fmt/format.h>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include "app/version.hpp"

namespace ws {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const char* kFiles[] = {"results.csv", "results.json", "config.json", "run.json", "bottleneck.csv", "report.txt"};

void write(const std::string& dir, const char* name, const std::string& text) {
  const std::string path = (fs::path(dir) / name).string();
  std::ofstream f(path);
  if (!(f << text)) throw InputError(fmt::format("--out {}: cannot write {}", dir, name));
}

// A parameter's value typed by its declaration: integers as integers.
json typed(const ParamSpec& s, const std::string& text) {
  if (s.kind == ParamSpec::Kind::Choice) return json_cell(text).is_number_integer() ? json_cell(text) : json(text);
  return json_cell(text);
}

}  // namespace

std::string column_unit(const Platform& p, const ParamTable& t, const std::string& column) {
  if (column == "point" || column == "limiting") return "-";
  if (column == "top_util") return "% of the window";
  if (t.specs().count(column)) return t.spec(column).unit;
  for (auto& c : p.columns)
    if (c.name == column) return c.unit;
  return "";
}

std::string column_meaning(const Platform& p, const ParamTable& t, const std::string& column) {
  if (column == "point") return "the point's index in the sweep";
  if (column == "limiting") return "what bounds the point: the platform's diagnosis, else the most utilised resource in its window";
  if (column == "top_util") return "the three most utilised resources, name:percent";
  if (t.specs().count(column)) return t.spec(column).meaning;
  for (auto& c : p.columns)
    if (c.name == column) return c.meaning;
  return "";
}

const std::vector<Column>& resource_columns() {
  static const std::vector<Column> columns = {
      {"point", "-", "the point's index in the sweep"},
      {"resource", "-", "a shared resource (a core, a wire, a DMA engine, a memory port, a queue)"},
      {"util_pct", "% of the window", "time the resource was busy over the point's measurement window"},
      {"ops", "operations", "operations it served in the window (frames, TLPs, accesses, context runs)"},
      {"bytes", "B", "bytes it moved in the window"},
      {"queue_hw", "queue_unit", "the deepest its queue got in the window, in queue_unit; 0 with no queue"},
      {"queue_unit", "-", "what queue_hw counts: B (bytes held: FIFOs, switch buffers, replay buffers) or TLPs "
                          "(TLPs waiting for credits); - for a resource without a queue"},
      {"drops", "frames or TLPs", "what it discarded (TLPs on a PCIe link, else frames), reason=count separated "
                                  "by spaces"}};
  return columns;
}

json run_config(const RunDescription& d) {
  const ParamTable& base = *d.base;
  json params = json::object();
  for (auto& [key, spec] : base.specs())
    params[key] = {{"value", typed(spec, base.text(key))}, {"unit", spec.unit}, {"origin", base.given(key) ? base.origin(key) : "default"}};
  json sweep = json::object();
  for (auto& [key, values] : d.axes) {
    json v = json::array();
    for (auto& [value, origin] : values) v.push_back({{"value", typed(base.spec(key), value)}, {"origin", origin}});
    sweep[key] = v;
    params[key]["origin"] = "sweep";
  }
  return {{"platform", d.platform->name}, {"workload", d.workload}, {"scenario", fs::absolute(d.scenario).string()},
          {"seed", d.seed}, {"params", params}, {"sweep", sweep}, {"points_total", d.points_total}};
}

namespace {

json read_json(const fs::path& path) {
  std::ifstream f(path);
  return f ? json::parse(f, nullptr, false) : json();
}

// What an earlier run folder holds, in a few words.
std::string held_run(const json& config, const json& run) {
  const auto text = [](const json& j, const char* key) {
    return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string("?");
  };
  const size_t points = config.is_object() ? config.value("points_total", size_t(0)) : 0;
  return fmt::format("{} point{} of {} on {}, shard {}, finished {}", points, points == 1 ? "" : "s",
                     text(config, "scenario"), text(config, "platform"), text(run, "shard"), text(run, "finished_at"));
}

}  // namespace

void check_run_folder(const std::string& dir, const json& config, const std::string& shard, bool replace,
                      const std::string& opt) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) return;
  if (!fs::is_directory(dir, ec)) throw InputError(fmt::format("{} {}: exists and is not a directory", opt, dir));
  const bool earlier_run = fs::exists(fs::path(dir) / "run.json", ec);
  if (!earlier_run && !fs::is_empty(dir, ec))
    throw InputError(fmt::format("{} {}: a directory that is neither empty nor an earlier run folder; give a "
                                 "new or empty directory", opt, dir));
  if (earlier_run && !replace) {
    const json old_config = read_json(fs::path(dir) / "config.json");
    const json old_run = read_json(fs::path(dir) / "run.json");
    const std::string old_shard = old_run.is_object() ? old_run.value("shard", std::string()) : std::string();
    if (old_config != config || old_shard != shard)
      throw InputError(fmt::format("{} {}: holds another run ({}); give a new folder, or --replace to replace it",
                                   opt, dir, held_run(old_config, old_run)));
  }
}

void prepare_run_folder(const std::string& dir, const json& config, const std::string& shard, bool replace,
                        const std::string& opt) {
  check_run_folder(dir, config, shard, replace, opt);
  std::error_code ec;
  if (fs::exists(dir, ec))
    for (const char* f : kFiles) fs::remove(fs::path(dir) / f, ec);
  fs::create_directories(dir, ec);
  if (ec) throw InputError(fmt::format("{} {}: cannot create the directory ({})", opt, dir, ec.message()));
  const auto probe = fs::path(dir) / ".wirespeed_probe";
  std::ofstream f(probe);
  if (!f) throw InputError(fmt::format("{} {}: cannot write there", opt, dir));
  f.close();
  fs::remove(probe, ec);
}

void write_run_folder(const std::string& dir, const RunDescription& d, const Table& results,
                      const std::vector<Point>& points, const std::vector<size_t>& index,
                      const std::vector<const PointOutcome*>& outcomes) {
  const Platform& p = *d.platform;
  const ParamTable& base = *d.base;
  json cols = json::array();
  for (auto& c : results.columns)
    cols.push_back({{"name", c}, {"unit", column_unit(p, base, c)}, {"meaning", column_meaning(p, base, c)}});
  json rows = json::array();
  for (auto& r : results.rows) {
    json o = json::object();
    for (size_t i = 0; i < results.columns.size(); ++i) o[results.columns[i]] = json_cell(r[i]);
    rows.push_back(o);
  }
  write(dir, "results.json", json{{"columns", cols}, {"rows", rows}}.dump(2) + "\n");

  write(dir, "config.json", run_config(d).dump(2) + "\n");

  json pts = json::array();
  std::string bottleneck, report;
  for (auto& c : resource_columns()) bottleneck += (bottleneck.empty() ? "" : ",") + c.name;
  bottleneck += "\n";
  for (size_t i = 0; i < points.size(); ++i) {
    const PointOutcome& o = *outcomes[i];
    const RunResult& r = o.result;
    json pt = {{"point", index[i]}, {"ok", o.ok}, {"exit_code", o.exit_code}, {"simulated_s", r.simulated_s},
               {"wall_s", o.wall_s}};
    if (!o.ok) pt["error"] = o.error;
    if (!o.trace.path.empty())
      pt["trace"] = {{"file", o.trace.path}, {"events", o.trace.events}, {"dropped", o.trace.dropped},
                     {"cap", o.trace.cap}};
    if (o.wall_s > 0) {
      pt["simulated_per_host_s"] = r.simulated_s / o.wall_s;
      if (!r.work_unit.empty())
        pt["host_speed"] = r.skipped_s > 0
                               ? fmt::format("{:.0f} {} per host second, {:.1f} % of the simulated time taken as done "
                                             "by the steady-state skip",
                                             r.work_units / o.wall_s, r.work_unit, 100 * r.skipped_s / r.simulated_s)
                               : fmt::format("{:.0f} {} per host second", r.work_units / o.wall_s, r.work_unit);
      if (r.skipped_s > 0) pt["skipped_s"] = r.skipped_s;
    }
    pts.push_back(pt);
    for (auto& u : r.resources) {
      std::string drops;
      for (auto& [why, n] : u.drops) drops += fmt::format("{}{}={}", drops.empty() ? "" : " ", why, n);
      bottleneck += fmt::format("{},{},{:.3f},{},{},{},{},{}\n", index[i], u.name, u.util_pct, u.ops, u.bytes, u.queue_hw,
                                u.queue_unit.empty() ? "-" : u.queue_unit, drops);
    }
    report += fmt::format("== point {}\n{}\n", index[i], r.report);
  }
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char when[32];
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  write(dir, "run.json",
        json{{"version", version_info()}, {"command", d.command_line}, {"seed", d.seed}, {"finished_at", when},
             {"wall_s", d.wall_s}, {"shard", d.shard.empty() ? "0/1" : d.shard}, {"points", pts}}
                .dump(2) + "\n");
  write(dir, "bottleneck.csv", bottleneck);
  write(dir, "report.txt", report);
}

}  // namespace ws
