// A board file is read by every command that needs its board: a bad value in
// it is refused before anything runs (exit 2) naming the file, line, key and
// valid range; the P2020-like variant, one board file, runs; a variant given
// by path at run time runs with no rebuild, and `params` says where each value
// comes from.
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

// The P2020 variant's file, its `board:` renamed, given by path beside a
// scenario: the same figures as the catalogue's p2020, no rebuild.
TEST(BoardFiles, AVariantGivenByPathRunsAsTheCatalogueOne) {
  namespace fs = std::filesystem;
  const std::string dir = testing::TempDir() + "ws_user_board";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::stringstream text;
  text << std::ifstream(std::string(WS_SOURCE_DIR) + "/platforms/mpc8572/p2020.yaml").rdbuf();
  std::string s = text.str();
  s.replace(s.find("board: p2020"), 12, "board: my_p2020");
  std::ofstream(dir + "/my_p2020.yaml") << s;
  std::stringstream scen;
  scen << std::ifstream(std::string(WS_SOURCE_DIR) + "/workloads/ipfwd/scenarios/p2020_smp.yaml").rdbuf();
  std::string sc = scen.str();
  sc.replace(sc.find("platform: p2020"), 15, "platform: my_p2020.yaml");
  std::ofstream(dir + "/mine.yaml") << sc;

  const std::string quick = " --set tester.trial_ms=2 --format csv";
  const auto mine = wirespeed("run " + dir + "/mine.yaml" + quick);
  const auto theirs = wirespeed(std::string("run ") + WS_SOURCE_DIR + "/workloads/ipfwd/scenarios/p2020_smp.yaml" + quick);
  ASSERT_EQ(mine.code, 0) << mine.err;
  ASSERT_EQ(theirs.code, 0) << theirs.err;
  EXPECT_EQ(mine.out, theirs.out);

  const auto own = wirespeed("params " + dir + "/my_p2020.yaml soc.core_mhz --format csv");
  ASSERT_EQ(own.code, 0) << own.err;
  EXPECT_NE(own.out.find(",own,"), std::string::npos) << own.out;
  const auto inherited = wirespeed("params " + dir + "/my_p2020.yaml e500.l1d_kb --format csv");
  EXPECT_NE(inherited.out.find(",inherited from mpc8572,"), std::string::npos) << inherited.out;
  const auto base = wirespeed("params p2020 e500.l1d_kb --format csv");
  EXPECT_NE(base.out.find(",inherited from mpc8572,"), std::string::npos) << base.out;
}

TEST(BoardFiles, ACycleOfExtendsExitsTwoNamingIt) {
  const std::string a = ws::test::write_file("ws_cycle_a.yaml", "board: cycle_a\ndescription: \"x\"\nextends: ws_cycle_b.yaml\n"
                                             "defaults:\n  soc.core_mhz: {value: 1200, source: x}\n");
  ws::test::write_file("ws_cycle_b.yaml", "board: cycle_b\ndescription: \"x\"\nextends: ws_cycle_a.yaml\n"
                       "defaults:\n  soc.core_mhz: {value: 1000, source: x}\n");
  const auto r = wirespeed("params " + a);
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("key 'extends': a cycle ("), std::string::npos) << r.err;
}

// A catalogue variant is a board to extend too; a user's board may not take a catalogue board's name.
TEST(BoardFiles, AUsersBoardExtendsAVariantAndKeepsItsOwnName) {
  const std::string v = ws::test::write_file("ws_on_p2020.yaml", "board: on_p2020\ndescription: \"x\"\nextends: p2020\n"
                                             "defaults:\n  soc.core_mhz: {value: 1000, source: x}\n");
  const auto r = wirespeed("params " + v + " l2.kb --format csv");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("l2.kb,512,"), std::string::npos) << r.out;  // the P2020's, not the MPC8572's
  EXPECT_NE(r.out.find(",inherited from p2020,"), std::string::npos) << r.out;
  const std::string same = ws::test::write_file("ws_named_mpc8572.yaml", "board: mpc8572\ndescription: \"x\"\n"
                                                "extends: mpc8572\ndefaults:\n  soc.core_mhz: {value: 1000, source: x}\n");
  const auto clash = wirespeed("params " + same);
  EXPECT_EQ(clash.code, 2);
  EXPECT_NE(clash.err.find("board 'mpc8572': a catalogue board has that name"), std::string::npos) << clash.err;
  const std::string none = ws::test::write_file("ws_extends_none.yaml", "board: nothing\ndescription: \"x\"\n"
                                                "extends: mpc9999\ndefaults:\n  soc.core_mhz: {value: 1000, source: x}\n");
  const auto missing = wirespeed("params " + none);
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find(none + ":3: key 'extends': no board 'mpc9999' (valid: "), std::string::npos) << missing.err;
}

TEST(BoardFiles, ABoardFileGivenByPathNeedsTheBoardItExtends) {
  const std::string path = ws::test::write_file("ws_no_extends.yaml", "board: lone\ndescription: \"x\"\ndefaults:\n"
                                                "  soc.core_mhz: {value: 1200, source: x}\n");
  const auto r = wirespeed("params " + path);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(path + ": key 'extends'"), std::string::npos) << r.err;
  const auto missing = wirespeed("params /nonexistent/board.yaml");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("/nonexistent/board.yaml: no such board file"), std::string::npos) << missing.err;
}

}  // namespace

namespace {

// The CI example (docs/ci.md) gates a user's board file read at run time: it holds as shipped.
TEST(BoardFiles, TheCiExampleOfAUsersBoardHolds) {
  const auto r = ws::test::wirespeed(std::string("check ") + WS_SOURCE_DIR + "/examples/ci/p2020_gate.yaml");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("3 of 3 expectations hold"), std::string::npos) << r.out;
}

}  // namespace

namespace {

// A board with two workloads, varied by a user's file: the variant declares
// `workload` as its base does, and both workloads run (a variant given by path
// declared no `workload` before, and the A7's run read it).
TEST(BoardFiles, AUsersVariantOfABoardWithTwoWorkloadsRunsBoth) {
  const std::string board = ws::test::write_file(
      "ws_my_a7.yaml", "board: my_a7\ndescription: \"an A7 at 1 GHz\"\nextends: a7_rtthread\n"
                       "defaults:\n  soc.core_mhz: {value: 1000, source: \"a slower grade\"}\n");
  for (const char* workload : {"iperf", "memcpy"}) {
    const std::string scenario = ws::test::write_file(
        std::string("ws_my_a7_") + workload + ".yaml",
        std::string("platform: ws_my_a7.yaml\nworkload: ") + workload + "\nparams:\n  iperf.seconds: 0.2\n"
        "  memcpy.mbytes: 0.1\n");
    const auto r = wirespeed("run " + scenario + " --format csv");
    EXPECT_EQ(r.code, 0) << workload << ": " << r.err;
  }
  const auto p = wirespeed("params " + board + " workload --format csv");
  EXPECT_NE(p.out.find("one of iperf|memcpy"), std::string::npos) << p.out;
}

}  // namespace
