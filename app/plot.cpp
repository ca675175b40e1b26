#include "app/plot.hpp"

#include "app/output_paths.hpp"

#include <fmt/format.h>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>
#include "app/reproduce.hpp"
#include "models/sim/param.hpp"

namespace ws {
namespace {

namespace fs = std::filesystem;
constexpr const char* kPython = "/usr/bin/python3";  // Debian's, where python3-matplotlib lives

// Runs scripts/plot.py with `args`; its own errors (exit 2) pass through.
int run_script(const std::vector<std::string>& args) {
  if (::access(kPython, X_OK) != 0 ||
      std::system(fmt::format("{} -c 'import matplotlib' 2>/dev/null", kPython).c_str()) != 0)
    throw InputError("plot: needs Debian's python3-matplotlib (scripts/setup.sh installs it)");
  std::vector<std::string> argv{kPython, data_path("scripts/plot.py")};
  argv.insert(argv.end(), args.begin(), args.end());
  const pid_t pid = fork();
  if (pid == 0) {
    std::vector<char*> a;
    for (auto& s : argv) a.push_back(s.data());
    a.push_back(nullptr);
    execv(kPython, a.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status)) return 1;
  return WEXITSTATUS(status) == 0 ? 0 : WEXITSTATUS(status) == 2 ? 2 : 1;
}

// A run folder's JSON file, or null when it is missing or not JSON.
nlohmann::json folder_json(const std::string& dir, const char* name) {
  std::ifstream f((fs::path(dir) / name).string());
  return f ? nlohmann::json::parse(f, nullptr, false) : nlohmann::json();
}

}  // namespace

int plot_sweep(const SweepPlot& p) {
  std::error_code ec;
  std::string csv = p.results, unit_x, unit_y, swept;
  const bool folder = fs::is_directory(p.results, ec);
  if (folder) {  // a run folder: its rows, its columns' units and its swept keys
    csv = (fs::path(p.results) / "results.csv").string();
    const auto results = folder_json(p.results, "results.json");
    if (results.is_object() && results.contains("columns"))
      for (auto& c : results["columns"]) {
        if (c["name"] == p.x) unit_x = c["unit"];
        if (c["name"] == p.y) unit_y = c["unit"];
      }
    const auto config = folder_json(p.results, "config.json");
    if (config.is_object() && config.contains("sweep"))
      for (auto& [key, values] : config["sweep"].items()) swept += (swept.empty() ? "" : ",") + key;
  }
  if (!fs::is_regular_file(csv, ec)) throw InputError(fmt::format("plot {}: no results CSV there", p.results));
  check_writable(p.out, "-o");  // a missing folder is bad input, not the script's traceback
  const fs::path named = fs::path(p.results).lexically_normal();
  const std::string name = folder ? (named.has_filename() ? named.filename() : named.parent_path().filename()).string()
                                  : named.stem().string();
  std::vector<std::string> args{"sweep", csv, "--x", p.x, "--y", p.y, "--name", name, "-o", p.out};
  if (!p.by.empty()) args.insert(args.end(), {"--by", p.by});
  if (!swept.empty()) args.insert(args.end(), {"--swept", swept});
  if (p.logx) args.push_back("--logx");
  if (p.logy) args.push_back("--logy");
  if (!unit_x.empty()) args.insert(args.end(), {"--unit-x", unit_x});
  if (!unit_y.empty()) args.insert(args.end(), {"--unit-y", unit_y});
  return run_script(args);
}

int plot_reproduction(const std::string& name, const std::string& csv, const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw InputError(fmt::format("--plot {}: cannot create the directory ({})", dir, ec.message()));
  const std::string path = (fs::path(dir) / (name + "_reproduce.csv")).string();
  std::ofstream(path) << csv;
  return run_script({"reproduce", path, "--name", name, "--dir", dir});
}

}  // namespace ws
