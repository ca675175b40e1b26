#include "models/sim/scenario.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <fmt/format.h>
#include <string>

namespace {

using ws::InputError;
using ws::load_scenario;
using ws::ParamSpec;
using ws::ParamTable;
using ws::Scenario;

// Writes `text` to a fresh file under the gtest temp dir, named after the test.
std::string write_temp(const std::string& text, const std::string& suffix = "") {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  std::string path = testing::TempDir() + "ws_scenario_" + info->name() + suffix + ".yaml";
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  return path;
}

// Runs load_scenario expecting an InputError; returns its message.
std::string load_error(const std::string& path) {
  try {
    load_scenario(path);
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected InputError from " << path;
  return {};
}

#define EXPECT_HAS(msg, part) EXPECT_NE((msg).find(part), std::string::npos) << "message: " << (msg) << "\nmissing: " << (part)

TEST(Scenario, ValidFileParses) {
  std::string path = write_temp(
      "platform: msc8156_pcie\n"           // 1
      "workload: pcie_dma\n"               // 2
      "description: \"DMA over PCIe\"\n"   // 3
      "seed: 7\n"                          // 4
      "params:\n"                          // 5
      "  pcie:\n"                          // 6
      "    lanes: 4\n"                     // 7
      "    gen: \"2\"\n"                   // 8
      "  dma.block_bytes: 32768\n"         // 9
      "sweep:\n"                           // 10
      "  dma.burst: [256, 512]\n"          // 11
      "  ddr:\n"                           // 12
      "    ranks:\n"                       // 13
      "      - 1\n"                        // 14
      "      - 2\n");                      // 15
  Scenario sc = load_scenario(path);
  EXPECT_EQ(sc.path, path);
  EXPECT_EQ(sc.platform, "msc8156_pcie");
  EXPECT_EQ(sc.workload, "pcie_dma");
  EXPECT_EQ(sc.description, "DMA over PCIe");
  EXPECT_EQ(sc.platform_where, path + ":1");
  EXPECT_EQ(sc.workload_where, path + ":2");
  ASSERT_TRUE(sc.seed.has_value());
  EXPECT_EQ(*sc.seed, 7u);

  ASSERT_EQ(sc.params.size(), 3u);
  EXPECT_EQ(sc.params[0].key, "pcie.lanes");
  EXPECT_EQ(sc.params[0].value, "4");
  EXPECT_EQ(sc.params[0].where, path + ":7");
  EXPECT_EQ(sc.params[1].key, "pcie.gen");
  EXPECT_EQ(sc.params[1].value, "2");
  EXPECT_EQ(sc.params[1].where, path + ":8");
  EXPECT_EQ(sc.params[2].key, "dma.block_bytes");
  EXPECT_EQ(sc.params[2].value, "32768");
  EXPECT_EQ(sc.params[2].where, path + ":9");

  ASSERT_EQ(sc.sweeps.size(), 2u);
  EXPECT_EQ(sc.sweeps[0].first, "dma.burst");
  ASSERT_EQ(sc.sweeps[0].second.size(), 2u);
  EXPECT_EQ(sc.sweeps[0].second[0].key, "dma.burst");
  EXPECT_EQ(sc.sweeps[0].second[0].value, "256");
  EXPECT_EQ(sc.sweeps[0].second[0].where, path + ":11");
  EXPECT_EQ(sc.sweeps[0].second[1].value, "512");
  EXPECT_EQ(sc.sweeps[1].first, "ddr.ranks");
  ASSERT_EQ(sc.sweeps[1].second.size(), 2u);
  EXPECT_EQ(sc.sweeps[1].second[0].value, "1");
  EXPECT_EQ(sc.sweeps[1].second[0].where, path + ":14");
  EXPECT_EQ(sc.sweeps[1].second[1].value, "2");
  EXPECT_EQ(sc.sweeps[1].second[1].where, path + ":15");
}

TEST(Scenario, MinimalFileHasNoOptionals) {
  std::string path = write_temp("platform: p\nworkload: w\nparams:\nsweep: {}\n");
  Scenario sc = load_scenario(path);
  EXPECT_EQ(sc.platform, "p");
  EXPECT_EQ(sc.workload, "w");
  EXPECT_TRUE(sc.description.empty());
  EXPECT_FALSE(sc.seed.has_value());
  EXPECT_TRUE(sc.params.empty());
  EXPECT_TRUE(sc.sweeps.empty());
}

TEST(Scenario, SeedUpperBoundAccepted) {
  std::string path = write_temp("platform: p\nworkload: w\nseed: 9223372036854775807\n");
  Scenario sc = load_scenario(path);
  ASSERT_TRUE(sc.seed.has_value());
  EXPECT_EQ(*sc.seed, 9223372036854775807ull);
}

TEST(ScenarioErrors, ListWhereScalarExpected) {
  std::string path = write_temp(
      "platform: p\n"
      "workload: w\n"
      "params:\n"
      "  dma.block_bytes: 1\n"
      "  pcie:\n"
      "    gen: 2\n"
      "    lanes: [1, 2]\n");  // line 7
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":7:");
  EXPECT_HAS(msg, "key 'params.pcie.lanes'");
  EXPECT_HAS(msg, "expected a scalar value, got a list");
}

TEST(ScenarioErrors, NullParamValue) {
  std::string path = write_temp("platform: p\nworkload: w\nparams:\n  pcie.lanes:\n");
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":4:");
  EXPECT_HAS(msg, "params.pcie.lanes");
}

