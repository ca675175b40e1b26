// Reproduces the RT-Thread study: S0, S1 and S2's sending rows, S0, S4 and
// S5's TCP rx and S5's TCP tx within 5 %, S5's UDP at line rate, the memcpy
// times within 10 %, CPU within 10 points, a figure the study rounds ("about
// 6": S1-S3 TCP rx) within 25 %.
// The receive rows the model misses are named here and in
// docs/calibration.md, so a change that fixes or breaks one shows; the CPU
// figures that contradict the board's own throughputs are excluded rows (the
// reference table gives the arithmetic). The withheld rows match what
// docs/predictions.md committed.
#ifdef WS_HAVE_LWIP
#include <gtest/gtest.h>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>
#include "app/reproduce.hpp"
#include "tests/regression/predictions_doc.hpp"

namespace ws {
namespace {

bool within(const ReproducedRow& r) {
  if (r.ref.relation != "approx") return r.holds();  // about: 25 %; at_least: the statement
  if (r.ref.metric == "cpu_pct") return std::fabs(r.simulated - *r.ref.measured) <= 10;
  return std::fabs(r.error_pct()) <= (r.ref.metric == "ms" ? 10 : 5);
}

TEST(ReproduceRtThread, CalibrationHoldsExceptTheRecordedMisses) {
  // The model's UDP receiver: the tick takes 2 frames (fitted on S0 TCP rx)
  // where the board's UDP figure says a ring, and the priority-20 iperf thread
  // below tcpip gets little of a burst through the one-datagram mailbox.
  // S3's: U-Boot's copy shortens the handler below a frame's time, so no
  // interrupt is lost, while the board stayed near 6 (docs/a7_rtthread.md,
  // "what the board's S0 figures imply").
  const std::set<std::string> misses = {"S0 UDP rx", "S3 TCP rx"};
  std::set<std::string> missed;
  int rows = 0;
  for (const auto& r : reproduce(reference_set("rtthread"), 2, 1, {}, "calibration")) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    ++rows;
    if (!within(r)) missed.insert(r.ref.label);
    if (r.ref.label == "S0 TCP rx") EXPECT_EQ(r.limiting.rfind("wire", 0), std::string::npos) << r.limiting;
    // S4's receiver: the window over the PC's round trip (pc.rx_delay_us is
    // fitted on it). S5's sits at 95 % of the wire's payload rate, so either
    // name is the truth there; the rest of S5 is the wire.
    if (r.ref.label == "S4 TCP rx")
      EXPECT_EQ(r.limiting.rfind("TCP window (", 0), 0u) << r.limiting;
    else if (r.ref.label == "S5 TCP rx")
      EXPECT_TRUE(r.limiting.rfind("TCP window (", 0) == 0 || r.limiting == "wire (100 Mbit/s)") << r.limiting;
    else if (r.ref.table == "S5")
      EXPECT_EQ(r.limiting, "wire (100 Mbit/s)") << r.ref.label;
  }
  EXPECT_EQ(rows, 18);
  EXPECT_EQ(missed, misses);
}

// The three S0 CPU figures the board's own throughputs contradict stay on
// record, excluded from calibration and from the error statistics.
TEST(ReproduceRtThread, TheContradictedCpuFiguresAreExcludedWithTheirArithmetic) {
  std::set<std::string> excluded;
  for (const auto& r : load_reference(data_path(reference_set("rtthread").file)))
    if (r.kind == "excluded") {
      excluded.insert(r.label);
      EXPECT_NE(r.note.find("busy"), std::string::npos) << r.label << ": the note gives the arithmetic";
    }
  EXPECT_EQ(excluded, (std::set<std::string>{"S0 TCP tx CPU", "S0 UDP rx CPU", "S0 UDP tx CPU"}));
}

TEST(ReproduceRtThread, PredictionsMatchTheCommittedDocument) {
  const std::string doc = test::predictions_section("Cortex-A7 RT-Thread");
  ASSERT_FALSE(doc.empty()) << "docs/predictions.md has no Cortex-A7 RT-Thread section";
  const auto rows = reproduce(reference_set("rtthread"), 2, 1, {}, "withheld");
  ASSERT_EQ(rows.size(), 6u) << "S3 TCP tx and UDP tx, S5 EMAC1 four tests";
  for (const auto& r : rows) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    // "S1 TCP rx" is row "S1"; "S5 EMAC1 UDP tx" is row "S5 EMAC1".
    const bool tcp = r.ref.label.find(" TCP ") != std::string::npos;
    const std::string row_key = r.ref.label.substr(0, r.ref.label.rfind(tcp ? " TCP " : " UDP "));
    const auto cells = test::table_row(doc, row_key);
    ASSERT_FALSE(cells.empty()) << row_key << " is not in docs/predictions.md";
    // Columns: | step | TCP rx | TCP tx | UDP rx | UDP tx | limiting |
    const char* order[] = {"TCP rx", "TCP tx", "UDP rx", "UDP tx"};
    size_t column = 0;
    while (column < 4 && r.ref.label.find(order[column]) == std::string::npos) ++column;
    ASSERT_GT(cells.size(), column + 2) << row_key;
    EXPECT_NEAR(std::stod(cells[column + 2]), r.simulated, 0.0051)
        << r.ref.label << ": the model now gives " << r.simulated << "; the document: " << cells[column + 2];
  }
}

}  // namespace
}  // namespace ws
#endif
