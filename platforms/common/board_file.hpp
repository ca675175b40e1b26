#pragma once
// A board's description file (platforms/<board>/board.yaml): the data a board
// is made of, read with each entry's file:line.
//
//   board: mpc8572
//   description: "..."
//   extends: mpc8572        # optional: that board's file first (or a .yaml beside this one), then this file over it
//   presets: [pcie_dllp_msc815x]  # optional: platforms/presets/<name>.yaml, over the base, under this file
//   defaults:
//     e500.l1d_kb: {value: 32, source: "hardware-facts.md §3"}
//     e500.reg_access_ns: {value: 30, source: assumed, meaning: "one eTSEC register access over the CCB"}
//     irq.eth0_mask: {value: 1, source: "...", kind: int, range: [1, 3], unit: CPU mask, meaning: "..."}
//
// An entry without `kind` gives the default of a key a block of the board
// declared (its model's bindings), and may put the key in this part's words:
// `unit`, `meaning`, `range`, and make it a lever `advise` tries:
// `lever: {try: [x2, /2], cost: "..."}` (ParamSpec::lever). An entry with `kind` (int, real, choice) is a key
// of the board's own (the study's configuration, a board-level composite),
// declared whole: `range: [min, max]` or `choices: [...]` (an int may list its
// allowed values). A variant's entry replaces the fields it gives.
#include <functional>
#include <string>
#include <vector>
#include "models/sim/param.hpp"
#include "platforms/platform.hpp"

namespace ws {

struct BoardEntry {
  std::string key, where;  // where: "path:line"
  std::string value, source, kind, unit, meaning;
  double min = 0, max = 0;
  std::vector<std::string> choices;
  std::vector<std::string> lever;
  std::string lever_cost;
};

struct BoardFile {
  std::string path, name, description, extends;
  std::vector<std::string> presets;
  std::vector<BoardEntry> entries;  // the base's, then the presets', then this file's (a later one's fields replace)

  // Declares the board's own keys and gives every default; the blocks' keys
  // must be declared first. Ends with ParamTable::complete(). A bad entry is
  // an InputError naming the file, line, key and valid range.
  void apply(ParamTable& t) const;
};

// The board file at `file`: absolute, or relative to the data root (data_path); read once per process. Throws InputError.
const BoardFile& board_file(const std::string& file);

// The platform `rest` describes on the board of the file at `relative`:
// named after the file (platforms/<name>/board.yaml, or <name>.yaml for a
// variant beside its base), its declare() is `blocks` (the blocks' keys) and
// then the file's defaults. The file is read when first needed, so a command
// reads only the boards it uses. A variant has no reference table: its figures
// are unmeasured.
Platform board_platform(const std::string& relative, std::function<void(ParamTable&)> blocks, Platform rest);
// The platform of a board file given at run time (`platform: my_board.yaml`,
// `params my_board.yaml`): its `extends:` chain ends at a catalogue board,
// whose model runs with the chain's values. No rebuild; no reference table.
// Read once per process; throws InputError for a bad file.
const Platform& file_platform(const std::string& path);
// Where a key's default came from on `p`: "own" (its board file), "preset
// NAME", "inherited from BOARD" or "built-in" (C++).
std::string value_from(const Platform& p, const ParamSpec& s);
// What `list` shows: the board file's description, or the platform's own.
std::string description(const Platform& p);

}  // namespace ws
