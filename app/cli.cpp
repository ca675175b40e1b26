#include "app/cli.hpp"

#include <unistd.h>
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <charconv>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include "app/output.hpp"
#include "app/merge.hpp"
#include "app/plot.hpp"
#include "app/point_runner.hpp"
#include "app/reproduce.hpp"
#include "app/reproduce_report.hpp"
#include "app/run_folder.hpp"
#include "app/run_output.hpp"
#include "app/version.hpp"
#include "models/sim/scenario.hpp"
#include "models/sim/text.hpp"
#include "platforms/platform.hpp"

namespace ws {
namespace {

struct RunArgs {
  std::string command_line;
  std::string scenario;
  std::vector<std::string> sets, sweeps;
  std::string format = "table", out, trace, pcap, shard;
  uint64_t seed = 0;
  bool seed_given = false;
  unsigned jobs = 1;
  bool replace = false;  // --out may replace a folder holding another run
  size_t trace_cap = TraceWriter::default_cap();
};

std::pair<std::string, std::string> split_kv(const std::string& s, const std::string& opt) {
  const auto eq = s.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == s.size())
    throw InputError(fmt::format("{} '{}': expected KEY=VALUE", opt, s));
  return {s.substr(0, eq), s.substr(eq + 1)};
}

std::vector<std::string> platform_names() {
  std::vector<std::string> names;
  for (auto& q : platforms()) names.push_back(q.name);
  return names;
}

const Platform& require_platform(const std::string& name, const std::string& where) {
  const Platform* p = find_platform(name);
  if (!p)
    throw InputError(fmt::format("{}: unknown platform '{}' (valid: {})", where, name, join(platform_names(), ", ")));
  return *p;
}

const Platform& platform_of(const Scenario& sc) {
  const Platform& p = require_platform(sc.platform, sc.platform_where + ": key 'platform'");
  if (std::find(p.workloads.begin(), p.workloads.end(), sc.workload) == p.workloads.end())
    throw InputError(fmt::format("{}: key 'workload': '{}' does not run on {} (valid: {})", sc.workload_where,
                                 sc.workload, p.name, join(p.workloads, ", ")));
  return p;
}

// I/N with 0 <= I < N, nothing else.
std::pair<size_t, size_t> parse_shard(const std::string& s) {
  size_t i = 0, n = 0;
  const auto slash = s.find('/');
  const char* b = s.data();
  const char* e = b + s.size();
  auto whole = [](const char* from, const char* to, size_t& v) {
    const auto [p, ec] = std::from_chars(from, to, v);
    return from != to && ec == std::errc() && p == to;
  };
  const bool ok = slash != std::string::npos && whole(b, b + slash, i) && whole(b + slash + 1, e, n) && i < n;
  if (!ok) throw InputError(fmt::format("--shard '{}': expected I/N with 0 <= I < N", s));
  return {i, n};
}

// An output file we will write after the run: fail before the run, not after
// it. The file is opened for writing to find out (permissions do not stop root,
// a read-only or virtual file system does), and left as it was.
void check_writable(const std::string& path, const std::string& opt) {
  namespace fs = std::filesystem;
  if (path.empty()) return;
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw InputError(fmt::format("{} {}: is a directory; give a file name", opt, path));
  const bool existed = fs::exists(path, ec);
  if (existed && !fs::is_regular_file(path, ec))
    throw InputError(fmt::format("{} {}: not a regular file", opt, path));
  const int fd = ::open(path.c_str(), O_WRONLY | (existed ? O_APPEND : O_CREAT | O_EXCL), 0644);
  if (fd < 0) throw InputError(fmt::format("{} {}: cannot write there ({})", opt, path, std::strerror(errno)));
  ::close(fd);
  if (!existed) fs::remove(path, ec);
}

// A directory we will write files into: made now if missing, and probed with a file.
void check_writable_dir(const std::string& path, const std::string& opt) {
  namespace fs = std::filesystem;
  if (path.empty()) return;
  std::error_code ec;
  if (fs::exists(path, ec) && !fs::is_directory(path, ec))
    throw InputError(fmt::format("{} {}: exists and is not a directory", opt, path));
  fs::create_directories(path, ec);
  if (ec) throw InputError(fmt::format("{} {}: cannot create the directory ({})", opt, path, ec.message()));
  check_writable((fs::path(path) / ".wirespeed_probe").string(), opt);
}

// --out, --trace and --pcap must not name the same place.
void check_distinct(const RunArgs& a) {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, std::string>> given;
  for (auto [opt, path] : {std::pair{"--out", &a.out}, std::pair{"--trace", &a.trace}, std::pair{"--pcap", &a.pcap}})
    if (!path->empty()) given.emplace_back(opt, fs::weakly_canonical(*path).string());
  for (size_t i = 0; i < given.size(); ++i)
    for (size_t j = i + 1; j < given.size(); ++j)
      if (given[i].second == given[j].second)
        throw InputError(fmt::format("{} and {} both name {}; give each output its own place", given[i].first,
                                     given[j].first, given[i].second));
}

// A seed as the scenario file takes it: 0 .. 2^63-1, digits only.
uint64_t parse_seed(const std::string& s, const std::string& opt) {
  constexpr uint64_t kMax = uint64_t(std::numeric_limits<int64_t>::max());
  uint64_t x = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos || ec != std::errc() ||
      p != s.data() + s.size() || x > kMax)
    throw InputError(fmt::format("{} '{}': expected an integer 0..{} (2^63-1)", opt, s, kMax));
  return x;
}