TEST(ScenarioErrors, UnknownTopLevelKey) {
  std::string path = write_temp("platform: p\nworkload: w\n\nfoo: 1\n");
  std::string msg = load_error(path);
  EXPECT_EQ(msg, path + ":4: unknown key 'foo' (valid: platform, workload, description, seed, params, sweep, expect)");
}

TEST(ScenarioErrors, MissingPlatform) {
  std::string path = write_temp("workload: w\n");
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path);
  EXPECT_HAS(msg, "platform");
}

TEST(ScenarioErrors, MissingWorkload) {
  std::string path = write_temp("platform: p\nparams:\n  a.b: 1\n");
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path);
  EXPECT_HAS(msg, "workload");
}

TEST(ScenarioErrors, EmptyFile) {
  std::string path = write_temp("");
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path);
  EXPECT_HAS(msg, "platform");
}

TEST(ScenarioErrors, TopLevelNotAMap) {
  std::string path = write_temp("- platform\n- workload\n");
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":1:");
  EXPECT_HAS(msg, "got a list");
}

TEST(ScenarioErrors, PlatformNotAString) {
  std::string path = write_temp("workload: w\nplatform: [a, b]\n");
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":2:");
  EXPECT_HAS(msg, "'platform'");
}

TEST(ScenarioErrors, UnreadableFile) {
  std::string path = testing::TempDir() + "ws_scenario_does_not_exist.yaml";
  std::filesystem::remove(path);
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path);
  EXPECT_HAS(msg, "cannot read");
}

TEST(ScenarioErrors, DirectoryIsUnreadable) {
  std::string msg = load_error(testing::TempDir());
  EXPECT_HAS(msg, testing::TempDir());
  EXPECT_HAS(msg, "cannot read");
}

TEST(ScenarioErrors, YamlSyntaxError) {
  std::string path = write_temp(
      "platform: p\n"
      "workload: w\n"
      "params:\n"
      "  pcie.lanes: [1, 2\n"  // unterminated flow sequence
      "  dma.x: 3\n");
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":");
  EXPECT_HAS(msg, "YAML syntax error");
  // The reported line must be a real line of the file (1..5).
  auto rest = msg.substr(path.size() + 1);
  int line = std::stoi(rest);
  EXPECT_GE(line, 4);
  EXPECT_LE(line, 5);
}

TEST(ScenarioErrors, YamlSyntaxErrorBadIndent) {
  std::string path = write_temp(
      "platform: p\n"
      "workload: w\n"
      "  bad: indent\n");  // line 3
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":3:");
  EXPECT_HAS(msg, "YAML syntax error");
}

TEST(ScenarioErrors, NegativeSeed) {
  std::string path = write_temp("platform: p\nworkload: w\nseed: -1\n");
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":3:");
  EXPECT_HAS(msg, "'seed'");
  EXPECT_HAS(msg, "0..9223372036854775807");
}

