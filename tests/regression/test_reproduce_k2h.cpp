// Reproduces the 66AK2H FTP study: S0, S1 and S2 (Tx and Rx) within 10 % (the
// study rounds them) where the model holds them, S2's A15 load on the get
// within 50-73 %, the EmacSend cycles inside the measured ranges, the ENOMEM
// case refused. The rows the model misses are named here and in
// docs/calibration.md, so a change that fixes or breaks one shows. The
// withheld rows match what docs/predictions.md committed.
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
  if (r.ref.relation != "approx") return r.holds();
  return std::fabs(r.error_pct()) <= 10;
}

TEST(ReproduceK2h, CalibrationHoldsExceptTheRecordedMiss) {
  // S0 Tx: the model's get is CPU-bound at more than twice the board's rate.
  const std::set<std::string> misses = {"S0 Tx"};
  std::set<std::string> missed;
  int rows = 0;
  for (const auto& r : reproduce(reference_set("k2h"), 2, 1, {}, "calibration")) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    ++rows;
    if (!within(r)) missed.insert(r.ref.label);
    const bool rate = r.ref.metric.empty() || r.ref.metric == "mbytes_s";
    if ((r.ref.table == "S1" || r.ref.label == "S0 Rx") && rate) {
      EXPECT_EQ(r.limiting.find("cpu"), std::string::npos) << r.ref.label << ": " << r.limiting;
    }
    // S2: the PC's file side (pc.file_mbytes_s, a hypothesis fitted on these
    // two rows) binds both ways; the A15's load on the get follows from it.
    if (r.ref.table == "S2") {
      EXPECT_EQ(r.limiting.rfind("the PC's file side", 0), 0u) << r.ref.label << ": " << r.limiting;
    }
    if (r.ref.table == "ENOMEM") {
      EXPECT_NE(r.limiting.find("accept() ENOMEM"), std::string::npos) << r.limiting;
    }
  }
  EXPECT_EQ(rows, 14);
  EXPECT_EQ(missed, misses);
}

TEST(ReproduceK2h, PredictionsMatchTheCommittedDocument) {
  const std::string doc = test::predictions_section("66AK2H FTP");
  ASSERT_FALSE(doc.empty()) << "docs/predictions.md has no 66AK2H FTP section";
  const auto rows = reproduce(reference_set("k2h"), 2, 1, {}, "withheld");
  ASSERT_EQ(rows.size(), 2u) << "S5 Tx and Rx";
  for (const auto& r : rows) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    const auto cells = test::table_row(doc, r.ref.table);
    ASSERT_FALSE(cells.empty()) << r.ref.table << " is not in docs/predictions.md";
    // Columns: | step | Tx | Rx | A15 load Tx | A15 load Rx | limiting |
    const bool load = r.ref.metric == "a15_load_pct", tx = r.ref.label.find(" Tx") != std::string::npos;
    const size_t column = (load ? 2 : 0) + (tx ? 0 : 1);
    ASSERT_GT(cells.size(), column + 2) << r.ref.table;
    EXPECT_NEAR(std::stod(cells[column + 2]), r.simulated, 0.051)
        << r.ref.label << ": the model now gives " << r.simulated << "; the document: " << cells[column + 2];
  }
}

}  // namespace
}  // namespace ws
#endif
