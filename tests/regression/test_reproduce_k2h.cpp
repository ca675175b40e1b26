// Reproduces the 66AK2H FTP study: S0 and S1 (Tx and Rx) within 10 % (the
// study rounds them) where the model holds them, the EmacSend cycles inside
// the measured ranges, the ENOMEM case refused, S0 not bound by the CPU. The
// row the model misses is named here and in docs/calibration.md, so a change
// that fixes or breaks one shows. The withheld rows match what
// docs/predictions.md committed.
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
  if (r.ref.relation != "approx") return r.holds();
  return std::fabs(r.error_pct()) <= 10;
}

TEST(ReproduceK2h, CalibrationHoldsExceptTheRecordedMiss) {
  // S0 Tx: with NDK's send rule every 512 B send() is a segment, and the model's
  // S0 get is CPU-bound at twice the board's rate; the board was not
  // (docs/k2h.md, calibration).
  const std::set<std::string> misses = {"S0 Tx", "S0 Tx: the A15 is not the limit"};
  std::set<std::string> missed;
  int rows = 0;
  for (const auto& r : reproduce(reference_set("k2h"), 2, 1, {}, "calibration")) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    ++rows;
    if (!within(r)) missed.insert(r.ref.label);
    const bool rate = r.ref.metric.empty() || r.ref.metric == "mbytes_s";
    if ((r.ref.table == "S0" || r.ref.table == "S1") && rate && !misses.count(r.ref.label)) {
      EXPECT_EQ(r.limiting.find("cpu"), std::string::npos) << r.ref.label << ": " << r.limiting;
    }
    if (r.ref.table == "ENOMEM") {
      EXPECT_NE(r.limiting.find("accept() ENOMEM"), std::string::npos) << r.limiting;
    }
  }
  EXPECT_EQ(rows, 11);
  EXPECT_EQ(missed, misses);
}

TEST(ReproduceK2h, PredictionsMatchTheCommittedDocument) {
  std::ifstream f(data_path("docs/predictions.md"));
  ASSERT_TRUE(f);
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string doc = ss.str().substr(ss.str().find("## 66AK2H FTP"));
  const auto rows = reproduce(reference_set("k2h"), 2, 1, {}, "withheld");
  ASSERT_EQ(rows.size(), 6u) << "S2 Tx, Rx and both A15 loads; S5 Tx and Rx";
  for (const auto& r : rows) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    const auto at = doc.find("| " + r.ref.table + " |");
    ASSERT_NE(at, std::string::npos) << r.ref.table << " is not in docs/predictions.md";
    const std::string line = doc.substr(at, doc.find('\n', at) - at);
    // Columns: | step | Tx | Rx | A15 load Tx | A15 load Rx | limiting |
    const bool load = r.ref.metric == "a15_load_pct", tx = r.ref.label.find(" Tx") != std::string::npos;
    const size_t column = (load ? 2 : 0) + (tx ? 0 : 1);
    std::vector<std::string> cells;
    std::stringstream cs(line);
    for (std::string c; std::getline(cs, c, '|');) cells.push_back(c);
    ASSERT_GT(cells.size(), column + 2) << line;
    EXPECT_NEAR(std::stod(cells[column + 2]), r.simulated, 0.051)
        << r.ref.label << ": the model now gives " << r.simulated << "; the document: " << line;
  }
}

}  // namespace
}  // namespace ws
#endif
