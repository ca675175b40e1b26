#include "app/run_output.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <filesystem>
#include <iostream>
#include <sstream>
#include "models/sim/param.hpp"

namespace ws {

std::string top_utilisations(const RunResult& r, size_t n) {
  std::string s;
  for (size_t i = 0; i < r.resources.size() && i < n; ++i)
    s += fmt::format("{}{}:{:.1f}", i ? " " : "", r.resources[i].name, r.resources[i].util_pct);
  return s.empty() ? "-" : s;
}

RunOutput::RunOutput(std::string format, std::string dir, std::vector<std::string> keys,
                     std::vector<std::string> swept, const std::vector<Point>& points,
                     const std::vector<size_t>& index, std::function<std::string(const std::string&)> unit_of)
    : format_(std::move(format)), dir_(std::move(dir)), keys_(std::move(keys)), swept_(std::move(swept)),
      points_(points), index_(index), unit_of_(std::move(unit_of)), done_(points.size(), nullptr) {
  table_.columns = {"point"};
  table_.footnotes = true;
  table_.width = table_width();
  for (auto& k : keys_) table_.columns.push_back(k);
  if (!dir_.empty()) {
    csv_.open((std::filesystem::path(dir_) / "results.csv").string());
    if (!csv_) throw InputError(fmt::format("--out {}: cannot write results.csv", dir_));
  }
}

std::vector<std::string> RunOutput::row(size_t i, const PointOutcome& o) const {
  std::vector<std::string> r{std::to_string(index_[i])};
  for (auto& k : keys_) r.push_back(points_[i].params.text(k));
  for (auto& [k, v] : o.result.metrics) r.push_back(fmt_number(v));
  for (auto& [k, v] : o.result.labels) r.push_back(v);
  r.push_back(o.result.limit());
  r.push_back(top_utilisations(o.result, 3));
  return r;
}

// One CSV row to stdout (format csv) and to the run folder, the header before the first.
void RunOutput::stream_csv(const std::vector<std::string>& r) {
  Table one{header_written_ ? std::vector<std::string>{} : table_.columns, {r}, {}};
  std::string text = render(one, "csv");
  if (header_written_) text = text.substr(text.find('\n') + 1);  // render() always writes a header line
  header_written_ = true;
  if (format_ == "csv") std::cout << text << std::flush;
  if (csv_.is_open() && !(csv_ << text << std::flush))
    throw InputError(fmt::format("--out {}: cannot write results.csv", dir_));
}

void RunOutput::finished(size_t i, const PointOutcome& o) {
  done_[i] = &o;
  if (done_.size() == 1) report_ = o.result.report;
  flush_ready();
}

// Points in order as far as they have finished: failures to stderr, rows kept
// (and, for CSV, written at once).
void RunOutput::flush_ready() {
  for (; next_ < done_.size() && done_[next_]; ++next_) {
    const PointOutcome& o = *done_[next_];
    if (!o.ok) {
      std::string at;
      for (auto& k : swept_) at += fmt::format(" {}={}", k, points_[next_].params.text(k));
      std::cerr << fmt::format("point {}{}: {}\n", index_[next_], at.empty() ? "" : " (" + at.substr(1) + ")", o.error);
      if (!o.result.report.empty()) std::cerr << o.result.report;
      rc_ = std::max(rc_, o.exit_code);
      continue;
    }
    if (table_.columns.size() == keys_.size() + 1) {
      for (auto& [k, v] : o.result.metrics) table_.columns.push_back(k);
      for (auto& [k, v] : o.result.labels) table_.columns.push_back(k);
      table_.columns.push_back("limiting");
      table_.columns.push_back("top_util");
      for (auto& c : table_.columns) table_.units.push_back(unit_of_ ? unit_of_(c) : "");
    }
    table_.rows.push_back(row(next_, o));
    stream_csv(table_.rows.back());
  }
}

int RunOutput::close() {
  if (table_.rows.empty()) return rc_;  // every point failed; the errors are on stderr
  if (format_ == "csv") return rc_;
  std::string text = render(table_, format_);
  if (format_ == "table" && done_.size() == 1) {
    // The report's prose lines broken to the table's width (at least 80); a
    // line aligned in columns (two spaces inside it) is left whole.
    text += "\n";
    const size_t width = std::max<size_t>(table_.width, 80);
    std::istringstream lines(report_);
    for (std::string l; std::getline(lines, l);) {
      const size_t start = l.find_first_not_of(' ');
      const bool aligned = start != std::string::npos && l.find("  ", start) != std::string::npos;
      text += (l.size() > width && !aligned ? wrap(l, width, "    ") : l) + "\n";
    }
  }
  std::cout << text << std::flush;
  return rc_;
}

}  // namespace ws
