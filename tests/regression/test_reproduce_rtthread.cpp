// Reproduces the RT-Thread study, every figure released: the sending rows and
// S5 within 10 % (the bar), the memcpy times within 10 %, CPU within 10
// points, a figure the study rounds ("about 6": S1-S3 TCP rx) within 25 %, S5's
// UDP at line rate. The rows the model misses are recorded misses in the
// reference table (status=miss, the note gives the arithmetic) and named here,
// so a change that fixes or breaks one shows; the CPU figures that contradict
// the board's own throughputs are excluded rows.
#ifdef WS_HAVE_LWIP
#include <gtest/gtest.h>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>
#include "app/reproduce.hpp"

namespace ws {
namespace {

bool within(const ReproducedRow& r) {
  if (r.ref.relation != "approx") return r.holds();  // about: 25 %; at_least: the statement
  if (r.ref.metric == "cpu_pct") return std::fabs(r.simulated - *r.ref.measured) <= 10;
  return std::fabs(r.error_pct()) <= 10;
}

TEST(ReproduceRtThread, CalibrationHoldsExceptTheRecordedMisses) {
  // Since round 3 the PC is its NIC's published interrupt classes, fitted on
  // no row; what it does not explain is a miss (docs/a7_rtthread.md).
  const std::set<std::string> expected = {"S0 TCP rx",       "S0 UDP rx",       "S3 TCP rx",       "S4 TCP rx",
                                          "S3 TCP tx",       "S3 UDP tx",       "S5 EMAC1 TCP rx", "S5 EMAC1 TCP tx",
                                          "S5 EMAC1 UDP rx", "S5 EMAC1 UDP tx"};
  std::set<std::string> recorded, missed;
  int rows = 0;
  for (const auto& r : reproduce(reference_set("rtthread"), 2, 1, {}, "calibration")) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    ++rows;
    if (r.ref.miss()) recorded.insert(r.ref.label);
    if (!within(r)) missed.insert(r.ref.label);
    if (r.ref.label == "S0 TCP rx") {
      EXPECT_EQ(r.limiting.rfind("wire", 0), std::string::npos) << r.limiting;
    }
    if (r.ref.table == "S5" && r.ref.label != "S5 TCP rx") {
      EXPECT_EQ(r.limiting, "wire (100 Mbit/s)") << r.ref.label;
    }
  }
  EXPECT_EQ(rows, 24);
  EXPECT_EQ(recorded, expected) << "the reference table's recorded misses";
  EXPECT_EQ(missed, expected) << "a recorded miss that now holds, or a row that newly misses";
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

// Every figure of the study is released: nothing is left to predict.
TEST(ReproduceRtThread, NothingIsWithheld) {
  for (const auto& r : load_reference(data_path(reference_set("rtthread").file))) EXPECT_NE(r.kind, "withheld") << r.label;
}

}  // namespace
}  // namespace ws
#endif
