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
};

// A cell as JSON: an integer, a number, or the text.
nlohmann::json json_cell(const std::string& cell);

std::string render(const Table& t, const std::string& format);  // "table" | "csv" | "json"
std::string fmt_number(double v);

}  // namespace ws
