#pragma once
// Runs the wirespeed binary (its path compiled in as WS_BIN by CMake) and captures its
// exit code, stdout and stderr, for tests of the command-line contract.
#include <gtest/gtest.h>
#include <cstdlib>
#include <filesystem>
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

// The running test's name as a file name part ("Suite_Name"; a parameterized
// test's slashes become underscores).
inline std::string test_stem() {
  const auto* test = testing::UnitTest::GetInstance()->current_test_info();
  std::string stem = std::string(test->test_suite_name()) + "_" + test->name();
  for (char& c : stem)
    if (c == '/') c = '_';
  return stem;
}

inline CliResult wirespeed(const std::string& args) {
  // Tests run in parallel processes: name the capture files after the test.
  const std::string base = testing::TempDir() + "ws_cli_" + test_stem();
  const std::string out = base + ".out", err = base + ".err";
  const std::string cmd = std::string(WS_BIN) + " " + args + " >" + out + " 2>" + err;
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

// Frames of `pcap` that tshark's display filter `filter` keeps, with IP, UDP
// and TCP checksum validation on.
inline int tshark_count(const std::string& pcap, const std::string& filter) {
  const std::string out = testing::TempDir() + "ws_tshark_" + test_stem() + ".txt";
  const std::string cmd = "tshark -n -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE -o tcp.check_checksum:TRUE "
                          "-r " + pcap + " -Y '" + filter + "' 2>/dev/null | wc -l > " + out;
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  return std::stoi(slurp(out));
}

// Runs the scenario `yaml` with --pcap into a fresh folder named after the
// test; `dir` gets the folder.
inline CliResult run_with_pcaps(const std::string& yaml, std::string& dir) {
  const std::string base = "ws_pcap_" + test_stem();
  dir = testing::TempDir() + base;
  std::filesystem::remove_all(dir);
  return wirespeed("run " + write_file(base + ".yaml", yaml) + " --pcap " + dir);
}

inline std::string scenario(const std::string& params_block) {
  return "platform: msc815x_pcie\nworkload: pcie_dma\nparams:\n" + params_block;
}

}  // namespace ws::test
