#include "app/cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>
#include "app/advise_command.hpp"
#include "app/catalogue.hpp"
#include "app/check_command.hpp"
#include "app/merge.hpp"
#include "app/option_values.hpp"
#include "app/plot.hpp"
#include "app/reproduce_command.hpp"
#include "app/run_command.hpp"
#include "app/version.hpp"
#include "models/sim/param.hpp"
#include "models/sim/text.hpp"

namespace ws {

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
  run->add_option("--seed", ra.seed_text, "random seed 0..2^63-1 (default: the scenario's, else 1)");
  run->add_option("-j,--jobs", ra.jobs, "points run in parallel processes")->check(CLI::Range(1u, 256u));
  run->add_option("--shard", ra.shard, "run only points i with i mod N == I (I/N), for cluster job arrays");
  run->add_flag("--yes", ra.yes, "run a sweep of more than 1000 points without asking (the first -j points are "
                "timed and the estimate for the rest printed first); without a terminal such a sweep needs it");

  auto* val = app.add_subcommand("validate", "check a scenario file without running it");
  RunArgs va;
  val->add_option("SCENARIO", va.scenario, "scenario YAML file")->required();

  auto* rep = app.add_subcommand("reproduce", "reference tables: simulated vs measured vs error; exits 1 when a "
                                 "calibration row (a figure or a statement) falls outside its tolerance (a figure: 5 "
                                 "% unless its table says; about: 25 %); recorded misses are marked and decide the "
                                 "exit code only with --strict");
  ReproduceArgs rp;
  rep->add_option("NAME", rp.name, "reference table name, or all");
  rep->add_option("--format", rp.format, "output format")->check(CLI::IsMember(formats));
  rep->add_option("-j,--jobs", rp.jobs, "rows run in parallel processes")->check(CLI::Range(1u, 256u));
  rep->add_option("--seed", rp.seed_text, "random seed 0..2^63-1");
  rep->add_option("--set", rp.sets, "override a parameter in every row: KEY=VALUE (repeatable)");
  rep->add_option("--rows", rp.rows, "which rows to run")->check(CLI::IsMember({"all", "calibration", "withheld", "excluded", "context"}));
  rep->add_flag("--no-fail", rp.no_fail, "exit 0 even when a calibration row fails (it is still reported)");
  rep->add_flag("--strict", rp.strict, "recorded misses outside their tolerance fail the run too");
  rep->add_option("--plot", rp.plot_dir, "also draw simulated against measured per table into DIR (PNG)");

  auto* chk = app.add_subcommand("check", "run scenarios and hold them to their expectations (expect: in the "
                                 "scenario, docs/ci.md); exits 0 when every one holds, 1 when one does not or a point "
                                 "fails, 2 on bad input");
  CheckArgs ca;
  chk->add_option("SCENARIOS", ca.files, "scenario YAML files with an expect: list")->required();
  chk->add_option("--set", ca.sets, "override a parameter in every scenario: KEY=VALUE (repeatable)");
  chk->add_option("--junit", ca.junit, "also write JUnit XML to FILE (GitLab, Jenkins, GitHub Actions read it)");
  chk->add_option("--format", ca.format, "output format")->check(CLI::IsMember(formats));
  chk->add_option("-j,--jobs", ca.jobs, "points run in parallel processes")->check(CLI::Range(1u, 256u));
  chk->add_flag("--update", ca.update, "rewrite each expected value from this run (its tolerance kept), as "
                "snapshot tests are refreshed; bounds are left alone");

  auto* adv = app.add_subcommand("advise", "which change buys the most: runs the scenario, each lever's candidates "
                                 "(the board file's lever: entries), then the best together; ranks them by the gain on "
                                 "the headline column (docs/advise.md)");
  AdviseArgs aa;
  adv->add_option("SCENARIO", aa.scenario, "scenario YAML file (its points' mean is ranked on), or a platform's name "
                  "for its default scenario (wirespeed list names them)")->required();
  adv->add_option("--set", aa.sets, "the configuration to advise on: KEY=VALUE (repeatable)");
  adv->add_option("--metric", aa.metric, "the result column to rank on (default: the platform's headline, the first)");
  adv->add_flag("--lower", aa.lower, "lower is better on the metric (a CPU load, a latency)");
  adv->add_option("--budget", aa.budget, "the most simulation runs it may make (points x changes)")
      ->check(CLI::Range(size_t{1}, kMaxBudget))->capture_default_str();
  adv->add_option("--combine", aa.combine, "combine the best value of up to N levers that gained most (1: none)")
      ->check(CLI::Range(size_t{1}, size_t{10}))->capture_default_str();
  adv->add_option("-j,--jobs", aa.jobs, "runs in parallel processes")->check(CLI::Range(1u, 256u));
  adv->add_option("--format", aa.format, "output format")->check(CLI::IsMember(formats));

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
  MergeArgs merge;
  mrg->add_option("OUT", merge.out, "the merged run folder")->required();
  mrg->add_option("SHARDS", merge.shards, "the shards' run folders")->required();
  mrg->add_flag("--replace", merge.replace, "let OUT replace a run folder that holds another run");

  app.add_subcommand("list", "platforms, workloads, reference tables and scenarios");
  auto* par = app.add_subcommand("params", "parameters of a platform with units, defaults and sources");
  ParamsArgs params;
  par->add_option("PLATFORM", params.platform, "platform name")->required();
  par->add_option("KEY", params.key, "one parameter only");
  par->add_option("--format", params.format, "output format")->check(CLI::IsMember(formats));

  auto* colc = app.add_subcommand("columns", "result columns of a platform's runs with units and meanings");
  ColumnsArgs columns;
  colc->add_option("PLATFORM", columns.platform, "platform name");
  colc->add_flag("--resources", columns.resources, "the columns of a run folder's bottleneck.csv instead");
  colc->add_option("--format", columns.format, "output format")->check(CLI::IsMember(formats));

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
    if (ra.seed_given) ra.seed = parse_seed(ra.seed_text, "--seed");
    rp.seed = parse_seed(rp.seed_text, "--seed");
    if (*run) return cmd_run(ra, false);
    if (*val) return cmd_run(va, true);
    if (*rep) return cmd_reproduce(rp);
    if (*chk) return cmd_check(ca);
    if (*adv) return cmd_advise(aa);
    if (*plt) return plot_sweep(plot);
    if (*mrg) return merge_run_folders(merge);
    if (*par) return cmd_params(params);
    if (*colc) return cmd_columns(columns);
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
