// The AM261x board's 44 withheld figures are predictions: each must run cleanly
// and match what docs/predictions.md committed, so a model change that moves a
// prediction is seen and re-committed on purpose.
#ifdef WS_HAVE_LWIP
#include <gtest/gtest.h>
#include <string>
#include "app/reproduce.hpp"
#include "tests/regression/predictions_doc.hpp"

namespace ws {
namespace {

// "UDP rx 1470B xip RL2 8 KB" is placement row "XIP, RL2 8 KB" of the lever's table.
std::string lever_row(const std::string& label) {
  const auto xip = label.find(" xip ");
  if (xip == std::string::npos) return "MSRAM";
  const std::string rest = label.substr(xip + 5);
  return rest == "no RL2" ? "XIP, no RL2" : "XIP, " + rest;
}

TEST(ReproduceAm261x, PredictionsMatchTheCommittedDocument) {
  const std::string doc = test::predictions_section("TI AM261x lwIP on a Cortex-R5F");
  ASSERT_FALSE(doc.empty()) << "docs/predictions.md has no AM261x section";
  const auto rows = reproduce(reference_set("am261x"), 2, 1, {}, "withheld");
  ASSERT_EQ(rows.size(), 44u) << "22 tests, Mbit/s and CPU load each";
  for (const auto& r : rows) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    const bool cpu = r.ref.metric == "cpu_pct";
    const std::string test = cpu ? r.ref.label.substr(0, r.ref.label.size() - 4) : r.ref.label;
    std::string committed;
    if (r.ref.table == "XIP") {
      // | placement | UDP rx Mbit/s | CPU % | UDP tx Mbit/s | CPU % |
      const auto cells = test::table_row(doc, lever_row(test));
      const size_t column = (test.rfind("UDP tx", 0) == 0 ? 2 : 0) + (cpu ? 1 : 0);
      ASSERT_GT(cells.size(), column + 2) << test;
      committed = cells[column + 2];
    } else {
      // | test | Mbit/s | CPU % | limiting |: "UDP rx 64B" is row "UDP rx 64 B"
      std::string name = test;
      if (const auto b = name.rfind("B"); name.rfind("UDP", 0) == 0 && b == name.size() - 1) name.insert(b, " ");
      const auto cells = test::table_row(doc, name);
      ASSERT_GT(cells.size(), 4u) << name << " is not in docs/predictions.md";
      committed = cells[cpu ? 3 : 2];
    }
    EXPECT_NEAR(std::stod(committed), r.simulated, 0.051)
        << r.ref.label << ": the model now gives " << r.simulated << "; the document: " << committed;
  }
}

}  // namespace
}  // namespace ws
#endif
