#include "models/sim/stats.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace ws {

ResourceStats* StatsRegistry::resource(const std::string& name) {
  auto it = by_name_.find(name);
  if (it != by_name_.end()) return it->second;
  items_.push_back(std::make_unique<ResourceStats>());
  items_.back()->name = name;
  by_name_[name] = items_.back().get();
  return items_.back().get();
}

void StatsRegistry::reset() {
  for (auto& r : items_) {
    const std::string name = r->name, unit = r->queue_unit;
    *r = ResourceStats{};
    r->name = name;
    r->queue_unit = unit;
  }
  for (auto& l : loads_) *l = CpuLoad{l->name, {}, {}, {}, {}};
}

void StatsRegistry::tallies(std::vector<Tally>& out) {
  for (auto& r : items_) {
    out.push_back({nullptr, &r->busy, false});
    out.push_back({&r->ops, nullptr, false});
    out.push_back({&r->bytes, nullptr, false});
    out.push_back({&r->queue_hw, nullptr, true});
    for (auto& d : r->drops) out.push_back({&d.second, nullptr, false});
  }
  for (auto& l : loads_)
    for (sc_core::sc_time* t : {&l->irq, &l->soft, &l->sys, &l->usr}) out.push_back({nullptr, t, false});
}

std::vector<sc_core::sc_time> StatsRegistry::untils() const {
  std::vector<sc_core::sc_time> v;
  for (auto& r : items_) v.push_back(r->until);
  return v;
}

void StatsRegistry::shift_untils(const std::vector<sc_core::sc_time>& before, const std::vector<bool>& booked,
                                 const sc_core::sc_time& by) {
  for (size_t i = 0; i < items_.size(); ++i)
    if (i >= before.size() || items_[i]->until != before[i] || booked[i]) items_[i]->until += by;
}

CpuLoad* StatsRegistry::cpu_load(const std::string& name) {
  for (auto& l : loads_)
    if (l->name == name) return l.get();
  loads_.push_back(std::make_unique<CpuLoad>(CpuLoad{name, {}, {}, {}, {}}));
  return loads_.back().get();
}

std::string StatsRegistry::cpu_report(const sc_core::sc_time& window) const {
  if (loads_.empty() || window == sc_core::SC_ZERO_TIME) return {};
  auto row = [](const std::string& name, double usr, double sys, double irq, double soft) {
    const double idle = std::max(0.0, 100.0 - usr - sys - irq - soft);
    return fmt::format("{:<8} {:>7.2f} {:>7.2f} {:>7.2f} {:>7.2f} {:>7.2f}\n", name, usr, sys, irq, soft, idle);
  };
  std::string cores;
  double all[4] = {};
  for (auto& l : loads_) {
    const double v[4] = {l->level_pct(l->usr, window), l->level_pct(l->sys, window), l->level_pct(l->irq, window),
                         l->level_pct(l->soft, window)};
    for (int i = 0; i < 4; ++i) all[i] += v[i] / double(loads_.size());
    cores += row(l->name, v[0], v[1], v[2], v[3]);
  }
  return fmt::format("{:<8} {:>7} {:>7} {:>7} {:>7} {:>7}\n", "CPU", "%usr", "%sys", "%irq", "%soft", "%idle") +
         row("all", all[0], all[1], all[2], all[3]) + cores;
}

std::vector<const ResourceStats*> StatsRegistry::resources() const {
  std::vector<const ResourceStats*> v;
  for (auto& r : items_) v.push_back(r.get());
  return v;
}

// Resources by busy time up to `end`, the most utilised first (registration order among equals).
static std::vector<const ResourceStats*> ranked(const StatsRegistry& stats, const sc_core::sc_time& end) {
  auto v = stats.resources();
  std::stable_sort(v.begin(), v.end(), [&](auto* a, auto* b) { return a->busy_by(end) > b->busy_by(end); });
  return v;
}

std::map<std::string, uint64_t> StatsRegistry::drops_by_reason() const {
  std::map<std::string, uint64_t> out;
  for (auto& r : items_)
    for (auto& [why, count] : r->drops)
      if (count) out[r->name + "." + why] += count;
  return out;
}

std::string StatsRegistry::drops_text(const std::map<std::string, uint64_t>& drops) {
  std::string s;
  for (auto& [why, n] : drops)
    if (n) s += fmt::format("{}{}={}", s.empty() ? "" : " ", why, n);
  return s.empty() ? "-" : s;
}

std::string StatsRegistry::drops_text(const std::map<std::string, uint64_t>& drops,
                                     const std::map<std::string, uint64_t>& before) {
  std::map<std::string, uint64_t> since;
  for (auto& [why, n] : drops) {
    const auto b = before.find(why);
    since[why] = n - (b == before.end() ? 0 : b->second);
  }
  return drops_text(since);
}

std::string StatsRegistry::limiting() const {
  auto v = ranked(*this, sc_core::sc_max_time());
  if (v.empty() || v.front()->busy == sc_core::SC_ZERO_TIME) return {};
  return v.front()->name;
}

std::vector<ResourceUse> StatsRegistry::usage(const sc_core::sc_time& window, const sc_core::sc_time& end) const {
  std::vector<ResourceUse> out;
  const double w = window.to_seconds();
  for (auto* r : ranked(*this, end)) {
    ResourceUse u{r->name, w > 0 ? 100.0 * r->busy_by(end).to_seconds() / w : 0.0, r->ops, r->bytes, r->queue_hw, {},
                  r->queue_unit};
    for (auto& [why, n] : r->drops)
      if (n) u.drops[why] = n;
    out.push_back(std::move(u));
  }
  return out;
}

std::string StatsRegistry::bottleneck_report(const sc_core::sc_time& window, const sc_core::sc_time& end) const {
  std::string out = fmt::format("{:<28} {:>7} {:>10} {:>12} {:>12} {}\n", "resource", "util%", "ops",
                                "bytes", "queue_hw", "drops");
  const double w = window.to_seconds();
  const auto v = ranked(*this, end);
  for (auto* r : v) {
    std::string drops;
    for (auto& [why, n] : r->drops) drops += fmt::format("{}={} ", why, n);
    out += fmt::format("{:<28} {:>7.1f} {:>10} {:>12} {:>12} {}\n", r->name,
                       w > 0 ? 100.0 * r->busy_by(end).to_seconds() / w : 0.0, r->ops, r->bytes,
                       r->queue_unit.empty() ? "-" : fmt::format("{} {}", r->queue_hw, r->queue_unit), drops);
  }
  const bool busy = !v.empty() && v.front()->busy_by(end) > sc_core::SC_ZERO_TIME;
  out += busy ? fmt::format("limiting resource: {}\n", v.front()->name) : "limiting resource: none busy\n";
  return out;
}

}  // namespace ws
