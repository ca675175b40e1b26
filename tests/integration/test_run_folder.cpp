// A run tells its whole story: --version, the run folder of --out DIR (what
// ran, with which parameters and version, what came out, in which units, what
// limited it), and one parameter by key.
#include <gtest/gtest.h>
#include <filesystem>
#include <sstream>
#include <nlohmann/json.hpp>
#include "tests/integration/cli_runner.hpp"

namespace ws::test {
namespace {

using nlohmann::json;

TEST(RunFolder, VersionNamesGitSystemcAndLwip) {
  const auto r = wirespeed("--version");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("wirespeed "), std::string::npos);
  EXPECT_NE(r.out.find("Release build"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("SystemC 2.3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("lwIP"), std::string::npos) << r.out;
}

TEST(RunFolder, HoldsResultsConfigRunAndBottleneckOfASweep) {
  const std::string dir = testing::TempDir() + "ws_run_folder";
  std::filesystem::remove_all(dir);
  const auto path = write_file("folder.yaml", scenario("  dma.blocks: 8\n"));
  const auto r = wirespeed("run " + path + " --set pcie.lanes=2 --sweep dma.block_bytes=1024,4096 --seed 7 --out " + dir);
  ASSERT_EQ(r.code, 0) << r.err;

  const json results = json::parse(slurp(dir + "/results.json"));
  ASSERT_EQ(results["rows"].size(), 2u);
  const json& row = results["rows"][1];
  EXPECT_TRUE(row["dma.block_bytes"].is_number_integer()) << "JSON integers are integers";
  EXPECT_EQ(row["dma.block_bytes"], 4096);
  EXPECT_TRUE(row["tlps"].is_number_integer());
  EXPECT_TRUE(row["gbps"].is_number_float());
  EXPECT_FALSE(row["limiting"].get<std::string>().empty());
  EXPECT_NE(row["top_util"].get<std::string>().find(':'), std::string::npos);
  bool gbps_unit = false;
  for (auto& c : results["columns"])
    if (c["name"] == "gbps") gbps_unit = c["unit"].get<std::string>().find("both directions") != std::string::npos;
  EXPECT_TRUE(gbps_unit) << "gbps says it is both directions summed";

  const json config = json::parse(slurp(dir + "/config.json"));
  EXPECT_EQ(config["platform"], "msc815x_pcie");
  EXPECT_EQ(config["seed"], 7);
  EXPECT_EQ(config["params"]["pcie.lanes"]["origin"], "--set");
  EXPECT_EQ(config["params"]["pcie.lanes"]["value"], 2);
  EXPECT_EQ(config["params"]["dma.blocks"]["origin"], path + ":4");
  EXPECT_EQ(config["params"]["pcie.mps"]["origin"], "default");
  EXPECT_EQ(config["params"]["pcie.mps"]["unit"], "B");
  EXPECT_EQ(config["params"]["dma.block_bytes"]["origin"], "sweep");
  EXPECT_EQ(config["sweep"]["dma.block_bytes"].size(), 2u);

  const json run = json::parse(slurp(dir + "/run.json"));
  EXPECT_NE(run["command"].get<std::string>().find("--sweep dma.block_bytes=1024,4096"), std::string::npos);
  EXPECT_FALSE(run["version"]["wirespeed"].get<std::string>().empty());
  ASSERT_EQ(run["points"].size(), 2u);
  EXPECT_GT(run["points"][0]["simulated_s"].get<double>(), 0);
  EXPECT_GT(run["points"][0]["wall_s"].get<double>(), 0);
  EXPECT_NE(run["points"][0]["host_speed"].get<std::string>().find("TLPs per host second"), std::string::npos);

  const std::string bottleneck = slurp(dir + "/bottleneck.csv");
  EXPECT_EQ(bottleneck.rfind("point,resource,util_pct,ops,bytes,queue_hw,queue_unit,drops\n", 0), 0u) << bottleneck;
  EXPECT_NE(bottleneck.find(",TLPs,"), std::string::npos) << "a queue of TLPs says so: " << bottleneck;
  EXPECT_NE(bottleneck.find("\n1,"), std::string::npos) << "both points' resources";
  EXPECT_NE(slurp(dir + "/results.csv").find("limiting,top_util"), std::string::npos);
  EXPECT_NE(slurp(dir + "/report.txt").find("limiting resource"), std::string::npos);

  // The same run again reuses its folder; another run is refused (naming what
  // the folder holds) unless told to replace it.
  EXPECT_EQ(wirespeed("run " + path + " --set pcie.lanes=2 --sweep dma.block_bytes=1024,4096 --seed 7 --out " + dir).code, 0);
  const auto other = wirespeed("run " + path + " --out " + dir);
  EXPECT_EQ(other.code, 2);
  EXPECT_NE(other.err.find("--out " + dir + ": holds another run (2 points of " + path + " on msc815x_pcie"),
            std::string::npos) << other.err;
  EXPECT_NE(other.err.find("--replace"), std::string::npos) << other.err;
  EXPECT_TRUE(other.out.empty());
  EXPECT_EQ(json::parse(slurp(dir + "/results.json"))["rows"].size(), 2u) << "the earlier run is kept";
  EXPECT_EQ(wirespeed("run " + path + " --out " + dir + " --replace").code, 0);
  EXPECT_EQ(json::parse(slurp(dir + "/results.json"))["rows"].size(), 1u);
}

TEST(RunFolder, TableHeadersCarryUnits) {
  const auto path = write_file("units.yaml", scenario("  dma.blocks: 8\n"));
  const auto r = wirespeed("run " + path);
  ASSERT_EQ(r.code, 0) << r.err;
  std::string units;  // the line under each block's header
  std::istringstream lines(r.out);
  for (std::string l, before; std::getline(lines, l); before = l)
    if (before.rfind("point", 0) == 0) units += l + "\n";
  EXPECT_NE(units.find("[Gb/s (both directions)]"), std::string::npos) << r.out;
  EXPECT_NE(units.find("[blocks]"), std::string::npos) << r.out;
}

TEST(RunFolder, ParamsShowsOneKeyAndJson) {
  const auto one = wirespeed("params msc8144 qe.rx_risc_cycles");
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(one.out.rfind("qe.rx_risc_cycles = 700 [QE cycles]", 0), 0u) << one.out;
  EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '='), 1) << "one parameter only";
  const auto j = json::parse(wirespeed("params msc8144 --format json").out);
  EXPECT_GT(j.size(), 50u);
  const auto bad = wirespeed("params msc8144 qe.rx_risk_cycles");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("qe.rx_risc_cycles"), std::string::npos) << "the keys of the block are named: " << bad.err;
}

}  // namespace
}  // namespace ws::test