// A sweep point's trace file, named after its values: out.json with
// dma.block_bytes=1024 and pcie.lanes=4 gives out.dma.block_bytes=1024.pcie.lanes=4.json.
std::string point_file(const std::string& path, const std::vector<std::pair<std::string, std::vector<Override>>>& axes,
                       const ParamTable& t) {
  std::string stem = path, ext = ".json";
  if (stem.size() > 5 && stem.substr(stem.size() - 5) == ".json") stem.resize(stem.size() - 5);
  for (auto& [key, values] : axes) {
    std::string v = t.text(key);
    for (char& c : v)
      if (c == '/' || c == ' ') c = '_';
    stem += "." + key + "=" + v;
  }
  return stem + ext;
}

// The sweep axes in order: scenario sweeps, then --sweep (which replaces a scenario axis of the same key).
std::vector<std::pair<std::string, std::vector<Override>>> sweep_axes(const Scenario& sc, const RunArgs& a) {
  auto axes = sc.sweeps;
  std::vector<std::string> given;
  for (const auto& s : a.sweeps) {
    auto [key, list] = split_kv(s, "--sweep");
    std::vector<Override> values;
    size_t start = 0;
    while (start <= list.size()) {
      const auto comma = list.find(',', start);
      const auto v = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (v.empty()) throw InputError(fmt::format("--sweep {}: empty value in '{}'", key, list));
      if (std::any_of(values.begin(), values.end(), [&](const Override& o) { return same_value(o.value, v); }))
        throw InputError(fmt::format("--sweep {}: value '{}' is listed twice", key, v));
      values.push_back({key, v, "--sweep"});
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    if (std::count(given.begin(), given.end(), key))
      throw InputError(fmt::format("--sweep {}: given twice; list all its values in one --sweep", key));
    given.push_back(key);
    auto it = std::find_if(axes.begin(), axes.end(), [&](auto& ax) { return ax.first == key; });
    if (it != axes.end())
      it->second = values;
    else
      axes.emplace_back(key, values);
  }
  return axes;
}

// "[done/total] what done" on a terminal's stderr, rewritten in place.
void show_progress(size_t done, size_t total, const std::string& what) {
  static const bool tty = isatty(STDERR_FILENO);
  if (tty && total > 1) std::cerr << fmt::format("\r[{}/{}] {} done", done, total, what) << (done == total ? "\n" : "");
}

// The most points one `run` takes (documented in docs/scenarios.md and README).
constexpr size_t kMaxPoints = 10000;

int cmd_run(const RunArgs& a, bool validate_only) {
  const Scenario sc = load_scenario(a.scenario);
  const Platform& platform = platform_of(sc);
  ParamTable base;
  platform.declare(base);
  // A platform with several workloads reads which one from its "workload" key.
  if (base.specs().count("workload")) base.set("workload", sc.workload, sc.workload_where);
  apply(sc, base);
  std::vector<std::string> columns;  // every set or swept key, in first-seen order
  auto note = [&](const std::string& k) {
    if (std::find(columns.begin(), columns.end(), k) == columns.end()) columns.push_back(k);
  };
  for (auto& o : sc.params) note(o.key);
  for (const auto& s : a.sets) {
    auto [k, v] = split_kv(s, "--set");
    base.set(k, v, "--set");
    note(k);
  }
  const auto axes = sweep_axes(sc, a);
  for (auto& ax : axes) {
    if (base.origin(ax.first) == "--set")
      throw InputError(fmt::format("--set {}: the key is also swept; give it in one place", ax.first));
    note(ax.first);
  }

  // Cartesian product of the axes, the last axis varying fastest; refused above
  // kMaxPoints before anything is built (split larger studies into several runs).
  size_t total = 1;
  std::string sizes;
  for (const auto& [key, values] : axes) {
    sizes += fmt::format("{}{} x{}", sizes.empty() ? "" : ", ", key, values.size());
    total = total > kMaxPoints / values.size() ? kMaxPoints + 1 : total * values.size();
  }
  if (total > kMaxPoints)
    throw InputError(fmt::format("sweep: {} makes more than {} points; sweep fewer values or split the study into "
                                 "several runs", sizes, kMaxPoints));
  std::vector<ParamTable> tables{base};
  for (const auto& [key, values] : axes) {
    std::vector<ParamTable> next;
    for (const auto& t : tables)
      for (const auto& v : values) {
        ParamTable u = t;
        u.set(key, v.value, v.where);
        next.push_back(std::move(u));
      }
    tables = std::move(next);
  }
  const auto [shard_i, shard_n] = a.shard.empty() ? std::pair<size_t, size_t>{0, 1} : parse_shard(a.shard);
  for (size_t i = 0; i < tables.size(); ++i) {
    try {
      platform.check(tables[i]);
    } catch (const InputError& e) {
      std::string at;
      for (auto& ax : axes) at += fmt::format(" {}={}", ax.first, tables[i].text(ax.first));
      throw InputError(axes.empty() ? std::string(e.what()) : fmt::format("point {} ({}): {}", i, at.substr(1), e.what()));
    }
  }
  if (validate_only) {
    std::cout << fmt::format("{}: valid ({} on {}, {} point{})\n", a.scenario, sc.workload, platform.name,
                             tables.size(), tables.size() == 1 ? "" : "s");
    return 0;
  }
  if (!a.pcap.empty() && !platform.ethernet_ports)
    std::cerr << "note: --pcap: platform " << platform.name << " has no Ethernet ports\n";
  check_distinct(a);
  RunDescription d{a.command_line, a.scenario, &platform, sc.workload, a.seed_given ? a.seed : sc.seed.value_or(1),
                   &base, {}, 0, a.shard, tables.size()};
  for (auto& [key, values] : axes) {
    d.axes.push_back({key, {}});
    for (auto& v : values) d.axes.back().second.emplace_back(v.value, v.where);
  }
  if (!a.out.empty()) prepare_run_folder(a.out, run_config(d), a.shard.empty() ? "0/1" : a.shard, a.replace);
  check_writable(a.trace, "--trace");  // per-point traces go beside it
  if (!a.pcap.empty() && platform.ethernet_ports) check_writable_dir(a.pcap, "--pcap");

  TraceWriter::set_default_cap(a.trace_cap);  // the points' processes inherit it
  std::vector<Point> points;
  std::vector<size_t> index;
  for (size_t i = 0; i < tables.size(); ++i) {
    if (i % shard_n != shard_i) continue;
    Point p{&platform, tables[i], {}};
    p.options.seed = a.seed_given ? a.seed : sc.seed.value_or(1);
    if (!a.trace.empty()) p.options.trace_path = tables.size() == 1 ? a.trace : point_file(a.trace, axes, tables[i]);
    if (!a.pcap.empty() && platform.ethernet_ports)
      p.options.pcap_dir = tables.size() == 1 ? a.pcap : fmt::format("{}/point{}", a.pcap, i);
    points.push_back(std::move(p));
    index.push_back(i);
  }
  std::vector<std::string> swept;
  for (auto& ax : axes) swept.push_back(ax.first);
  const auto began = std::chrono::steady_clock::now();
  RunOutput output(a.format, a.out, columns, swept, points, index,
                   [&](const std::string& c) { return column_unit(platform, base, c); });
  const auto outcomes = run_points(points, a.jobs, [&](size_t done, size_t total, size_t i, const PointOutcome& o) {
    show_progress(done, total, "points");
    output.finished(i, o);
  });
  const int rc = output.close();
  if (!a.out.empty()) {
    d.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    write_run_folder(a.out, d, output.table(), points, index, output.outcomes());
  }
  return rc;
}

// Exit 1 when a calibration statement (below, at_least, about) fails, unless
// `no_fail`; approx figures, however far off, never decide it.
int cmd_reproduce(const std::string& name, const std::string& format, unsigned jobs, uint64_t seed,
                  const std::vector<std::string>& set_args, const std::string& kind, const std::string& plot_dir,
                  bool no_fail) {
  std::vector<std::pair<std::string, std::string>> overrides;
  for (auto& s : set_args) overrides.push_back(split_kv(s, "--set"));
  std::vector<const ReferenceSet*> sets;
  for (auto& s : reference_sets())
    if (name == "all" || s.name == name) sets.push_back(&s);
  if (sets.empty()) {
    std::vector<std::string> names;
    for (auto& s : reference_sets()) names.push_back(s.name);
    throw InputError(fmt::format("reproduce: unknown table '{}' (valid: {}|all)", name, join(names, "|")));
  }
  int rc = 0;
  for (const ReferenceSet* s : sets) {
    const auto rows = reproduce(*s, jobs, seed, overrides, kind == "all" ? "" : kind,
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
      if (r.fails()) failing.push_back(r.ref.label);
    }
    if (!failing.empty()) {
      std::cerr << fmt::format("{}: {} calibration {}{}: {}\n", s->name, failing.size(),
                               failing.size() == 1 ? "statement FAILS" : "statements FAIL",
                               no_fail ? " (--no-fail: exit 0)" : "", join(failing, "; "));
      if (!no_fail) rc = std::max(rc, 1);
    }
    std::cout << reproduction_report(*s, rows, format);
    if (!plot_dir.empty()) rc = std::max(rc, plot_reproduction(s->name, reproduction_report(*s, rows, "csv"), plot_dir));
  }
  return rc;
}

int cmd_list() {
  std::cout << "platforms:\n";
  for (auto& p : platforms()) {
    std::cout << fmt::format("  {:<16} {}\n  {:<16} workloads: ", p.name, p.description, "");
    for (auto& w : p.workloads) std::cout << w << " ";
    std::cout << "\n";
  }
  std::cout << "reference tables (wirespeed reproduce NAME):\n";
  for (auto& s : reference_sets()) std::cout << fmt::format("  {:<16} {} ({})\n", s.name, s.file, s.platform);
  std::cout << "scenarios:\n";
  for (auto& p : platforms())
    for (auto& w : p.workloads) {
      std::vector<std::string> files;
      std::error_code ec;
      for (auto& e : std::filesystem::directory_iterator(data_path("workloads/" + w + "/scenarios"), ec))
        if (e.path().extension() == ".yaml") files.push_back(e.path().string());
      std::sort(files.begin(), files.end());
      for (auto& f : files) std::cout << fmt::format("  {}\n", f);
    }
  return 0;
}

int cmd_params(const std::string& name, const std::string& key, const std::string& format) {
  const Platform* p = &require_platform(name, "params");
  ParamTable t;
  p->declare(t);
  if (!key.empty() && !t.specs().count(key)) {
    std::vector<std::string> near;  // keys of the same block, to help a typo
    const std::string block = key.substr(0, key.find('.') + 1);
    for (auto& [k, s] : t.specs())
      if (k.rfind(block, 0) == 0) near.push_back(k);
    throw InputError(fmt::format("params {}: unknown key '{}'{}", name, key,
                                 near.empty() ? " (wirespeed params " + name + " lists them)"
                                              : " (" + block + "*: " + join(near, ", ") + ")"));
  }
  Table out;
  out.columns = {"key", "default", "unit", "range", "meaning", "source"};
  for (auto& [k, s] : t.specs())
    if (key.empty() || k == key) out.rows.push_back({k, s.def, s.unit, ParamTable::range_text(s), s.meaning, s.source});
  if (format == "table") {
    for (auto& r : out.rows)
      std::cout << fmt::format("{} = {} [{}]  ({})\n    {}\n    source: {}\n", r[0], r[1], r[2], r[3], r[4], r[5]);
  } else {
    std::cout << render(out, format);
  }
  return 0;
}

// Every result column of a platform's runs, with unit and meaning; with
// `resources`, the columns of a run folder's bottleneck.csv (every platform's).
int cmd_columns(const std::string& name, const std::string& format, bool resources) {
  Table out;
  out.columns = {"column", "unit", "meaning"};
  if (resources) {
    for (auto& c : resource_columns()) out.rows.push_back({c.name, c.unit, c.meaning});
    std::cout << render(out, format);
    return 0;
  }
  if (name.empty()) throw InputError("columns: give a PLATFORM, or --resources");
  const Platform& p = require_platform(name, "columns");
  out.rows.push_back({"point", "-", "the point's index in the sweep"});
  out.rows.push_back({"<every set or swept key>", "its unit", "the parameter's value (wirespeed params " + name + ")"});
  for (auto& c : p.columns) out.rows.push_back({c.name, c.unit, c.meaning});
  out.rows.push_back({"limiting", "-", "what bounds the point: the platform's diagnosis, else the most utilised resource in its window"});
  out.rows.push_back({"top_util", "% of the window", "the three most utilised resources, name:percent"});
  std::cout << render(out, format);
  return 0;
}

}  // namespace

