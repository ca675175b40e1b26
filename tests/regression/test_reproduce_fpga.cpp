// The FPGA-to-PC board's 24 withheld rows are predictions: each must run
// cleanly and match what docs/predictions.md committed, so a model change that
// moves a prediction is seen and re-committed on purpose.
#include <gtest/gtest.h>
#include <string>
#include <vector>
#include "app/reproduce.hpp"
#include "tests/regression/predictions_doc.hpp"

namespace ws {
namespace {

TEST(ReproduceFpga, PredictionsMatchTheCommittedDocument) {
  const std::string doc = test::predictions_section("PolarFire FPGA PCIe endpoint to a PC");
  ASSERT_FALSE(doc.empty()) << "docs/predictions.md has no PolarFire section";
  const auto rows = reproduce(reference_set("fpga"), 2, 1, {}, "withheld");
  ASSERT_EQ(rows.size(), 24u) << "2 generations x 3 widths x 2 engines x 2 directions";
  // | link | built-in read | built-in write | fabric read | fabric write | limiting |
  const std::vector<std::string> columns = {"builtin read", "builtin write", "fabric read", "fabric write"};
  for (const auto& r : rows) {
    ASSERT_TRUE(r.error.empty()) << r.ref.label << ": " << r.error;
    size_t column = 0;
    while (column < columns.size() && r.ref.label != r.ref.table + " " + columns[column]) ++column;
    ASSERT_LT(column, columns.size()) << r.ref.label;
    const auto cells = test::table_row(doc, r.ref.table);
    ASSERT_GT(cells.size(), column + 2) << r.ref.table << " is not in docs/predictions.md";
    EXPECT_NEAR(std::stod(cells[column + 2]), r.simulated, 0.0051)
        << r.ref.label << ": the model now gives " << r.simulated << "; the document: " << cells[column + 2];
  }
}

}  // namespace
}  // namespace ws
