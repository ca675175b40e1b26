#include "platforms/common/measurement_window.hpp"

namespace ws {

void MeasurementWindow::start() {
  start_ = now();
  stats_.reset();
  if (live_ledger_) live_ledger_->clear();
  for (auto& note : at_start_) note();
  if (drops_) drops_before_ = drops_();  // after the notes: a study's note may zero the software's counts
}

void MeasurementWindow::end(const sc_core::sc_time& length) {
  ended_ = true;
  length_ = length;
  resources_ = stats_.usage(length, start_ + length);
  bottleneck_ = stats_.bottleneck_report(length, start_ + length);
  cpu_ = stats_.cpu_report(length);
  if (live_ledger_) ledger_ = *live_ledger_;
}

std::string MeasurementWindow::report(const std::string& what) const {
  return ended_ ? bottleneck_ + "CPU load over " + what + ":\n" + cpu_ : "";
}

MeasurementWindow::Counts MeasurementWindow::drops() const {
  Counts since;
  if (!drops_) return since;
  for (auto& [why, n] : drops_()) {
    const auto b = drops_before_.find(why);
    since[why] = n - (b == drops_before_.end() ? 0 : b->second);
  }
  return since;
}

std::pair<std::string, uint64_t> MeasurementWindow::worst(const Counts& drops) {
  std::pair<std::string, uint64_t> w{"", 0};
  for (auto& [why, n] : drops)
    if (n > w.second) w = {why, n};
  return w;
}

}  // namespace ws
