// Board files: defaults with their file:line, a board's own keys, variants,
// and the errors a bad board file gives (InputError: file, line, key, range).
#include "platforms/common/board_file.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include "models/cpu/cpu.hpp"
#include "platforms/platform.hpp"

namespace {

using ws::InputError;
using ws::ParamTable;

// Writes platforms/<board>/board.yaml under a data root of this test's own and
// points WIRESPEED_HOME at it; returns the path relative to that root.
std::string write_board(const std::string& board, const std::string& text) {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  const std::string root = testing::TempDir() + "ws_board_" + info->name();
  std::filesystem::create_directories(root + "/platforms/" + board);
  std::ofstream(root + "/platforms/" + board + "/board.yaml", std::ios::trunc) << text;
  setenv("WIRESPEED_HOME", root.c_str(), 1);
  return "platforms/" + board + "/board.yaml";
}

// A board of one Cpu ("core.*") and one key of its own.
void declare(ParamTable& t, const std::string& relative) {
  ws::Cpu::bindings().declare(t, "core");
  ws::board_file(relative).apply(t);
}

const char* kBoard = R"(board: tiny
description: "a core"
defaults:
  core.l1d_kb: {value: 32, source: "datasheet"}
  core.l1d_ways: {value: 4, source: "datasheet"}
  core.l1d_line_bytes: {value: 64, source: "datasheet"}
  core.l1i_kb: {value: 32, source: "datasheet"}
  core.l1i_ways: {value: 2, source: "datasheet"}
  core.cache_op_cycles: {value: 4, source: "assumed", meaning: "a dcbf per line"}
  soc.core_mhz: {value: 1000, source: "assumed", kind: real, range: [100, 2000], unit: "MHz", meaning: "core clock"}
)";

