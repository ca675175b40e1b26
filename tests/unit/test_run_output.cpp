// `wirespeed run`'s CSV is written as points finish, in point order.
#include <gtest/gtest.h>
#include <filesystem>
#include <string>
#include <vector>
#include "app/run_output.hpp"
#include "tests/integration/cli_runner.hpp"

namespace {

ws::PointOutcome outcome(double gbps) {
  ws::PointOutcome o;
  o.ok = true;
  o.result.metrics = {{"gbps", gbps}};
  return o;
}

}  // namespace

TEST(RunOutput, CsvRowsAreWrittenAsSoonAsEveryEarlierPointHasFinished) {
  const std::string path = testing::TempDir() + "ws_run_output.csv";
  std::filesystem::remove(path);
  std::vector<ws::Point> points(3);
  const std::vector<size_t> index{0, 1, 2};
  ws::RunOutput out("csv", path, {}, {}, points, index);
  const auto a = outcome(1.5), b = outcome(2.5), c = outcome(3.5);

  out.finished(1, b);  // point 0 still running: nothing may be written out of order
  EXPECT_EQ(ws::test::slurp(path), "");
  out.finished(0, a);
  EXPECT_EQ(ws::test::slurp(path), "point,gbps\n0,1.5\n1,2.5\n");
  out.finished(2, c);
  EXPECT_EQ(ws::test::slurp(path), "point,gbps\n0,1.5\n1,2.5\n2,3.5\n");
  EXPECT_EQ(out.close(), 0);
  EXPECT_EQ(ws::test::slurp(path), "point,gbps\n0,1.5\n1,2.5\n2,3.5\n");
}

TEST(RunOutput, FailedPointIsLeftOutAndSetsTheExitCode) {
  const std::string path = testing::TempDir() + "ws_run_output_failed.csv";
  std::vector<ws::Point> points(2);
  const std::vector<size_t> index{0, 1};
  ws::RunOutput out("csv", path, {}, {}, points, index);
  ws::PointOutcome bad;
  bad.exit_code = 1;
  bad.error = "invariant broken";
  const auto good = outcome(4);
  out.finished(0, bad);
  out.finished(1, good);
  EXPECT_EQ(out.close(), 1);
  EXPECT_EQ(ws::test::slurp(path), "point,gbps\n1,4\n");
}
