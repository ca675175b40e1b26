#pragma once
// Runs the wirespeed binary (path in $WS_BIN, set by CMake) and captures its
// exit code, stdout and stderr, for tests of the command-line contract.
#include <gtest/gtest.h>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>

namespace ws::test {

struct CliResult {
  int code = -1;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline CliResult wirespeed(const std::string& args) {
  const char* bin = std::getenv("WS_BIN");
  if (!bin) ADD_FAILURE() << "WS_BIN is not set (run the tests through ctest)";
  const std::string dir = testing::TempDir();
  const std::string out = dir + "ws_cli_out.txt", err = dir + "ws_cli_err.txt";
  const std::string cmd = std::string(bin ? bin : "false") + " " + args + " >" + out + " 2>" + err;
  const int status = std::system(cmd.c_str());
  CliResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

inline std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

inline std::string scenario(const std::string& params_block) {
  return "platform: msc815x_pcie\nworkload: pcie_dma\nparams:\n" + params_block;
}

}  // namespace ws::test