std::string apply_error(const std::string& relative) {
  try {
    ParamTable t;
    declare(t, relative);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(BoardFile, GivesDefaultsTheirSourcesAndTheBoardsWords) {
  ParamTable t;
  declare(t, write_board("tiny", kBoard));
  EXPECT_EQ(t.spec("core.l1d_kb").def, "32");
  EXPECT_EQ(t.spec("core.l1d_kb").source, "datasheet");
  EXPECT_EQ(t.spec("core.cache_op_cycles").meaning, "a dcbf per line");
  EXPECT_EQ(t.spec("soc.core_mhz").unit, "MHz");
  EXPECT_EQ(ParamTable::range_text(t.spec("soc.core_mhz")), "number 100..2000");
  // The Cpu's optional keys this board does not give are not its parameters...
  EXPECT_EQ(t.specs().count("core.l2_kb"), 0u);
  // ...and its Config keeps their own values.
  const auto c = ws::Cpu::bindings().build(t, "core");
  EXPECT_EQ(c.l1d.size_bytes, 32u * 1024);
  EXPECT_EQ(c.l1i.line_bytes, 64u);
  EXPECT_EQ(c.l2.size_bytes, 0u);
  EXPECT_EQ(c.loop_ipc, 1);
}

TEST(BoardFile, AValueOutOfRangeNamesFileLineKeyAndRange) {
  std::string text = kBoard;
  text.replace(text.find("value: 4, source: \"datasheet\""), 8, "value: 17");
  const std::string err = apply_error(write_board("bad_range", text));
  EXPECT_NE(err.find("platforms/bad_range/board.yaml:5: key 'core.l1d_ways'"), std::string::npos) << err;
  EXPECT_NE(err.find("expected integer 1..16"), std::string::npos) << err;
  text = kBoard;
  text.replace(text.find("value: 1000"), 11, "value: 5000");
  const std::string clock = apply_error(write_board("bad_clock", text));
  EXPECT_NE(clock.find("board.yaml:10: key 'soc.core_mhz': 5000 is out of range; expected number 100..2000"),
            std::string::npos) << clock;
}

// A board puts a model's key in its part's words: a narrower range, never a wider one.
TEST(BoardFile, ABoardMayNarrowAModelsRangeButNotWidenIt) {
  std::string text = kBoard;
  text.replace(text.find("core.l1d_ways: {value: 4, source: \"datasheet\""), 45,
               "core.l1d_ways: {value: 4, source: \"datasheet\", range: [2, 8]");
  ParamTable t;
  declare(t, write_board("narrower", text));
  EXPECT_EQ(t.spec("core.l1d_ways").max, 8);
  text = kBoard;
  text.replace(text.find("core.l1d_ways: {value: 4, source: \"datasheet\""), 45,
               "core.l1d_ways: {value: 4, source: \"datasheet\", range: [1, 64]");
  const std::string err = apply_error(write_board("wider", text));
  EXPECT_NE(err.find("board.yaml:5: key 'core.l1d_ways': range [1, 64] is wider than its model's (valid: within "
                     "integer 1..16)"),
            std::string::npos)
      << err;
}

TEST(BoardFile, AKeyNoBlockDeclaresAMissingSourceAndAnUnknownFieldAreErrors) {
  const std::string unknown = apply_error(write_board("unknown_key", std::string(kBoard) +
                                                                         "  core.l3_kb: {value: 1, source: x}\n"));
  EXPECT_NE(unknown.find("board.yaml:11: unknown key 'core.l3_kb'"), std::string::npos) << unknown;
  std::string text = kBoard;
  text.replace(text.find(", source: \"assumed\", meaning"), 19, "");
  const std::string no_source = apply_error(write_board("no_source", text));
  EXPECT_NE(no_source.find("board.yaml:9: key 'core.cache_op_cycles': a default needs its source"), std::string::npos)
      << no_source;
  const std::string field = apply_error(write_board("bad_field", std::string(kBoard) +
                                                                     "  core.l2_kb: {value: 256, sorce: x}\n"));
  EXPECT_NE(field.find("board.yaml:11: key 'core.l2_kb': unknown field 'sorce'"), std::string::npos) << field;
}

TEST(BoardFile, AVariantOverridesOnlyWhatDiffersAndNeedsItsOwnSources) {
  write_board("base", kBoard);
  const std::string v = write_board("variant", R"(board: variant
description: "a slower core"
extends: base
defaults:
  soc.core_mhz: {value: 800, source: "the variant's datasheet"}
)");
  ParamTable t;
  declare(t, v);
  EXPECT_EQ(t.spec("soc.core_mhz").def, "800");
  EXPECT_EQ(t.spec("soc.core_mhz").source, "the variant's datasheet");
  EXPECT_EQ(t.spec("soc.core_mhz").unit, "MHz");  // the base's words
  EXPECT_EQ(t.spec("core.l1d_kb").source, "datasheet");
  const std::string unsourced = apply_error(write_board("variant_unsourced", R"(board: variant_unsourced
description: "x"
extends: base
defaults:
  core.l1d_kb: {value: 16}
)"));
  EXPECT_NE(unsourced.find("variant_unsourced/board.yaml:5: key 'core.l1d_kb': a default needs its source"),
            std::string::npos) << unsourced;
}

TEST(BoardFile, TheP2020VariantDiffersFromTheMpc8572OnlyInItsFile) {
  unsetenv("WIRESPEED_HOME");
  const ws::Platform* base = ws::find_platform("mpc8572");
  const ws::Platform* variant = ws::find_platform("p2020");
  ASSERT_TRUE(base && variant);
  ParamTable a, b;
  base->declare(a);
  variant->declare(b);
  ASSERT_EQ(a.specs().size(), b.specs().size());
  std::vector<std::string> differ;
  for (const auto& [k, s] : a.specs())
    if (b.spec(k).def != s.def) differ.push_back(k);
  EXPECT_EQ(differ, (std::vector<std::string>{"bus.bytes_per_ns", "l2.kb", "soc.core_mhz"}));
  EXPECT_EQ(b.spec("bus.bytes_per_ns").def, "4.8");
  EXPECT_TRUE(base->reference.file.size() > 0 && variant->reference.file.empty());
}

}  // namespace

namespace {

// A preset's defaults come between the base's and the board's own, and each
// value says where it came from.
TEST(BoardFile, APresetGivesDefaultsTheBoardMayOverride) {
  const std::string board = write_board("with_preset", R"(board: with_preset
description: "a core with a preset cache"
presets: [small_l1]
defaults:
  core.l1d_line_bytes: {value: 64, source: "datasheet"}
  core.l1i_kb: {value: 32, source: "datasheet"}
  core.l1i_ways: {value: 2, source: "datasheet"}
  core.cache_op_cycles: {value: 4, source: "assumed"}
  core.l1d_ways: {value: 8, source: "the board's own"}
)");
  const std::string root = getenv("WIRESPEED_HOME");
  std::filesystem::create_directories(root + "/platforms/presets");
  std::ofstream(root + "/platforms/presets/small_l1.yaml") << R"(preset: small_l1
description: "a 16 KB 4-way L1D"
defaults:
  core.l1d_kb: {value: 16, source: "the part's datasheet"}
  core.l1d_ways: {value: 4, source: "the part's datasheet"}
)";
  ParamTable t;
  declare(t, board);
  EXPECT_EQ(t.spec("core.l1d_kb").def, "16");
  EXPECT_EQ(t.spec("core.l1d_ways").def, "8");
  EXPECT_EQ(t.spec("core.l1d_ways").source, "the board's own");
  ws::Platform p;
  p.board = board;
  EXPECT_EQ(ws::value_from(p, t.spec("core.l1d_kb")), "preset small_l1");
  EXPECT_EQ(ws::value_from(p, t.spec("core.l1d_ways")), "own");
  const std::string missing = apply_error(write_board("no_preset", R"(board: no_preset
description: "x"
presets: [nothing_here]
defaults:
  core.l1d_kb: {value: 32, source: "datasheet"}
)"));
  EXPECT_NE(missing.find("no_preset/board.yaml:3: key 'presets': no preset 'nothing_here'"), std::string::npos)
      << missing;
}

TEST(BoardFile, ALeverNamesItsCandidatesAndABadOneIsRefusedWithItsLine) {
  std::string text = kBoard;
  text.replace(text.find("meaning: \"core clock\"}"), 22, "meaning: \"core clock\", lever: {try: [x2, 800], cost: \"power\"}}");
  ParamTable t;
  declare(t, write_board("levers", text));
  EXPECT_EQ(t.spec("soc.core_mhz").lever, (std::vector<std::string>{"x2", "800"}));
  EXPECT_EQ(t.spec("soc.core_mhz").lever_cost, "power");
  std::string bad = kBoard;
  bad.replace(bad.find("meaning: \"core clock\"}"), 22, "meaning: \"core clock\", lever: {try: [faster]}}");
  const std::string e = apply_error(write_board("bad_lever", bad));
  EXPECT_NE(e.find("board.yaml:10: key 'soc.core_mhz.lever': 'faster' is not a candidate (valid: x2, /2, +N, -N or a "
                   "value, number 100..2000)"), std::string::npos) << e;
}

}  // namespace

namespace {

// A variant's lever on a key it inherits: the value, its source and where it
// came from stay the base's (the lever alone needs no source).
TEST(BoardFile, AVariantMakesAnInheritedKeyALeverWithoutTouchingItsValue) {
  write_board("base", kBoard);
  const std::string v = write_board("lever_only", R"(board: lever_only
description: "the base, with its clock a lever"
extends: base
defaults:
  soc.core_mhz: {lever: {try: [x2]}}
)");
  ParamTable t;
  declare(t, v);
  EXPECT_EQ(t.spec("soc.core_mhz").def, "1000");
  EXPECT_EQ(t.spec("soc.core_mhz").source, "assumed");
  EXPECT_NE(t.spec("soc.core_mhz").where.find("base/board.yaml"), std::string::npos) << t.spec("soc.core_mhz").where;
  EXPECT_EQ(t.spec("soc.core_mhz").lever, (std::vector<std::string>{"x2"}));
}

TEST(BoardFile, PresetsAreNamesGivenOnce) {
  const std::string twice = apply_error(write_board("preset_twice", R"(board: preset_twice
description: "x"
presets: [p, p]
defaults:
  core.l1d_kb: {value: 32, source: "datasheet"}
)"));
  const std::string root = getenv("WIRESPEED_HOME");
  std::filesystem::create_directories(root + "/platforms/presets");
  std::ofstream(root + "/platforms/presets/p.yaml") << "preset: p\ndescription: \"x\"\ndefaults:\n  core.l1d_ways: {value: 4, source: x}\n";
  const std::string again = apply_error("platforms/preset_twice/board.yaml");
  EXPECT_NE(again.find("board.yaml:3: key 'presets': 'p' is given twice"), std::string::npos) << again;
  const std::string path = apply_error(write_board("preset_path", R"(board: preset_path
description: "x"
presets: [../../elsewhere]
defaults:
  core.l1d_kb: {value: 32, source: "datasheet"}
)"));
  EXPECT_NE(path.find("board.yaml:3: key 'presets': '../../elsewhere' is not a preset's name"), std::string::npos) << path;
  (void)twice;
}

TEST(BoardFile, ALeverStepIsAnOperatorAndAFinitePositiveNumber) {
  EXPECT_TRUE(ws::lever_step("x2"));
  EXPECT_TRUE(ws::lever_step("/1.5"));
  EXPECT_TRUE(ws::lever_step("+16"));
  EXPECT_FALSE(ws::lever_step(""));
  EXPECT_FALSE(ws::lever_step("x"));
  EXPECT_FALSE(ws::lever_step("xinf"));
  EXPECT_FALSE(ws::lever_step("x-2"));
  EXPECT_FALSE(ws::lever_step("*2"));
}

}  // namespace
