// Reproduces the RT-Thread study: S5's TCP figures within 5 %, S5's UDP at
// line rate, the memcpy times within 10 %, S0 within 5 % (CPU within 10
// points) where the model holds it; the S0 rows it misses are named here and
// in docs/calibration.md, so a change that fixes or breaks one shows. The
// withheld rows match what docs/predictions.md committed.
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
  if (r.ref.metric == "cpu_pct") return std::fabs(r.simulated - *r.ref.measured) <= 10;
  return std::fabs(r.error_pct()) <= (r.ref.metric == "ms" ? 10 : 5);
}

TEST(ReproduceRtThread, CalibrationHoldsExceptTheRecordedMisses) {
  // The model's S0 is CPU-bound where the board was not (docs/a7_rtthread.md, calibration).
  const std::set<std::string> misses = {"S0 TCP rx", "S0 TCP tx", "S0 UDP rx", "S0 TCP rx CPU",
                                        "S0 TCP tx CPU", "S0 UDP rx CPU", "S0 UDP tx CPU"};
  std::set<std::string> missed;
  int rows = 0;
  for (const auto& r : reproduce(reference_set("rtthread"), 2, 1, {}, "calibration")) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    ++rows;
    if (!within(r)) missed.insert(r.ref.label);
    if (r.ref.label == "S0 TCP rx") EXPECT_EQ(r.limiting.rfind("wire", 0), std::string::npos) << r.limiting;
    if (r.ref.table == "S5") EXPECT_EQ(r.limiting, "wire (100 Mbit/s)") << r.ref.label;
  }
  EXPECT_EQ(rows, 14);
  EXPECT_EQ(missed, misses);
}

TEST(ReproduceRtThread, PredictionsMatchTheCommittedDocument) {
  std::ifstream f(data_path("docs/predictions.md"));
  ASSERT_TRUE(f);
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string doc = ss.str().substr(ss.str().find("## Cortex-A7 RT-Thread"));
  const auto rows = reproduce(reference_set("rtthread"), 2, 1, {}, "withheld");
  ASSERT_EQ(rows.size(), 20u) << "S1-S4 and S5 EMAC1, four tests each";
  for (const auto& r : rows) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    // "S1 TCP rx" is row "S1"; "S5 EMAC1 UDP tx" is row "S5 EMAC1".
    const bool tcp = r.ref.label.find(" TCP ") != std::string::npos;
    const std::string row_key = r.ref.label.substr(0, r.ref.label.rfind(tcp ? " TCP " : " UDP "));
    const auto at = doc.find("| " + row_key + " |");
    ASSERT_NE(at, std::string::npos) << row_key << " is not in docs/predictions.md";
    const std::string line = doc.substr(at, doc.find('\n', at) - at);
    // Columns: | step | TCP rx | TCP tx | UDP rx | UDP tx | limiting |
    const char* order[] = {"TCP rx", "TCP tx", "UDP rx", "UDP tx"};
    size_t column = 0;
    while (column < 4 && r.ref.label.find(order[column]) == std::string::npos) ++column;
    std::vector<std::string> cells;
    std::stringstream cs(line);
    for (std::string c; std::getline(cs, c, '|');) cells.push_back(c);
    ASSERT_GT(cells.size(), column + 2) << line;
    EXPECT_NEAR(std::stod(cells[column + 2]), r.simulated, 0.0051)
        << r.ref.label << ": the model now gives " << r.simulated << "; the document: " << line;
  }
}

}  // namespace
}  // namespace ws
#endif
