// Reproduces the MSC8144 UDP echo study: each 64 B calibration figure within 5 %,
// every line-rate statement holds, and the withheld rows match what
// docs/predictions.md committed (so a model change that moves a prediction shows).
#include <gtest/gtest.h>
#include <cmath>
#include <fstream>
#include <sstream>
#include "app/reproduce.hpp"
#include "models/sim/param.hpp"

namespace ws {
namespace {

TEST(ReproduceMsc8144, FiguresWithinFivePercentAndStatementsHold) {
  int figures = 0, statements = 0;
  for (const auto& r : reproduce(reference_set("msc8144"), 2, 1, {}, "calibration")) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    if (r.ref.relation == "approx") {
      ++figures;
      EXPECT_LT(std::fabs(r.error_pct()), 5.0) << r.ref.label << ": simulated " << r.simulated << " %, measured "
                                               << *r.ref.measured;
    } else {
      ++statements;
      EXPECT_TRUE(r.holds()) << r.ref.label << ": simulated " << r.simulated << " % of line rate";
    }
  }
  EXPECT_EQ(figures, 5) << "R1-R3, and H1 and H3 released after prediction round 1";
  EXPECT_EQ(statements, 9);
}

// The study names where the four-core limit moved: onto the QE or UEC, not a core.
TEST(ReproduceMsc8144, FourCoresAreLimitedByTheQuiccEngineNotACore) {
  for (const auto& r : reproduce(reference_set("msc8144"), 2, 1, {}, "calibration")) {
    if (r.ref.relation != "approx" || (r.ref.table != "H1" && r.ref.table != "H3")) continue;
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    EXPECT_EQ(r.limiting.rfind("core", 0), std::string::npos) << r.ref.label << " is limited by " << r.limiting;
    EXPECT_TRUE(r.limiting.rfind("uec", 0) == 0 || r.limiting.rfind("qe.", 0) == 0)
        << r.ref.label << " is limited by " << r.limiting;
  }
}

TEST(ReproduceMsc8144, PredictionsMatchTheCommittedDocument) {
  std::ifstream f(data_path("docs/predictions.md"));
  ASSERT_TRUE(f) << "docs/predictions.md is missing";
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string doc = ss.str().substr(ss.str().find("## MSC8144"));
  const auto rows = reproduce(reference_set("msc8144"), 2, 1, {}, "withheld");
  ASSERT_EQ(rows.size(), 8u) << "H2, H4 (M2 and DDR), H5: a 64 B figure and a line-rate size each";
  for (const auto& r : rows) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    // Rows are "| configuration | ... | 64 B % | line rate from | limiting |".
    const bool size_row = r.ref.metric == "line_rate_frame_bytes";
    const std::string config = r.ref.label.substr(0, r.ref.label.rfind(size_row ? " line-rate size" : " 64B"));
    const auto at = doc.find("| " + config + " |");
    ASSERT_NE(at, std::string::npos) << config << " is not in docs/predictions.md";
    const std::string line = doc.substr(at, doc.find('\n', at) - at);
    char fig[32];
    if (size_row) std::snprintf(fig, sizeof fig, "| %d |", int(r.simulated));
    else std::snprintf(fig, sizeof fig, "| %.2f |", r.simulated);
    EXPECT_NE(line.find(fig), std::string::npos) << r.ref.label << ": model now gives " << fig << ", the document: "
                                                 << line;
  }
}

TEST(ReferenceTable, UnknownRelationIsAnInputError) {
  const std::string path = testing::TempDir() + "bad_relation.csv";
  std::ofstream(path) << "table,label,kind,relation,measured\nt,a,calibration,around,1.0\n";
  try {
    load_reference(path);
    FAIL() << "an unknown relation was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path + ":2"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("relation"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ws