TEST(ScenarioErrors, NonIntegerSeed) {
  int n = 0;
  for (const char* bad : {"1.5", "abc", "[1]", "9223372036854775808", "18446744073709551616", "+1", "0x10"}) {
    std::string path = write_temp("platform: p\nworkload: w\n\nseed: " + std::string(bad) + "\n", fmt::format("_{}", n++));
    std::string msg = load_error(path);
    EXPECT_HAS(msg, path + ":4:");
    EXPECT_HAS(msg, "'seed'");
    EXPECT_HAS(msg, "0..9223372036854775807");
  }
}

TEST(ScenarioErrors, DuplicateAfterFlattening) {
  std::string path = write_temp(
      "platform: p\n"
      "workload: w\n"
      "params:\n"
      "  pcie:\n"
      "    lanes: 4\n"        // line 5
      "  dma.block_bytes: 1\n"
      "  pcie.lanes: 2\n");  // line 7
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":7:");
  EXPECT_HAS(msg, "params.pcie.lanes");
  EXPECT_HAS(msg, "5");
  EXPECT_HAS(msg, "lines 5 and 7");
}

TEST(ScenarioErrors, DuplicateLiteralKey) {
  std::string path = write_temp(
      "platform: p\n"
      "workload: w\n"
      "params:\n"
      "  pcie.lanes: 4\n"   // line 4
      "  pcie.lanes: 2\n");  // line 5
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":5:");
  EXPECT_HAS(msg, "params.pcie.lanes");
  EXPECT_HAS(msg, "lines 4 and 5");
}

TEST(ScenarioErrors, DuplicateTopLevelKey) {
  std::string path = write_temp("platform: p\nworkload: w\nplatform: q\n");
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":3:");
  EXPECT_HAS(msg, "'platform'");
  EXPECT_HAS(msg, "lines 1 and 3");
}

TEST(ScenarioErrors, DuplicateSweepKey) {
  std::string path = write_temp(
      "platform: p\n"
      "workload: w\n"
      "sweep:\n"
      "  dma:\n"
      "    block_bytes: [1, 2]\n"     // line 5
      "  dma.block_bytes: [3]\n");  // line 6
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":6:");
  EXPECT_HAS(msg, "sweep.dma.block_bytes");
  EXPECT_HAS(msg, "lines 5 and 6");
}

TEST(ScenarioErrors, SweepKeyAlsoInParams) {
  std::string path = write_temp(
      "platform: p\n"
      "workload: w\n"
      "params:\n"
      "  dma.block_bytes: 4\n"             // line 4
      "sweep:\n"
      "  dma.block_bytes: [256, 512]\n");  // line 6
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":6:");
  EXPECT_HAS(msg, "dma.block_bytes");
  EXPECT_HAS(msg, "line 4");
}

TEST(ScenarioErrors, SweepNotAList) {
  std::string path = write_temp("platform: p\nworkload: w\nsweep:\n  dma.block_bytes: 256\n");
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":4:");
  EXPECT_HAS(msg, "sweep.dma.block_bytes");
  EXPECT_HAS(msg, "list");
}

TEST(ScenarioErrors, SweepEmptyList) {
  std::string path = write_temp("platform: p\nworkload: w\nsweep:\n  dma.block_bytes: []\n");
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":4:");
  EXPECT_HAS(msg, "sweep.dma.block_bytes");
  EXPECT_HAS(msg, "empty");
}

TEST(ScenarioErrors, SweepNonScalarValue) {
  std::string path = write_temp(
      "platform: p\n"
      "workload: w\n"
      "sweep:\n"
      "  dma.block_bytes:\n"
      "    - 256\n"
      "    - [1, 2]\n");  // line 6
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":6:");
  EXPECT_HAS(msg, "sweep.dma.block_bytes");
  EXPECT_HAS(msg, "got a list");
}

TEST(ScenarioErrors, ParamsNotAMap) {
  std::string path = write_temp("platform: p\nworkload: w\nparams: [a, b]\n");
  std::string msg = load_error(path);
  EXPECT_HAS(msg, path + ":3:");
  EXPECT_HAS(msg, "'params'");
}

ParamTable lanes_table() {
  ParamTable t;
  ParamSpec s;
  s.key = "pcie.lanes";
  s.kind = ParamSpec::Kind::Int;
  s.unit = "lanes";
  s.def = "4";
  s.min = 1;
  s.max = 4;
  s.choices = {"1", "2", "4"};
  s.meaning = "PCIe link width";
  s.source = "datasheet";
  t.declare(s);
  return t;
}

