// The reference tables' format: quoted fields, a row's status (a recorded miss,
// a fitted row), a gain over another row, and a context row.
#include <gtest/gtest.h>
#include <fstream>
#include <string>
#include "app/reproduce.hpp"
#include "models/sim/param.hpp"

namespace ws {
namespace {

std::string write(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

// The message of the InputError load_reference throws, or "" when it accepts the table.
std::string refusal(const std::string& path) {
  try {
    load_reference(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

const char* kHeader = "table,label,kind,relation,measured,status,relative_to,note\n";

TEST(ReferenceTable, AQuotedNoteKeepsItsCommasAndQuotes) {
  const auto rows = load_reference(
      write("quoted.csv", std::string(kHeader) + "t,a,calibration,approx,1,miss,,\"x, y and \"\"z\"\"\"\n"));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].note, "x, y and \"z\"");
  EXPECT_TRUE(rows[0].miss());
}

TEST(ReferenceTable, AMissIsACalibrationRowWithItsArithmetic) {
  const std::string no_note = write("miss_no_note.csv", std::string(kHeader) + "t,a,calibration,approx,1,miss,,\n");
  EXPECT_NE(refusal(no_note).find(no_note + ":2: key 'status'"), std::string::npos) << refusal(no_note);
  const std::string bad = write("bad_status.csv", std::string(kHeader) + "t,a,calibration,approx,1,missed,,why\n");
  EXPECT_NE(refusal(bad).find("empty|miss|fitted"), std::string::npos) << refusal(bad);
}

TEST(ReferenceTable, AGainNamesARowOfItsOwn) {
  const std::string ok = write("gain.csv", std::string(kHeader) + "t,base,context,approx,,,,\nt,gain,calibration,about,60,,base,\n");
  EXPECT_EQ(refusal(ok), "");
  const std::string missing = write("gain_missing.csv", std::string(kHeader) + "t,gain,calibration,about,60,,base,\n");
  EXPECT_NE(refusal(missing).find("key 'relative_to': no row 'base'"), std::string::npos) << refusal(missing);
  const std::string chained =
      write("gain_chain.csv", std::string(kHeader) + "t,b,context,approx,,,,\nt,g1,calibration,about,1,,b,\nt,g2,calibration,about,1,,g1,\n");
  EXPECT_NE(refusal(chained).find("no row 'g1'"), std::string::npos) << refusal(chained);
}

TEST(ReferenceTable, AContextRowHasNoMeasurement) {
  const std::string bad = write("context.csv", std::string(kHeader) + "t,a,context,approx,5,,,\n");
  EXPECT_NE(refusal(bad).find("context row"), std::string::npos) << refusal(bad);
}

// A recorded miss never fails the run; a statement that is not recorded does.
TEST(ReferenceTable, ARecordedMissNeverFails) {
  ReproducedRow r;
  r.ref.kind = "calibration";
  r.ref.relation = "below";
  r.ref.measured = 95;
  r.simulated = 100;
  EXPECT_TRUE(r.fails());
  r.ref.status = "miss";
  EXPECT_FALSE(r.fails());
}

}  // namespace
}  // namespace ws
