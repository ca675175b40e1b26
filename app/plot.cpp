#include "app/plot.hpp"

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

}  // namespace

int plot_sweep(const std::string& results, const std::string& x, const std::string& y, const std::string& by,
               const std::string& out) {
  std::error_code ec;
  std::string csv = results, unit_x, unit_y;
  if (fs::is_directory(results, ec)) {  // a run folder: its rows, and its columns' units
    csv = (fs::path(results) / "results.csv").string();
    std::ifstream j((fs::path(results) / "results.json").string());
    if (j) {
      const auto doc = nlohmann::json::parse(j, nullptr, false);
      if (!doc.is_discarded() && doc.contains("columns"))
        for (auto& c : doc["columns"]) {
          if (c["name"] == x) unit_x = c["unit"];
          if (c["name"] == y) unit_y = c["unit"];
        }
    }
  }
  if (!fs::is_regular_file(csv, ec)) throw InputError(fmt::format("plot {}: no results CSV there", results));
  std::vector<std::string> args{"sweep", csv, "--x", x, "--y", y, "-o", out};
  if (!by.empty()) args.insert(args.end(), {"--by", by});
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