namespace ws::test {
namespace {

// docs/columns.md is generated from the same declarations: a column without a
// unit would show there and here.
TEST(RunFolder, EveryColumnOfBothPlatformsHasAUnit) {
  const std::string echo = std::string(WS_SOURCE_DIR) + "/workloads/udp_echo/scenarios/echo_64b.yaml";
  const auto dma = write_file("units_dma.yaml", scenario("  dma.blocks: 8\n"));
  for (const std::string& run : {echo + " --set tester.mode=line_rate_size --set tester.trial_ms=1", dma}) {
    const std::string dir = testing::TempDir() + "ws_units_" + std::to_string(run.size());
    std::filesystem::remove_all(dir);
    ASSERT_EQ(wirespeed("run " + run + " --out " + dir).code, 0) << run;
    const auto results = nlohmann::json::parse(slurp(dir + "/results.json"));  // kept alive for the loop
    ASSERT_GT(results["columns"].size(), 10u);
    for (auto& c : results["columns"]) {
      EXPECT_FALSE(c["unit"].get<std::string>().empty()) << c["name"] << " has no unit";
      EXPECT_FALSE(c["meaning"].get<std::string>().empty()) << c["name"] << " has no meaning";
    }
  }
}

}  // namespace
}  // namespace ws::test

namespace ws::test {
namespace {

TEST(Merge, ShardsCombineIntoOneFolderWithEveryPointOnce) {
  const auto path = write_file("merge.yaml", scenario("  dma.blocks: 8\n"));
  const std::string base = testing::TempDir() + "ws_merge_";
  const std::string sweep = " --sweep dma.block_bytes=256,1024,4096,8192 --sweep pcie.lanes=1,4";
  for (int i = 0; i < 3; ++i) {
    std::filesystem::remove_all(base + std::to_string(i));
    ASSERT_EQ(wirespeed("run " + path + sweep + " --shard " + std::to_string(i) + "/3 --out " + base + std::to_string(i)).code, 0);
  }
  std::filesystem::remove_all(base + "all");
  const auto r = wirespeed("merge " + base + "all " + base + "2 " + base + "0 " + base + "1");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto rows = nlohmann::json::parse(slurp(base + "all/results.json"))["rows"];
  ASSERT_EQ(rows.size(), 8u);
  for (size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i]["point"], i) << "in point order";
  std::istringstream csv(slurp(base + "all/results.csv"));
  std::string line;
  std::getline(csv, line);
  for (int i = 0; std::getline(csv, line); ++i) EXPECT_EQ(line.rfind(std::to_string(i) + ",", 0), 0u) << line;
  const auto points = nlohmann::json::parse(slurp(base + "all/run.json"))["points"];
  ASSERT_EQ(points.size(), 8u) << "every point's times";
  for (size_t i = 0; i < points.size(); ++i) {
    EXPECT_EQ(points[i]["point"], i) << "in point order";
    EXPECT_GT(points[i]["simulated_s"].get<double>(), 0);
    EXPECT_GT(points[i]["wall_s"].get<double>(), 0);
  }

  const auto missing = wirespeed("merge " + base + "part " + base + "0 " + base + "2");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("in no shard: 1, 4, 7"), std::string::npos) << missing.err;
  const auto twice = wirespeed("merge " + base + "twice " + base + "0 " + base + "0 " + base + "1 " + base + "2");
  EXPECT_EQ(twice.code, 2);
  EXPECT_NE(twice.err.find("point 0 is in both"), std::string::npos) << twice.err;
  std::filesystem::remove_all(base + "other");
  ASSERT_EQ(wirespeed("run " + path + sweep + " --set pcie.mps=128 --shard 1/3 --out " + base + "other").code, 0);
  const auto other = wirespeed("merge " + base + "mixed " + base + "0 " + base + "other " + base + "2");
  EXPECT_EQ(other.code, 2);
  EXPECT_NE(other.err.find("another configuration"), std::string::npos) << other.err;
}

}  // namespace
}  // namespace ws::test
