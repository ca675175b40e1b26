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

// A fresh run folder `name` of a PCIe sweep over `sweeps`.
std::string sweep_folder(const std::string& name, const std::string& sweeps) {
  const std::string dir = testing::TempDir() + name;
  std::filesystem::remove_all(dir);
  const auto path = write_file(name + ".yaml", scenario("  dma.blocks: 8\n"));
  const auto r = wirespeed("run " + path + sweeps + " -j 2 --out " + dir);
  EXPECT_EQ(r.code, 0) << r.err;
  return dir;
}

TEST(Plot, DrawsASweepFromARunFolder) {
  const std::string dir = sweep_folder("ws_plot_run", " --sweep dma.block_bytes=256,1024,4096 --sweep pcie.lanes=1,4");
  const std::string png = testing::TempDir() + "ws_sweep.png";
  const auto r = wirespeed("plot " + dir + " --x dma.block_bytes --y gbps --by pcie.lanes -o " + png);
  ASSERT_EQ(r.code, 0) << r.err;
  expect_png(png);
  const auto bad = wirespeed("plot " + dir + " --x dma.block_bytes --y nope -o " + png);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("no column 'nope'"), std::string::npos) << bad.err;
}

// A categorical x (a choice key) and, without --by, a line per configuration
// of the other swept keys: never one zig-zag through all of them.
TEST(Plot, DrawsCategoriesAndALinePerConfiguration) {
  const std::string dir = sweep_folder("ws_plot_categories", " --sweep dma.op=write,read --sweep pcie.lanes=1,4");
  const std::string png = testing::TempDir() + "ws_categories.png";
  const auto r = wirespeed("plot " + dir + " --x dma.op --y gbps --logy -o " + png);
  ASSERT_EQ(r.code, 0) << r.err;
  expect_png(png);
  EXPECT_NE(r.err.find("gbps against dma.op (categories), 2 groups"), std::string::npos) << r.err;
  const auto log = wirespeed("plot " + dir + " --x dma.op --y gbps --logx -o " + png);
  EXPECT_EQ(log.code, 2);
  EXPECT_NE(log.err.find("--logx: 'dma.op' is not numeric"), std::string::npos) << log.err;
  const auto by = wirespeed("plot " + dir + " --x pcie.lanes --y gbps --by dma.op --logx -o " + png);
  ASSERT_EQ(by.code, 0) << by.err;
  EXPECT_NE(by.err.find("gbps against pcie.lanes (integer ticks), 2 groups\n"), std::string::npos)
      << "one line each, no 2.5 lanes: " << by.err;
}

TEST(Plot, DrawsEachReferenceTableOfAReproduction) {
  const std::string dir = testing::TempDir() + "ws_plot_reproduce";
  std::filesystem::remove_all(dir);
  const auto r = wirespeed("reproduce pcie -j 2 --plot " + dir);
  ASSERT_EQ(r.code, 0) << r.err;
  expect_png(dir + "/pcie_in_flight.png");
  expect_png(dir + "/pcie_gen2.png");  // where the predictions are marked
  // 0.3 to 10 Gbps: more than a decade, a log axis.
  EXPECT_NE(r.err.find("pcie_in_flight.png: 1 panel: gbps [Gb/s (both directions)] (log)"), std::string::npos) << r.err;
}

// A table whose rows carry different quantities gets a panel per quantity.
TEST(Plot, DrawsAPanelPerQuantity) {
  const std::string dir = testing::TempDir() + "ws_plot_panels";
  std::filesystem::remove_all(dir);
  const auto r = wirespeed("reproduce mpc8572 -j 2 --plot " + dir);
  ASSERT_EQ(r.code, 0) << r.err;
  expect_png(dir + "/mpc8572_split.png");
  EXPECT_NE(r.err.find("mpc8572_split.png: 3 panels: fwd_fps [frames/s]; cpu0_pct [%]; cpu1_pct [%]"),
            std::string::npos) << r.err;
}

}  // namespace
}  // namespace ws::test