TEST(ScenarioApply, SetsDeclaredValue) {
  std::string path = write_temp("platform: p\nworkload: w\nparams:\n  pcie:\n    lanes: 2\n");
  ParamTable t = lanes_table();
  ws::apply(load_scenario(path), t);
  EXPECT_EQ(t.origin("pcie.lanes"), path + ":5");
  EXPECT_EQ(t.i("pcie.lanes"), 2);
}

TEST(ScenarioApply, RejectsInvalidChoiceWithWhere) {
  std::string path = write_temp(
      "platform: p\n"
      "workload: w\n"
      "params:\n"
      "  pcie:\n"
      "    lanes: 3\n");  // line 5
  Scenario sc = load_scenario(path);
  ParamTable t = lanes_table();
  try {
    ws::apply(sc, t);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    std::string msg = e.what();
    EXPECT_HAS(msg, path + ":5");
    EXPECT_HAS(msg, "pcie.lanes");
    EXPECT_HAS(msg, "1|2|4");
    EXPECT_EQ(msg, path + ":5: key 'pcie.lanes': 3 is not valid; expected one of 1|2|4");
  }
}

TEST(ScenarioApply, RejectsUndeclaredKey) {
  std::string path = write_temp(
      "platform: p\n"
      "workload: w\n"
      "params:\n"
      "  pcie.lanes: 4\n"
      "  pcie.lane_count: 4\n");  // line 5
  Scenario sc = load_scenario(path);
  ParamTable t = lanes_table();
  try {
    ws::apply(sc, t);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    std::string msg = e.what();
    EXPECT_HAS(msg, path + ":5");
    EXPECT_HAS(msg, "pcie.lane_count");
  }
}

}  // namespace

// The expect list: its entries as written, with where the value stands in the
// file (for --update), and each mistake named with its line.
TEST(ScenarioExpect, EntriesAndTheirMistakes) {
  const std::string head = "platform: p\nworkload: w\nexpect:\n";
  const auto sc = ws::load_scenario(write_temp(
      head + "  - column: gbps\n    where: {pcie.lanes: 4}\n    value: 7.25\n    tolerance: 2%\n"
                               "  - column: gbps\n    at_most: 10\n", "_ok"));
  ASSERT_EQ(sc.expect.size(), 2u);
  EXPECT_EQ(sc.expect[0].kind, ws::Expectation::Kind::Value);
  EXPECT_EQ(sc.expect[0].bound, 7.25);
  EXPECT_TRUE(sc.expect[0].tolerance_pct);
  EXPECT_EQ(sc.expect[0].where.at(0), (std::pair<std::string, std::string>{"pcie.lanes", "4"}));
  EXPECT_EQ(sc.expect[0].value_line, 6);
  EXPECT_EQ(sc.expect[0].value_column, 11);
  EXPECT_EQ(sc.expect[1].kind, ws::Expectation::Kind::AtMost);
  const auto refused = [&](const std::string& name, const std::string& body) {
    try {
      ws::load_scenario(write_temp(head + body, name));
    } catch (const ws::InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(refused("_e1", "  - value: 3\n    tolerance: 1\n").find("missing 'column'"), std::string::npos);
  EXPECT_NE(refused("_e2", "  - column: x\n    value: 3\n    at_least: 1\n    tolerance: 1\n").find("exactly one of"),
            std::string::npos);
  EXPECT_NE(refused("_e3", "  - column: x\n    value: three\n    tolerance: 1\n").find(":5: key 'expect[1].value': expected a number"),
            std::string::npos);
  EXPECT_NE(refused("_e4", "  - column: x\n    at_least: 1\n    tolerance: 1\n").find("takes no tolerance"),
            std::string::npos);
  EXPECT_NE(refused("_e5", "  - column: x\n    value: 1\n    tolerance: -2%\n").find("is not a tolerance"),
            std::string::npos);
  EXPECT_NE(refused("_e6", "  - column: x\n    at_most: 1\n    colour: red\n").find("unknown key 'expect[1].colour'"),
            std::string::npos);
}
