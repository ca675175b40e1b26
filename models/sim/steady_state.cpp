#include "models/sim/steady_state.hpp"

#include <fmt/format.h>
#include <algorithm>
#include "models/sim/sim_time.hpp"

namespace ws {

void SteadyState::declare_params(ParamTable& t) {
  t.declare(choice("sim.steady_skip", "on", {"on", "off"}, "-",
                   "on: once the run's state recurs period after period (every total gaining the same, "
                   "three periods in a row), take the middle periods as done and simulate the rest; off: "
                   "simulate every event (the check of the skip)",
                   "a simulator switch, no board fact"));
}

void SteadyState::enable(bool on, std::string why_not) {
  offered_ = true;
  on_ = on && why_not.empty();
  why_not_ = on ? std::move(why_not) : std::string("sim.steady_skip=off");
}

std::vector<StatsRegistry::Tally> SteadyState::all_tallies() const {
  std::vector<StatsRegistry::Tally> v = tallies_;
  if (stats_) stats_->tallies(v);
  return v;
}

// The last kMatches strides of `stride` boundaries took the same time, changed
// every total alike, levels not at all, and ended in the same state.
bool SteadyState::recurs(size_t stride) const {
  const size_t n = history_.size();
  const Sample &last = history_[n - 1], &before = history_[n - 1 - stride];
  const sc_core::sc_time period = last.at - before.at;
  for (size_t k = 1; k <= kMatches; ++k)
    if (history_[n - 1 - k * stride].state != last.state) return false;
  for (size_t k = 2; k <= kMatches; ++k) {
    const Sample &b = history_[n - 1 - (k - 1) * stride], &a = history_[n - 1 - k * stride];
    if (a.values.size() != last.values.size() || b.values.size() != last.values.size() || b.at - a.at != period)
      return false;
  }
  for (size_t i = 0; i < last.values.size(); ++i) {
    const uint64_t gain = last.values[i] - before.values[i];
    for (size_t k = 2; k <= kMatches; ++k)
      if (history_[n - 1 - (k - 1) * stride].values[i] - history_[n - 1 - k * stride].values[i] != gain) return false;
  }
  return true;
}

uint64_t SteadyState::boundary(uint64_t periods_left, uint64_t work_period) {
  if (!on_ || skipped_) return 0;
  work_period_ = work_period;
  const auto tallies = all_tallies();
  Sample s{now(), {}, {}, {}};
  s.values.reserve(tallies.size());
  for (auto& t : tallies) s.values.push_back(read(t));
  Fingerprint f(s.state);
  for (auto& fn : states_) fn(f);
  if (stats_)  // every resource's next free time (a server booked ahead), and its operations so far
    for (const ResourceStats* r : stats_->resources()) {
      f.ahead(r->until);
      s.ops.push_back(r->ops);
    }
  history_.push_back(std::move(s));
  if (history_.size() > kMatches * kMaxStride + 1) history_.erase(history_.begin());
  const size_t n = history_.size();
  size_t stride = 0;
  for (size_t p = work_period; p <= kMaxStride && kMatches * p + 1 <= n && !stride; p += work_period)
    if (recurs(p)) stride = p;
  if (!stride || periods_left < kTail + stride) return 0;
  const Sample &a = history_[n - 1 - stride], &b = history_[n - 1];
  for (size_t i = 0; i < tallies.size(); ++i)
    if (tallies[i].level && b.values[i] != a.values[i]) return 0;

  // The most whole strides that leave the tail, keep every count on its modulus and within its limit.
  uint64_t m = (periods_left - kTail) / stride;
  const auto aligned = [&](uint64_t k) {
    for (size_t i = 0; i < moduli_.size(); ++i) {
      const uint64_t gain = (b.values[i] - a.values[i]) * k;
      if (gain % moduli_[i] != 0 || gain > limits_[i] - std::min(limits_[i], b.values[i])) return false;
    }
    return true;
  };
  while (m > 0 && !aligned(m)) --m;
  if (m == 0) return 0;
  gains_.clear();
  for (size_t i = 0; i < tallies.size(); ++i) gains_.push_back((b.values[i] - a.values[i]) * m);
  for (auto& fn : on_skip_) fn(m);
  for (size_t i = 0; i < tallies.size(); ++i) {
    if (tallies[i].count) *tallies[i].count += gains_[i];
    else *tallies[i].time += sc_core::sc_time::from_value(gains_[i]);
  }
  gains_.clear();
  skipped_ = m;
  stride_ = unsigned(stride);
  at_ = b.at;
  period_ = b.at - a.at;
  skipped_time_ = sc_core::sc_time::from_value(period_.value() * m);
  if (stats_) {
    untils_ = stats_->untils();
    booked_.clear();
    for (size_t i = 0; i < b.ops.size(); ++i) booked_.push_back(b.ops[i] != a.ops[i]);
  }
  return m * stride;
}

uint64_t SteadyState::gain(const uint64_t& v) const {
  for (size_t i = 0; i < tallies_.size() && i < gains_.size(); ++i)
    if (tallies_[i].count == &v) return gains_[i];
  return 0;
}

void SteadyState::close() {
  if (!skipped_ || closed_ || !stats_) return;
  closed_ = true;
  stats_->shift_untils(untils_, booked_, skipped_time_);
}

std::string SteadyState::summary() const {
  if (skipped_)
    return fmt::format("steady state: {} periods of {:.3f} us ({} of the run's each) taken as done at {:.3f} us, "
                       "{} periods matched before; sim.steady_skip=off simulates them\n",
                       skipped_, period_.to_seconds() * 1e6, stride_, at_.to_seconds() * 1e6, kMatches);
  if (!why_not_.empty()) return "steady state: no skip (" + why_not_ + ")\n";
  return fmt::format("steady state: no skip (no {} equal periods of up to {} of the run's, each whole times the "
                     "work's own period of {}, before its last {})\n",
                     kMatches, kMaxStride, work_period_, kTail);
}

}  // namespace ws
