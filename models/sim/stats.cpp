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
    const std::string name = r->name;
    *r = ResourceStats{};
    r->name = name;
  }
}

std::vector<const ResourceStats*> StatsRegistry::resources() const {
  std::vector<const ResourceStats*> v;
  for (auto& r : items_) v.push_back(r.get());
  return v;
}

// Resources by busy time, the most utilised first (registration order among equals).
static std::vector<const ResourceStats*> ranked(const StatsRegistry& stats) {
  auto v = stats.resources();
  std::stable_sort(v.begin(), v.end(), [](auto* a, auto* b) { return a->busy > b->busy; });
  return v;
}

std::map<std::string, uint64_t> StatsRegistry::drops_by_reason() const {
  std::map<std::string, uint64_t> out;
  for (auto& r : items_)
    for (auto& [why, count] : r->drops)
      if (count) out[r->name + "." + why] += count;
  return out;
}

std::string StatsRegistry::limiting() const {
  auto v = ranked(*this);
  if (v.empty() || v.front()->busy == sc_core::SC_ZERO_TIME) return {};
  return v.front()->name;
}

std::string StatsRegistry::bottleneck_report(const sc_core::sc_time& window) const {
  std::string out = fmt::format("{:<28} {:>7} {:>10} {:>12} {:>8} {}\n", "resource", "util%", "ops",
                                "bytes", "queue_hw", "drops");
  const double w = window.to_seconds();
  for (auto* r : ranked(*this)) {
    std::string drops;
    for (auto& [why, n] : r->drops) drops += fmt::format("{}={} ", why, n);
    out += fmt::format("{:<28} {:>7.1f} {:>10} {:>12} {:>8} {}\n", r->name,
                       w > 0 ? 100.0 * r->busy.to_seconds() / w : 0.0, r->ops, r->bytes, r->queue_hw,
                       drops);
  }
  auto lim = limiting();
  out += lim.empty() ? "limiting resource: none busy\n" : fmt::format("limiting resource: {}\n", lim);
  return out;
}

}  // namespace ws
