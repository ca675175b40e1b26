#include "app/output.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sys/ioctl.h>
#include <unistd.h>

namespace ws {

size_t table_width() {
  winsize ws{};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40) return ws.ws_col;
  return 120;
}

std::string fmt_number(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15) return fmt::format("{:.0f}", v);
  return fmt::format("{}", v);  // shortest text that reads back as the same double
}

std::string plain_number(double v) {
  if (!std::isfinite(v) || std::fabs(v) < 1000) return fmt::format("{:.4g}", v);
  const double unit = std::pow(10.0, std::floor(std::log10(std::fabs(v))) - 3);
  return fmt::format("{:.0f}", std::round(v / unit) * unit);
}

std::string wrap(const std::string& text, size_t width, const std::string& indent) {
  const size_t lead = std::min(text.find_first_not_of(' '), text.size());
  std::string out, line = text.substr(0, lead);
  bool fresh = true;  // nothing but indentation on the line yet
  for (size_t start = lead; start < text.size();) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    start = end + 1;
    if (word.empty()) continue;
    if (!fresh && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line = indent;
      fresh = true;
    }
    line += (fresh ? "" : " ") + word;
    fresh = false;
  }
  return out + line;
}

// Tables are for people: four significant digits; CSV and JSON keep full precision.
static std::string for_people(const std::string& cell) {
  char* end = nullptr;
  const double v = std::strtod(cell.c_str(), &end);
  if (cell.empty() || *end != '\0' || cell.find_first_of(".eE") == std::string::npos) return cell;
  return (cell[0] == '+' && v != 0 ? "+" : "") + plain_number(v);
}

static std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

nlohmann::json json_cell(const std::string& cell) {
  if (cell.empty()) return cell;
  int64_t i = 0;
  const char* b = cell.data();
  const char* e = b + cell.size();
  if (auto [p, ec] = std::from_chars(b, e, i); ec == std::errc() && p == e) return i;  // integers stay integers
  char* end = nullptr;
  const double v = std::strtod(cell.c_str(), &end);
  if (end && *end == '\0' && std::isfinite(v)) return v;
  return cell;
}

// Column indices in blocks no wider than `width` (two spaces between
// columns), each block starting with the first `keep` columns; a column wider
// than the room left gets a block of its own.
static std::vector<std::vector<size_t>> column_blocks(const std::vector<size_t>& w, size_t width, size_t keep) {
  keep = std::min(keep, w.size());
  std::vector<size_t> lead;
  size_t lead_w = 0;
  for (size_t i = 0; i < keep; ++i) {
    lead.push_back(i);
    lead_w += (i ? 2 : 0) + w[i];
  }
  std::vector<std::vector<size_t>> blocks;
  std::vector<size_t> cur = lead;
  size_t cur_w = lead_w;
  for (size_t i = keep; i < w.size(); ++i) {
    const size_t add = (cur.empty() ? 0 : 2) + w[i];
    if (width && cur.size() > keep && cur_w + add > width) {
      blocks.push_back(cur);
      cur = lead;
      cur_w = lead_w;
    }
    cur_w += (cur.empty() ? 0 : 2) + w[i];
    cur.push_back(i);
  }
  if (cur.size() > keep || blocks.empty()) blocks.push_back(cur);
  return blocks;
}

std::string render(const Table& t, const std::string& format) {
  std::string out;
  if (format == "csv") {
    auto line = [&](const std::vector<std::string>& v) {
      for (size_t i = 0; i < v.size(); ++i) {
        if (i) out += ',';
        out += csv_field(v[i]);
      }
      out += "\n";
    };
    line(t.columns);
    for (auto& r : t.rows) line(r);
  } else if (format == "json") {
    nlohmann::json a = nlohmann::json::array();
    for (auto& r : t.rows) {
      nlohmann::json o = nlohmann::json::object();
      for (size_t i = 0; i < t.columns.size(); ++i) o[t.columns[i]] = json_cell(r[i]);
      a.push_back(o);
    }
    out = a.dump(2) + "\n";
  } else {
    auto rows = t.rows;
    std::vector<std::string> notes;  // long cells, each text once
    for (auto& r : rows)
      for (auto& c : r) {
        c = for_people(c);
        if (!t.footnotes || c.size() <= kCellMax) continue;
        auto it = std::find(notes.begin(), notes.end(), c);
        if (it == notes.end()) it = notes.insert(it, c);
        c = fmt::format("{}... [{}]", c.substr(0, kCellMax - 10), it - notes.begin() + 1);
      }
    std::vector<size_t> w(t.columns.size());
    std::vector<std::string> units;
    if (!t.units.empty())
      for (auto& u : t.units) units.push_back(u.empty() ? "" : "[" + u + "]");
    for (size_t i = 0; i < w.size(); ++i) {
      w[i] = t.columns[i].size();
      if (!units.empty()) w[i] = std::max(w[i], units[i].size());
      for (auto& r : rows) w[i] = std::max(w[i], r[i].size());
    }
    const auto blocks = column_blocks(w, t.width, t.keep);
    for (auto& block : blocks) {
      if (blocks.size() > 1)
        out += fmt::format("{}columns {}..{} of {}\n", &block == &blocks.front() ? "" : "\n",
                           block[std::min(t.keep, block.size() - 1)] + 1, block.back() + 1, w.size());
      auto line = [&](const std::vector<std::string>& v) {
        for (size_t j = 0; j < block.size(); ++j) out += fmt::format("{}{:>{}}", j ? "  " : "", v[block[j]], w[block[j]]);
        out += "\n";
      };
      line(t.columns);
      if (!units.empty()) line(units);
      for (auto& r : rows) line(r);
    }
    for (size_t i = 0; i < notes.size(); ++i) out += wrap(fmt::format("[{}] {}", i + 1, notes[i]), 100, "    ") + "\n";
  }
  return out;
}

}  // namespace ws
