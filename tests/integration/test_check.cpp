// `wirespeed check`: a scenario's expectations gate a run (exit 0, 1, 2), its
// JUnit XML, and --update rewriting the expected values in place; and
// `reproduce` as a gate: a calibrated row that moves out of its tolerance
// fails the run, a recorded miss does not unless --strict.
#include <gtest/gtest.h>
#include <string>
#include "tests/integration/cli_runner.hpp"

namespace {

using ws::test::slurp;
using ws::test::wirespeed;
using ws::test::write_file;

// The PCIe DMA default scenario, a point of a few milliseconds of host time.
std::string scenario(const std::string& name, const std::string& expect) {
  return write_file(name, std::string("platform: msc815x_pcie\nworkload: pcie_dma\nparams:\n  dma.blocks: 4\n"
                                      "sweep:\n  pcie.lanes: [1, 4]\nexpect:\n") + expect);
}

TEST(Check, PassesFailsAndWritesJUnit) {
  const std::string pass = scenario("check_pass.yaml",
                                    "  - column: gbps\n    where: {pcie.lanes: 4}\n    at_least: 1\n"
                                    "  - column: gbps\n    at_most: 100\n");
  const std::string junit = testing::TempDir() + "check.xml";
  const auto ok = wirespeed("check " + pass + " --junit " + junit);
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(ok.out.find("3 of 3 expectations hold"), std::string::npos) << ok.out;
  const std::string xml = slurp(junit);
  EXPECT_NE(xml.find("<testsuites name=\"wirespeed check\" tests=\"3\" failures=\"0\" errors=\"0\">"),
            std::string::npos) << xml;

  const std::string fail = scenario("check_fail.yaml", "  - column: gbps\n    where: {pcie.lanes: 1}\n    value: 99\n"
                                                       "    tolerance: 2%\n");
  const auto bad = wirespeed("check " + fail + " --junit " + junit);
  EXPECT_EQ(bad.code, 1) << bad.err;
  EXPECT_NE(bad.out.find("FAIL"), std::string::npos) << bad.out;
  const std::string xml2 = slurp(junit);
  EXPECT_NE(xml2.find("failures=\"1\""), std::string::npos) << xml2;
  EXPECT_NE(xml2.find("<failure message=\"" + fail + ":8: expected 99 ± 2 %, got"), std::string::npos) << xml2;
}

TEST(Check, BadExpectationsExitTwoNamingFileLineAndValidValues) {
  const auto column = wirespeed("check " + scenario("check_col.yaml", "  - column: speed\n    at_least: 1\n"));
  EXPECT_EQ(column.code, 2);
  EXPECT_NE(column.err.find("check_col.yaml:8: key 'column': 'speed' is not a result column of msc815x_pcie (valid: gbps"),
            std::string::npos) << column.err;
  const auto none = wirespeed("check " + scenario("check_none.yaml", "  - column: gbps\n    where: {pcie.lanes: 2}\n"
                                                                      "    at_least: 1\n"));
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("key 'where': selects no point"), std::string::npos) << none.err;
  const auto tol = wirespeed("check " + scenario("check_tol.yaml", "  - column: gbps\n    value: 3\n"));
  EXPECT_EQ(tol.code, 2);
  EXPECT_NE(tol.err.find("a value needs its tolerance"), std::string::npos) << tol.err;
  const auto empty = wirespeed("check " + write_file("check_empty.yaml", "platform: msc815x_pcie\nworkload: pcie_dma\n"));
  EXPECT_EQ(empty.code, 2);
  EXPECT_NE(empty.err.find("no 'expect' list"), std::string::npos) << empty.err;
}

// --update writes the run's figure over the expected value, keeps its
// tolerance and every other line; the next check passes.
TEST(Check, UpdateRewritesTheExpectedValuesInPlace) {
  const std::string path = scenario("check_update.yaml", "  - column: gbps  # the x4 link\n    where: {pcie.lanes: 4}\n"
                                                         "    value: 1.5\n    tolerance: 0.5%\n");
  const auto before = slurp(path);
  const auto up = wirespeed("check " + path + " --update");
  EXPECT_EQ(up.code, 0) << up.err;
  const auto after = slurp(path);
  EXPECT_NE(after, before);
  EXPECT_EQ(after.find("value: 1.5\n"), std::string::npos) << after;
  EXPECT_NE(after.find("    tolerance: 0.5%\n"), std::string::npos) << after;
  EXPECT_NE(after.find("  - column: gbps  # the x4 link\n"), std::string::npos) << after;
  EXPECT_EQ(wirespeed("check " + path).code, 0) << slurp(path);
}

TEST(Check, ReproduceGatesACalibratedRowThatMoves) {
  const auto moved = wirespeed("reproduce pcie -j 2 --rows calibration --set soc.core_mhz=100");
  EXPECT_EQ(moved.code, 1) << moved.err;
  EXPECT_NE(moved.err.find("calibration rows are outside their tolerance"), std::string::npos) << moved.err;
  // The A7's recorded misses are marked and do not decide the exit code, unless --strict.
  const auto a7 = wirespeed("reproduce rtthread -j 2 --rows calibration");
  EXPECT_EQ(a7.code, 0) << a7.err;
  EXPECT_NE(a7.out.find("recorded misses"), std::string::npos) << a7.out;
  EXPECT_EQ(wirespeed("reproduce rtthread -j 2 --rows calibration --strict").code, 1);
}

}  // namespace
