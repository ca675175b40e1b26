// Reproduces the 66AK2H FTP study, every figure released: the MB/s rows within
// 10 % (the study rounds them), S2's A15 load on the get within 50-73 %, the
// EmacSend cycles inside the measured ranges, the ENOMEM case refused. The rows
// the model misses are recorded misses in the reference table (status=miss,
// the note gives the arithmetic) and named here, so a change that fixes or
// breaks one shows.
#ifdef WS_HAVE_LWIP
#include <gtest/gtest.h>
#include <cmath>
#include <set>
#include <string>
#include "app/reproduce.hpp"

namespace ws {
namespace {

bool within(const ReproducedRow& r) {
  if (r.ref.relation != "approx") return r.holds();
  return std::fabs(r.error_pct()) <= 10;
}

TEST(ReproduceK2h, CalibrationHoldsExceptTheRecordedMisses) {
  // Since round 3 the Windows PC is its NIC's interrupt classes and its own
  // ACK rules, fitted on no row; the board's limits at S1, S2 and S5 are not
  // found (docs/k2h.md).
  const std::set<std::string> expected = {"S0 Tx", "S0 Rx", "S1 Tx", "S1 Rx", "S2 Tx", "S2 Rx",
                                          "S2 Tx A15 load below 73 %", "S5 Tx", "S5 Rx"};
  std::set<std::string> recorded, missed;
  int rows = 0;
  for (const auto& r : reproduce(reference_set("k2h"), 2, 1, {}, "calibration")) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    ++rows;
    if (r.ref.miss()) recorded.insert(r.ref.label);
    if (!within(r)) missed.insert(r.ref.label);
    if (r.ref.table == "ENOMEM") {
      EXPECT_NE(r.limiting.find("accept() ENOMEM"), std::string::npos) << r.limiting;
    }
    // No row rests on the PC's file side any more.
    EXPECT_EQ(r.limiting.find("file side"), std::string::npos) << r.ref.label << ": " << r.limiting;
  }
  EXPECT_EQ(rows, 16);
  EXPECT_EQ(recorded, expected) << "the reference table's recorded misses";
  EXPECT_EQ(missed, expected) << "a recorded miss that now holds, or a row that newly misses";
}

// Every figure of the study is released: nothing is left to predict.
TEST(ReproduceK2h, NothingIsWithheld) {
  for (const auto& r : load_reference(data_path(reference_set("k2h").file))) EXPECT_NE(r.kind, "withheld") << r.label;
}

}  // namespace
}  // namespace ws
#endif
