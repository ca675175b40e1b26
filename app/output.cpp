#include "app/output.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace ws {

std::string fmt_number(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15) return fmt::format("{:.0f}", v);
  return fmt::format("{}", v);  // shortest text that reads back as the same double
}

// Tables are for people: four significant digits; CSV and JSON keep full precision.
static std::string for_people(const std::string& cell) {
  char* end = nullptr;
  const double v = std::strtod(cell.c_str(), &end);
  if (cell.empty() || *end != '\0' || cell.find('.') == std::string::npos) return cell;
  return fmt::format("{:.4g}", v);
}

static std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string render(const Table& t, const std::string& format) {
  std::string out;
  if (format == "csv") {
    auto line = [&](const std::vector<std::string>& v) {
      for (size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + csv_field(v[i]);
      out += "\n";
    };
    line(t.columns);
    for (auto& r : t.rows) line(r);
  } else if (format == "json") {
    nlohmann::json a = nlohmann::json::array();
    for (auto& r : t.rows) {
      nlohmann::json o = nlohmann::json::object();
      for (size_t i = 0; i < t.columns.size(); ++i) {
        // Numbers stay numbers in JSON; everything else is a string.
        char* end = nullptr;
        const double v = std::strtod(r[i].c_str(), &end);
        if (!r[i].empty() && end && *end == '\0')
          o[t.columns[i]] = v;
        else
          o[t.columns[i]] = r[i];
      }
      a.push_back(o);
    }
    out = a.dump(2) + "\n";
  } else {
    auto rows = t.rows;
    for (auto& r : rows)
      for (auto& c : r) c = for_people(c);
    std::vector<size_t> w(t.columns.size());
    for (size_t i = 0; i < w.size(); ++i) {
      w[i] = t.columns[i].size();
      for (auto& r : rows) w[i] = std::max(w[i], r[i].size());
    }
    auto line = [&](const std::vector<std::string>& v) {
      for (size_t i = 0; i < v.size(); ++i) out += fmt::format("{}{:>{}}", i ? "  " : "", v[i], w[i]);
      out += "\n";
    };
    line(t.columns);
    for (auto& r : rows) line(r);
  }
  return out;
}

}  // namespace ws