int cli_main(int argc, char** argv) {
  CLI::App app{"wirespeed: cycle-approximate SoC simulator of embedded network and PCIe data paths"};
  RunArgs ra;
  for (int i = 0; i < argc; ++i) ra.command_line += (i ? " " : "") + std::string(argv[i]);
  bool show_version = false;
  app.add_flag("--version", show_version, "version (git), build type, SystemC and lwIP versions");
  const std::vector<std::string> formats{"table", "csv", "json"};

  auto* run = app.add_subcommand("run", "run a scenario (with --set/--sweep what-ifs)");
  run->add_option("SCENARIO", ra.scenario, "scenario YAML file")->required();
  run->add_option("--set", ra.sets, "override a parameter: KEY=VALUE (repeatable)");
  run->add_option("--sweep", ra.sweeps, "sweep a parameter: KEY=V1,V2,... (repeatable; cartesian product)");
  run->add_option("--format", ra.format, "output format")->check(CLI::IsMember(formats));
  run->add_option("--out", ra.out, "also write a run folder DIR: results (CSV, JSON), config.json, run.json, "
                  "bottleneck.csv, report.txt (refused if DIR holds another run)");
  run->add_flag("--replace", ra.replace, "let --out replace a run folder that holds another run");
  run->add_option("--trace", ra.trace, "write Chrome/Perfetto trace-event JSON to FILE");
  run->add_option("--trace-cap", ra.trace_cap, "keep at most N events per trace (a trace that reaches it says so on "
                  "stderr and in run.json)")->check(CLI::Range(size_t{1}, size_t{1} << 28))->capture_default_str();
  run->add_option("--pcap", ra.pcap, "write one pcap per Ethernet port into DIR");
  std::string run_seed, rep_seed_text = "1";
  run->add_option("--seed", run_seed, "random seed 0..2^63-1 (default: the scenario's, else 1)");
  run->add_option("-j,--jobs", ra.jobs, "points run in parallel processes")->check(CLI::Range(1u, 256u));
  run->add_option("--shard", ra.shard, "run only points i with i mod N == I (I/N), for cluster job arrays");

  auto* val = app.add_subcommand("validate", "check a scenario file without running it");
  std::string val_file;
  val->add_option("SCENARIO", val_file, "scenario YAML file")->required();

  auto* rep = app.add_subcommand("reproduce", "reference tables: simulated vs measured vs error; exits 1 when a "
                                 "calibration statement (below, at_least, about) fails (approx figures, recorded "
                                 "misses included, never decide the exit code)");
  std::string rep_name = "all", rep_format = "table";
  unsigned rep_jobs = 1;
  rep->add_option("NAME", rep_name, "reference table name, or all");
  rep->add_option("--format", rep_format, "output format")->check(CLI::IsMember(formats));
  rep->add_option("-j,--jobs", rep_jobs, "rows run in parallel processes")->check(CLI::Range(1u, 256u));
  rep->add_option("--seed", rep_seed_text, "random seed 0..2^63-1");
  std::vector<std::string> rep_sets;
  rep->add_option("--set", rep_sets, "override a parameter in every row: KEY=VALUE (repeatable)");
  std::string rep_rows = "all";
  rep->add_option("--rows", rep_rows, "which rows to run")->check(CLI::IsMember({"all", "calibration", "withheld", "excluded"}));

  bool rep_no_fail = false;
  rep->add_flag("--no-fail", rep_no_fail, "exit 0 even when a calibration statement fails (it is still reported)");
  std::string rep_plot;
  rep->add_option("--plot", rep_plot, "also draw simulated against measured per table into DIR (PNG)");

  auto* plt = app.add_subcommand("plot", "draw a sweep's results (PNG)");
  SweepPlot plot;
  plt->add_option("RESULTS", plot.results, "results CSV, or a run folder (--out DIR)")->required();
  plt->add_option("--x", plot.x, "the swept key on the x axis (numbers, or categories evenly spaced)")->required();
  plt->add_option("--y", plot.y, "the column on the y axis")->required();
  plt->add_option("--by", plot.by, "one line per value of this key (default: per combination of the run folder's "
                  "other swept keys; points whose x repeats get markers only)");
  plt->add_flag("--logx", plot.logx, "logarithmic x axis");
  plt->add_flag("--logy", plot.logy, "logarithmic y axis");
  plt->add_option("-o,--output", plot.out, "the PNG to write")->required();

  auto* mrg = app.add_subcommand("merge", "combine the run folders of a sharded sweep (--shard I/N --out DIR)");
  std::string merge_out;
  std::vector<std::string> merge_in;
  mrg->add_option("OUT", merge_out, "the merged run folder")->required();
  mrg->add_option("SHARDS", merge_in, "the shards' run folders")->required();
  bool merge_replace = false;
  mrg->add_flag("--replace", merge_replace, "let OUT replace a run folder that holds another run");

  app.add_subcommand("list", "platforms, workloads, reference tables and scenarios");
  auto* par = app.add_subcommand("params", "parameters of a platform with units, defaults and sources");
  std::string par_name, par_key, par_format = "table";
  par->add_option("PLATFORM", par_name, "platform name")->required();
  par->add_option("KEY", par_key, "one parameter only");
  par->add_option("--format", par_format, "output format")->check(CLI::IsMember(formats));

  auto* colc = app.add_subcommand("columns", "result columns of a platform's runs with units and meanings");
  std::string col_name, col_format = "table";
  bool col_resources = false;
  colc->add_option("PLATFORM", col_name, "platform name");
  colc->add_flag("--resources", col_resources, "the columns of a run folder's bottleneck.csv instead");
  colc->add_option("--format", col_format, "output format")->check(CLI::IsMember(formats));

  // Name a mistyped subcommand (CLI11 would only say that one is required).
  if (argc > 1 && argv[1][0] != '-') {
    std::vector<std::string> names;
    for (const auto* sub : app.get_subcommands({})) names.push_back(sub->get_name());
    if (std::find(names.begin(), names.end(), argv[1]) == names.end()) {
      std::cerr << fmt::format("error: unknown subcommand '{}' (valid: {})\n", argv[1], join(names, ", "));
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  if (show_version) {
    std::cout << version_text();
    return 0;
  }
  if (app.get_subcommands().empty()) {
    std::cerr << app.help() << "error: a subcommand is required\n";
    return 2;
  }
  try {
    ra.seed_given = run->count("--seed") > 0;
    if (ra.seed_given) ra.seed = parse_seed(run_seed, "--seed");
    const uint64_t rep_seed = parse_seed(rep_seed_text, "--seed");
    if (*run) return cmd_run(ra, false);
    if (*val) {
      ra.scenario = val_file;
      return cmd_run(ra, true);
    }
    if (*rep) return cmd_reproduce(rep_name, rep_format, rep_jobs, rep_seed, rep_sets, rep_rows, rep_plot, rep_no_fail);
    if (*plt) return plot_sweep(plot);
    if (*mrg) return merge_run_folders(merge_out, merge_in, merge_replace);
    if (*par) return cmd_params(par_name, par_key, par_format);
    if (*colc) return cmd_columns(col_name, col_format, col_resources);
    return cmd_list();
  } catch (const InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "model failure: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace ws
