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

// The rows of a run folder's results.csv, with the runner's two columns.
std::string rows_of(const std::string& dir) { return ws::test::slurp(dir + "/results.csv"); }

TEST(RunOutput, CsvRowsAreWrittenAsSoonAsEveryEarlierPointHasFinished) {
  const std::string dir = testing::TempDir() + "ws_run_output";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::vector<ws::Point> points(3);
  const std::vector<size_t> index{0, 1, 2};
  ws::RunOutput out("table", dir, {}, {}, points, index, {});
  const auto a = outcome(1.5), b = outcome(2.5), c = outcome(3.5);

  testing::internal::CaptureStdout();
  out.finished(1, b);  // point 0 still running: nothing may be written out of order
  EXPECT_EQ(rows_of(dir), "");
  out.finished(0, a);
  EXPECT_EQ(rows_of(dir), "point,gbps,limiting,top_util\n0,1.5,-,-\n1,2.5,-,-\n");
  out.finished(2, c);
  EXPECT_EQ(rows_of(dir), "point,gbps,limiting,top_util\n0,1.5,-,-\n1,2.5,-,-\n2,3.5,-,-\n");
  EXPECT_EQ(out.close(), 0);
  testing::internal::GetCapturedStdout();
  EXPECT_EQ(rows_of(dir), "point,gbps,limiting,top_util\n0,1.5,-,-\n1,2.5,-,-\n2,3.5,-,-\n");
}

TEST(RunOutput, FailedPointIsLeftOutAndSetsTheExitCode) {
  const std::string dir = testing::TempDir() + "ws_run_output_failed";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::vector<ws::Point> points(2);
  const std::vector<size_t> index{0, 1};
  ws::RunOutput out("table", dir, {}, {}, points, index, {});
  ws::PointOutcome bad;
  bad.exit_code = 1;
  bad.error = "invariant broken";
  const auto good = outcome(4);
  out.finished(0, bad);
  out.finished(1, good);
  testing::internal::CaptureStdout();
  EXPECT_EQ(out.close(), 1);
  testing::internal::GetCapturedStdout();
  EXPECT_EQ(rows_of(dir), "point,gbps,limiting,top_util\n1,4,-,-\n");
}
