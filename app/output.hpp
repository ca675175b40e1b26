#pragma once
// Result tables in the three formats of the CLI contract: an aligned table for
// people, CSV (one row per point, every set or swept key a column) and JSON.
#include <string>
#include <vector>

namespace ws {

struct Table {
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;
};

std::string render(const Table& t, const std::string& format);  // "table" | "csv" | "json"
std::string fmt_number(double v);

}  // namespace ws
