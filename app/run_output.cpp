#include "app/run_output.hpp"

#include <fmt/format.h>
#include <filesystem>
#include <iostream>
#include "models/sim/param.hpp"

namespace ws {

RunOutput::RunOutput(std::string format, std::string out_path, std::vector<std::string> keys,
                     std::vector<std::string> swept, const std::vector<Point>& points, const std::vector<size_t>& index)
    : format_(std::move(format)), out_path_(std::move(out_path)), keys_(std::move(keys)), swept_(std::move(swept)),
      points_(points), index_(index), done_(points.size(), nullptr) {
  table_.columns = {"point"};
  for (auto& k : keys_) table_.columns.push_back(k);
}

std::vector<std::string> RunOutput::row(size_t i, const PointOutcome& o) const {
  std::vector<std::string> r{std::to_string(index_[i])};
  for (auto& k : keys_) r.push_back(points_[i].params.text(k));
  for (auto& [k, v] : o.result.metrics) r.push_back(fmt_number(v));
  for (auto& [k, v] : o.result.labels) r.push_back(v);
  return r;
}

void RunOutput::emit(const std::string& text) {
  if (out_path_.empty()) {
    std::cout << text << std::flush;
    return;
  }
  if (!file_.is_open()) file_.open(out_path_);
  if (!(file_ << text << std::flush)) throw InputError(fmt::format("--out {}: cannot write", out_path_));
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
    }
    table_.rows.push_back(row(next_, o));
    if (format_ != "csv") continue;
    Table one{header_written_ ? std::vector<std::string>{} : table_.columns, {table_.rows.back()}};
    std::string text = render(one, "csv");
    if (header_written_) text = text.substr(text.find('\n') + 1);  // render() always writes a header line
    header_written_ = true;
    emit(text);
  }
}

int RunOutput::close() {
  if (table_.rows.empty()) {  // every point failed; the errors are on stderr
    if (!out_path_.empty()) std::filesystem::remove(out_path_);  // leave no stale results behind
    return rc_;
  }
  if (format_ == "csv") return rc_;
  std::string text = render(table_, format_);
  if (format_ == "table" && done_.size() == 1) text += "\n" + report_;
  emit(text);
  return rc_;
}

}  // namespace ws
