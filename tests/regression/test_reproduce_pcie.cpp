// Reproduces the AN3935 tables and holds every calibration row within 5 % of the
// measured figure. Withheld rows are predictions: they must run cleanly and match
// what docs/predictions.md committed, so a model change that moves a prediction
// is seen and the document re-committed on purpose.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include "app/reproduce.hpp"
#include "models/sim/param.hpp"

namespace ws {
namespace {

TEST(ReproducePcie, EveryCalibrationRowWithinFivePercent) {
  const auto rows = reproduce(reference_set("pcie"), 2, 1);
  int calibration = 0;
  for (const auto& r : rows) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    if (r.ref.kind != "calibration") continue;
    ++calibration;
    const double err = (r.simulated - *r.ref.measured) / *r.ref.measured;
    EXPECT_LT(std::fabs(err), 0.05) << r.ref.table << " / " << r.ref.label << ": simulated " << r.simulated
                                     << " Gbps, measured " << *r.ref.measured;
  }
  EXPECT_EQ(calibration, 33) << "24 rows of AN3935, the 7 released after prediction round 1 and the 2 after round 2";
}

TEST(ReproducePcie, TheRowAboveTheLinkBoundIsExcludedAndSaysWhy) {
  const auto rows = load_reference(data_path(reference_set("pcie").file));
  const auto x1 = std::find_if(rows.begin(), rows.end(), [](auto& r) { return r.label == "x1 128B write"; });
  ASSERT_NE(x1, rows.end());
  EXPECT_EQ(x1->kind, "excluded");
  // x1 Gen1 carries 2 Gbps a direction; 128 B TLPs with 20 B framing leave 128/148 of it.
  EXPECT_GT(*x1->measured, 4.0 * 128 / 148);
  EXPECT_NE(x1->note.find("3.46"), std::string::npos) << x1->note;
}

// Every AN3935 row is released: none is left withheld, and the predictions
// document says there is nothing left to predict (a withheld row added back
// would need its committed prediction there).
TEST(ReproducePcie, NoRowIsLeftWithheldAndTheDocumentSaysSo) {
  int withheld = 0;
  for (const auto& r : load_reference(data_path(reference_set("pcie").file))) withheld += r.kind == "withheld";
  EXPECT_EQ(withheld, 0);
  std::ifstream f(data_path("docs/predictions.md"));
  ASSERT_TRUE(f) << "docs/predictions.md is missing";
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string doc = ss.str();
  const auto at = doc.find("## MSC8156/MSC8157 PCIe DMA");
  ASSERT_NE(at, std::string::npos);
  EXPECT_NE(doc.find("Nothing is left to predict", at), std::string::npos);
}

TEST(ReferenceTable, MalformedRowsAreInputErrors) {
  const std::string path = testing::TempDir() + "bad_ref.csv";
  std::ofstream(path) << "table,label,dma.op,measured_gbps,kind\nt,a,write,1.0,calibration\nt,b,write,,calibration\n";
  try {
    load_reference(path);
    FAIL() << "a calibration row without a figure was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path + ":3"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ws
