// Reproduces the MSC8144 UDP echo study: each 64 B calibration figure within 5 %,
// every line-rate statement holds; every row is released, none is left to
// predict. H5's "about 768 B" line-rate size is excluded: it contradicts H5's
// own 64 B figure (the arithmetic in the reference table).
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
    if (r.ref.relation == "approx" || r.ref.relation == "about") {
      ++figures;
      EXPECT_LT(std::fabs(r.error_pct()), r.ref.relation == "about" ? 25.0 : 5.0)
          << r.ref.label << ": simulated " << r.simulated << ", measured " << *r.ref.measured;
    } else {
      ++statements;
      EXPECT_TRUE(r.holds()) << r.ref.label << ": simulated " << r.simulated << " % of line rate";
    }
  }
  EXPECT_EQ(figures, 9) << "R1-R3; H1 and H3 released after round 1; H2, H4 (M2, DDR), H5 (64 B) after round 2";
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

// Every row of the study is released: none is left withheld, and the
// predictions document says there is nothing left to predict.
TEST(ReproduceMsc8144, NoRowIsLeftWithheldAndTheDocumentSaysSo) {
  int withheld = 0;
  for (const auto& r : load_reference(data_path(reference_set("msc8144").file))) withheld += r.kind == "withheld";
  EXPECT_EQ(withheld, 0);
  std::ifstream f(data_path("docs/predictions.md"));
  ASSERT_TRUE(f) << "docs/predictions.md is missing";
  std::stringstream ss;
  ss << f.rdbuf();
  const auto at = ss.str().find("## MSC8144 UDP echo");
  ASSERT_NE(at, std::string::npos);
  EXPECT_NE(ss.str().find("Nothing is left to predict", at), std::string::npos);
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
