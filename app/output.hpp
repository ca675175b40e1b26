#pragma once
// Result tables in the three formats of the CLI contract: an aligned table for
// people, CSV (one row per point, every set or swept key a column) and JSON.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ws {

struct Table {
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> units;  // per column, or empty; a table shows them under the header
  // A table moves text longer than kCellMax into numbered footnotes under it,
  // so rows of results stay narrow (reference lists keep their prose inline).
  bool footnotes = false;
  // A table wider than `width` characters is shown in blocks of columns, each
  // repeating the first `keep` columns (the point's identity), so a terminal
  // never wraps a row; CSV and JSON are never split.
  size_t width = 0;  // 0: one block however wide
  size_t keep = 1;
};

// A cell as JSON: an integer, a number, or the text.
nlohmann::json json_cell(const std::string& cell);

// The width tables for people are cut to: the terminal's when stdout is one,
// else 120 characters (a log, a file, a test).
size_t table_width();
std::string render(const Table& t, const std::string& format);  // "table" | "csv" | "json"
constexpr size_t kCellMax = 48;
std::string fmt_number(double v);
// For people: four significant digits, never an exponent above 1 (295012.3 prints 295000).
std::string plain_number(double v);
// `text` broken at spaces into lines of at most `width` characters (a longer
// word keeps its own line), every line after the first starting with `indent`.
std::string wrap(const std::string& text, size_t width, const std::string& indent);

}  // namespace ws
