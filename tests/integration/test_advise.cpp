// `wirespeed advise`: on a case whose answer is known by construction (an x1
// link that bounds a 32 KB write stream, so the wider link gains most), the
// ranking, its CSV and its refusals.
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <vector>
#include "models/sim/scenario.hpp"
#include "platforms/platform.hpp"
#include "tests/integration/cli_runner.hpp"

namespace ws::test {
namespace {

const std::string kX4 = std::string(WS_SOURCE_DIR) + "/workloads/pcie_dma/scenarios/x4_write_32k.yaml";

std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    std::istringstream l(line);
    for (std::string c; std::getline(l, c, ',');) cells.push_back(c);
    rows.push_back(cells);
  }
  return rows;
}

TEST(Advise, OnALinkBoundRunTheWiderLinkRanksFirst) {
  const auto r = wirespeed("advise " + kX4 + " --set pcie.lanes=1 --format csv -j 2");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto rows = csv_rows(r.out);
  ASSERT_GT(rows.size(), 5u);
  EXPECT_EQ(rows[0], (std::vector<std::string>{"rank", "change", "gbps", "gain", "cost", "limiting"}));
  EXPECT_EQ(rows[1][1], "(as configured)");
  EXPECT_EQ(rows[1][5], "rc.pcie.link_tx");
  // The single changes best first: x4 (four lanes' bandwidth), then Gen2 (twice the rate), then x2.
  std::vector<std::string> singles;
  double last = 1e9;
  for (size_t i = 2; i < rows.size(); ++i) {
    const double g = std::stod(rows[i][3]);
    EXPECT_LE(g, last) << rows[i][1];
    last = g;
    if (rows[i][1].find(' ') == std::string::npos) singles.push_back(rows[i][1]);
  }
  ASSERT_GE(singles.size(), 3u);
  EXPECT_EQ(singles[0], "pcie.lanes=4");
  EXPECT_EQ(singles[1], "pcie.gen=2");
  EXPECT_EQ(singles[2], "pcie.lanes=2");
  // x4 moves four lanes' worth: close to 4 x, less the DLLP share that does not scale.
  for (const auto& row : rows) {
    if (row[1] == "pcie.lanes=4") {
      EXPECT_NEAR(std::stod(row[3]), 300, 15) << row[3];
    }
  }
  EXPECT_NE(r.out.find("pcie.lanes=4 pcie.gen=2"), std::string::npos) << "the two best levers combined";
}

TEST(Advise, RefusesMoreRunsThanItsBudgetAndAnUnknownMetric) {
  const auto r = wirespeed("advise " + kX4 + " --budget 5");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("over --budget 5"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
  const auto m = wirespeed("advise " + kX4 + " --metric speed");
  EXPECT_EQ(m.code, 2);
  EXPECT_NE(m.err.find("--metric: 'speed' is not a result column of msc815x_pcie (valid: gbps,"), std::string::npos)
      << m.err;
}

TEST(Advise, LeavesOutTheLeversTheScenarioSweeps) {
  const auto r = wirespeed("advise " + std::string(WS_SOURCE_DIR) +
                           "/workloads/pcie_dma/scenarios/practices.yaml --set dma.block_bytes=1024 -j 2");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Not tried (the scenario sweeps them): dma.issue, dma.in_flight"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("dma.issue="), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("over 6 points (the mean)"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace ws::test

namespace ws::test {
namespace {

// Every platform's default scenario is its own, and advise ranks its levers on it (`advise NAME`).
class AdviseOn : public testing::TestWithParam<std::string> {};

TEST_P(AdviseOn, ItsDefaultScenarioGivesARankedTable) {
  const ws::Platform& p = *ws::find_platform(GetParam());
  ASSERT_FALSE(p.scenario.empty());
  EXPECT_EQ(ws::load_scenario(std::string(WS_SOURCE_DIR) + "/" + p.scenario).platform, p.name);
  const auto r = wirespeed("advise " + p.name + " --format csv -j 2");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto rows = csv_rows(r.out);
  ASSERT_GE(rows.size(), 5u) << r.out;  // the header, the configuration as given, three changes at least
  EXPECT_EQ(rows[1][0], "-");
  EXPECT_EQ(rows[2][0], "1");
}

INSTANTIATE_TEST_SUITE_P(Catalogue, AdviseOn,
                         testing::Values("msc815x_pcie", "msc8144", "a7_rtthread", "k2h", "mpc8572", "p2020",
                                         "polarfire_pcie", "am261x_lwip"));

}  // namespace
}  // namespace ws::test
