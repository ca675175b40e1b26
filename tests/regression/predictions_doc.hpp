#pragma once
// docs/predictions.md as the regression tests read it: a platform's section,
// and the cells of one line of its table.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include "app/reproduce.hpp"

namespace ws::test {

// The document from the heading that starts with `heading` on; empty if it has none.
inline std::string predictions_section(const std::string& heading) {
  std::ifstream f(data_path("docs/predictions.md"));
  std::stringstream ss;
  ss << f.rdbuf();
  const auto from = ss.str().find("## " + heading);
  return from == std::string::npos ? std::string() : ss.str().substr(from);
}

// The cells of the table line of `doc` whose first cell is `first` (cells[0] is
// the empty text before the first '|'); empty if there is no such line.
inline std::vector<std::string> table_row(const std::string& doc, const std::string& first) {
  const auto at = doc.find("| " + first + " |");
  if (at == std::string::npos) return {};
  std::stringstream cs(doc.substr(at, doc.find('\n', at) - at));
  std::vector<std::string> cells;
  for (std::string c; std::getline(cs, c, '|');) cells.push_back(c);
  return cells;
}

}  // namespace ws::test
