// The published record of scored predictions: every reference row that carries a
// committed prediction appears in docs/predictions.md's scored section with the
// figure the model said and the figure that was measured, so a miss cannot be
// dropped or rewritten without a test failing.
#include <gtest/gtest.h>
#include <cstdio>
#include <fstream>
#include <sstream>
#include "app/reproduce.hpp"

namespace ws {
namespace {

std::string scored_section() {
  std::ifstream f(data_path("docs/predictions.md"));
  std::stringstream ss;
  ss << f.rdbuf();
  const auto at = ss.str().find("## Scored predictions");
  return at == std::string::npos ? std::string() : ss.str().substr(at);
}

TEST(ScoredRecord, EveryScoredRowIsPublishedWithWhatTheModelSaidAndWhatWasMeasured) {
  const std::string doc = scored_section();
  ASSERT_FALSE(doc.empty()) << "docs/predictions.md has no scored section";
  int scored = 0;
  for (const auto& set : reference_sets())
    for (const auto& r : load_reference(data_path(set.file))) {
      if (!r.predicted) continue;
      ++scored;
      const auto at = doc.find("| " + r.label + " |");
      ASSERT_NE(at, std::string::npos) << set.name << " / " << r.label << " is not in the scored record";
      const std::string line = doc.substr(at, doc.find('\n', at) - at);
      char predicted[32], measured[32];
      std::snprintf(predicted, sizeof predicted, "| %.2f |", *r.predicted);
      std::snprintf(measured, sizeof measured, "| %g |", *r.measured);
      EXPECT_NE(line.find(predicted), std::string::npos) << line;
      EXPECT_NE(line.find(measured), std::string::npos) << line;
    }
  EXPECT_EQ(scored, 55) << "round 1: 8 PCIe rows (one excluded), 2 MSC8144 figures, 7 Cortex-A7 figures, 4 66AK2H "
                           "rows; round 2: 2 PCIe rows, 5 MSC8144 figures, 6 Cortex-A7 figures, 2 66AK2H rows and "
                           "the MPC8572's gain; round 1 of the PolarFire board: 18 rows";
}

}  // namespace
}  // namespace ws
