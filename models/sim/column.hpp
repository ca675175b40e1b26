#pragma once
// A result column: its name, unit and meaning (table headers, docs/columns.md).
#include <string>

namespace ws {

struct Column {
  std::string name, unit, meaning;
};

}  // namespace ws
