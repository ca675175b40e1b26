// What people read: plain numbers, narrow tables (long text in footnotes), and
// reproduce's blocks, one per table and quantity, each with its own unit.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include "app/output.hpp"
#include "app/reproduce_report.hpp"
#include "platforms/platform.hpp"

namespace {

size_t widest_line(const std::string& text) {
  std::istringstream in(text);
  size_t w = 0;
  for (std::string line; std::getline(in, line);) w = std::max(w, line.size());
  return w;
}

ws::ReproducedRow row(const std::string& label, const std::string& metric, double simulated,
                      std::optional<double> measured, const std::string& relation = "approx") {
  ws::ReproducedRow r;
  r.ref.table = "rate";
  r.ref.label = label;
  r.ref.knobs = {{"irq.eth0_mask", "1"}, {"tester.frame_bytes", label == "small" ? "64" : "1518"}};
  r.ref.kind = measured ? "calibration" : "withheld";
  r.ref.metric = metric;
  r.ref.measured = measured;
  r.ref.relation = relation;
  r.simulated = simulated;
  r.limiting = "cpu0 (irq 0 %, softirq 100 %, sys 0 %, usr 0 %) and a long tail of diagnosis";
  return r;
}

}  // namespace

TEST(Output, PeopleGetPlainNumbersWithFourSignificantDigits) {
  EXPECT_EQ(ws::plain_number(295012.3), "295000");
  EXPECT_EQ(ws::plain_number(-422468.47), "-422500");
  EXPECT_EQ(ws::plain_number(19.163), "19.16");
  EXPECT_EQ(ws::plain_number(1234.5), "1235");
  ws::Table t{{"fps"}, {{"295012.3"}, {"2.95e+05"}}, {}};
  const std::string text = ws::render(t, "table");
  EXPECT_EQ(text.find("e+"), std::string::npos) << text;
  EXPECT_NE(text.find("295000"), std::string::npos) << text;
}

TEST(Output, LongTextMovesToAFootnoteOnce) {
  std::string prose;
  for (int i = 0; i < 6; ++i) prose += "the receive window over the RTT ";
  ws::Table t{{"point", "limiting"}, {{"0", prose}, {"1", prose}, {"2", "cpu"}}, {}, true};
  const std::string text = ws::render(t, "table");
  EXPECT_LE(widest_line(text), 100u) << text;
  EXPECT_NE(text.find("... [1]"), std::string::npos) << text;
  EXPECT_EQ(text.find("[2]"), std::string::npos) << "the same text is one footnote: " << text;
  EXPECT_NE(text.find("[1] " + prose.substr(0, 64)), std::string::npos) << "in full below: " << text;
  EXPECT_EQ(ws::wrap("  a bb ccc", 6, "    "), "  a bb\n    ccc");
}

TEST(Output, EveryPlatformSpellsAUnitOneWay) {
  for (const auto& p : ws::platforms())
    for (const auto& c : p.columns) {
      EXPECT_EQ(c.unit.find("Mb/s"), std::string::npos) << p.name << " " << c.name << ": Mbit/s";
      EXPECT_EQ(c.unit.find("Mbps"), std::string::npos) << p.name << " " << c.name << ": Mbit/s";
    }
}

TEST(ReproduceReport, EachQuantityGetsABlockWithItsOwnUnit) {
  const ws::ReferenceSet set{"t", "mpc8572", "x.csv", "fwd_fps"};
  const std::vector<ws::ReproducedRow> rows = {row("small", "", 295012.3, std::nullopt),
                                               row("large", "", 81274.0, std::nullopt),
                                               row("load", "cpu0_pct", 99.5, 90, "at_least")};
  const std::string text = ws::reproduction_report(set, rows, "table");
  EXPECT_NE(text.find("rate: fwd_fps [frames/s]"), std::string::npos) << text;
  EXPECT_NE(text.find("rate: cpu0_pct [%]"), std::string::npos) << text;
  EXPECT_NE(text.find("295000"), std::string::npos) << text;
  EXPECT_EQ(text.find("e+0"), std::string::npos) << text;
  EXPECT_NE(text.find("every row: irq.eth0_mask=1\n"), std::string::npos) << "a knob the block shares: " << text;
  EXPECT_LE(widest_line(text), 120u) << text;
  const std::string csv = ws::reproduction_report(set, rows, "csv");
  EXPECT_NE(csv.find(",metric,unit\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",fwd_fps,frames/s\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",cpu0_pct,%\n"), std::string::npos) << csv;
}

// A calibration row outside its tolerance fails, figure or statement; a
// recorded miss is on record and fails only when strict; other kinds never do.
TEST(ReproduceReport, CalibrationRowsOutsideTheirToleranceFail) {
  auto below = row("load", "cpu0_pct", 99.5, 50, "below");
  EXPECT_TRUE(below.fails());
  auto about = row("load", "cpu0_pct", 99.5, 50, "about");
  EXPECT_TRUE(about.fails()) << "about: within 25 %";
  auto approx = row("load", "cpu0_pct", 99.5, 50);
  EXPECT_TRUE(approx.fails()) << "a figure outside 5 %";
  auto near = row("load", "cpu0_pct", 52, 50);
  EXPECT_FALSE(near.fails()) << "4 % off: within the default 5 %";
  near.ref.tolerance = 1;
  near.ref.tolerance_pct = false;
  EXPECT_TRUE(near.fails()) << "2 points off, 1 point allowed";
  approx.ref.status = "miss";
  EXPECT_FALSE(approx.fails()) << "a recorded miss";
  EXPECT_TRUE(approx.fails(/*strict=*/true));
  below.ref.kind = "excluded";
  EXPECT_FALSE(below.fails());
  const ws::ReferenceSet set{"t", "mpc8572", "x.csv", "fwd_fps"};
  approx.ref.note = "why";
  const std::string text = ws::reproduction_report(set, {about, approx}, "table");
  EXPECT_NE(text.find("rows that FAIL (outside their tolerance, not recorded misses): load (simulated 99.5"),
            std::string::npos) << text;
  EXPECT_NE(text.find("0 of 2 rows hold"), std::string::npos) << text;
  EXPECT_NE(text.find(" miss"), std::string::npos) << "the miss is marked: " << text;
}

// A table wider than its width is shown in blocks of columns, each repeating
// the point column, every other column once and in order; CSV is never split.
TEST(Output, AWideTableIsShownInBlocksThatRepeatThePointColumn) {
  ws::Table t;
  t.columns = {"point"};
  t.rows = {{"0"}, {"1"}};
  for (int c = 0; c < 30; ++c) {
    t.columns.push_back(fmt::format("column_{:02}", c));
    for (auto& r : t.rows) r.push_back(std::to_string(c));
  }
  t.width = 80;
  const std::string text = ws::render(t, "table");
  EXPECT_LE(widest_line(text), 80u) << text;
  size_t at = 0;
  for (int c = 0; c < 30; ++c) {
    const size_t next = text.find(fmt::format("column_{:02}", c), at);
    ASSERT_NE(next, std::string::npos) << "column " << c << " in order: " << text;
    at = next;
  }
  EXPECT_NE(text.find("columns 2..7 of 31\npoint"), std::string::npos) << text;
  EXPECT_EQ(text.find("column_05", text.find("column_05") + 1), std::string::npos) << "each column once: " << text;
  t.width = 0;
  EXPECT_GT(widest_line(ws::render(t, "table")), 300u) << "width 0: one block";
  t.width = 80;
  EXPECT_EQ(ws::render(t, "csv").find("columns"), std::string::npos);
}
