// A board file is read by every command that needs its board: a bad value in
// it is refused before anything runs (exit 2) naming the file, line, key and
// valid range; the P2020-like variant, one board file, runs.
#include <gtest/gtest.h>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include "tests/integration/cli_runner.hpp"

namespace {

using ws::test::wirespeed;

TEST(BoardFiles, ABadValueInABoardFileExitsTwoNamingFileLineKeyAndRange) {
  namespace fs = std::filesystem;
  const std::string home = testing::TempDir() + "ws_board_home";
  fs::remove_all(home);
  fs::create_directories(home + "/platforms");
  fs::copy(std::string(WS_SOURCE_DIR) + "/platforms", home + "/platforms", fs::copy_options::recursive);
  const std::string board = home + "/platforms/mpc8572/board.yaml";
  std::stringstream text;
  text << std::ifstream(board).rdbuf();
  std::string s = text.str();
  const auto at = s.find("  l2.kb: {value: 1024,");
  ASSERT_NE(at, std::string::npos);
  s.replace(at, 22, "  l2.kb: {value: 4096,");
  std::ofstream(board, std::ios::trunc) << s;
  const int line = 1 + int(std::count(s.begin(), s.begin() + long(at), '\n'));

  setenv("WIRESPEED_HOME", home.c_str(), 1);
  const auto r = wirespeed("params mpc8572");
  unsetenv("WIRESPEED_HOME");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find(board + ":" + std::to_string(line) + ": key 'l2.kb': 4096 is out of range; expected integer "
                       "256..2048"), std::string::npos) << r.err;
}

TEST(BoardFiles, TheP2020VariantRuns) {
  const auto r = wirespeed(std::string("run ") + WS_SOURCE_DIR +
                           "/workloads/ipfwd/scenarios/p2020_smp.yaml --set tester.trial_ms=1 --format csv");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("fwd_fps"), std::string::npos) << r.out;
}

}  // namespace
