#pragma once
// A run's measurement window: the statistics from zero at its start and read
// at its end (resources by utilisation, the bottleneck report, the CPU load
// table), a CPU ledger cleared at the start and kept at the end, the board's
// drops counted from the start, and anything else the study notes at either
// end.
#include <systemc>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>
#include "models/sim/stats.hpp"
#include "workloads/lib/cycle_ledger.hpp"

namespace ws {

class MeasurementWindow {
 public:
  using Counts = std::map<std::string, uint64_t>;
  // `drops`: every frame the board discarded so far, by "<where>.<reason>".
  explicit MeasurementWindow(StatsRegistry& stats, std::function<Counts()> drops = {})
      : stats_(stats), drops_(std::move(drops)) {}
  // The ledger the software books its time into.
  void track(lib::Ledger& ledger) { live_ledger_ = &ledger; }
  // Notes of the study's own (counters read, samplers started), after the
  // statistics are reset, in the order given.
  void at_start(std::function<void()> note) { at_start_.push_back(std::move(note)); }

  void start();
  // The window of `length` from its start closes: what it held is kept (the
  // work booked past its end is not in it).
  void end(const sc_core::sc_time& length);

  const sc_core::sc_time& length() const { return length_; }
  const std::vector<ResourceUse>& resources() const { return resources_; }
  const std::string& bottleneck_report() const { return bottleneck_; }
  const std::string& cpu_report() const { return cpu_; }
  // Both, the CPU table under "CPU load over <what>:"; empty when the window never ended.
  std::string report(const std::string& what) const;
  const lib::Ledger& ledger() const { return ledger_; }
  // The drops since the start, as they stand now (the board may have drained since the end).
  Counts drops() const;
  // The reason with the most drops (the first in name order among equals), and its count; {"", 0} for none.
  static std::pair<std::string, uint64_t> worst(const Counts& drops);

 private:
  StatsRegistry& stats_;
  std::function<Counts()> drops_;
  Counts drops_before_;
  lib::Ledger* live_ledger_ = nullptr;
  std::vector<std::function<void()>> at_start_;
  bool ended_ = false;
  sc_core::sc_time start_, length_;
  std::vector<ResourceUse> resources_;
  std::string bottleneck_, cpu_;
  lib::Ledger ledger_;
};

}  // namespace ws
