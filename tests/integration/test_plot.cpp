// Pictures: a sweep drawn from a run folder and the reproduction of a reference
// set, each a real PNG with plotted content (not a blank canvas).
#include <gtest/gtest.h>
#include <cstdio>
#include <filesystem>
#include "tests/integration/cli_runner.hpp"

namespace ws::test {
namespace {

// The share of the image's pixels that are not near-white, read back by matplotlib.
double inked(const std::string& png) {
  const std::string cmd = "/usr/bin/python3 -c \"import matplotlib.image as m; a = m.imread('" + png +
                          "'); print(((a[:, :, :3] < 0.85).any(axis=2)).mean())\"";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return -1;
  double share = -1;
  if (std::fscanf(p, "%lf", &share) != 1) share = -1;
  pclose(p);
  return share;
}

void expect_png(const std::string& path) {
  const std::string bytes = slurp(path);
  ASSERT_GT(bytes.size(), 8u) << path;
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8)) << path << " is not a PNG";
  const double share = inked(path);
  EXPECT_GT(share, 0.01) << path << ": lines, markers and labels";
  EXPECT_LT(share, 0.6) << path << ": not a filled canvas";
}

TEST(Plot, DrawsASweepFromARunFolder) {
  const std::string dir = testing::TempDir() + "ws_plot_run";
  std::filesystem::remove_all(dir);
  const auto path = write_file("plot.yaml", scenario("  dma.blocks: 8\n"));
  ASSERT_EQ(wirespeed("run " + path + " --sweep dma.block_bytes=256,1024,4096 --sweep pcie.lanes=1,4 -j 2 --out " + dir).code, 0);
  const std::string png = testing::TempDir() + "ws_sweep.png";
  const auto r = wirespeed("plot " + dir + " --x dma.block_bytes --y gbps --by pcie.lanes -o " + png);
  ASSERT_EQ(r.code, 0) << r.err;
  expect_png(png);
  const auto bad = wirespeed("plot " + dir + " --x dma.block_bytes --y nope -o " + png);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("no column 'nope'"), std::string::npos) << bad.err;
}

TEST(Plot, DrawsEachReferenceTableOfAReproduction) {
  const std::string dir = testing::TempDir() + "ws_plot_reproduce";
  std::filesystem::remove_all(dir);
  const auto r = wirespeed("reproduce pcie -j 2 --plot " + dir);
  ASSERT_EQ(r.code, 0) << r.err;
  expect_png(dir + "/pcie_in_flight.png");
  expect_png(dir + "/pcie_gen2.png");  // where the predictions are marked
}

}  // namespace
}  // namespace ws::test
