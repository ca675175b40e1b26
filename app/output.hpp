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
};

// A cell as JSON: an integer, a number, or the text.
nlohmann::json json_cell(const std::string& cell);

std::string render(const Table& t, const std::string& format);  // "table" | "csv" | "json"
constexpr size_t kCellMax = 48;
std::string fmt_number(double v);
// For people: four significant digits, never an exponent above 1 (295012.3 prints 295000).
std::string plain_number(double v);
// `text` broken at spaces into lines of at most `width` characters (a longer
// word keeps its own line), every line after the first starting with `indent`.
std::string wrap(const std::string& text, size_t width, const std::string& indent);

}  // namespace ws
