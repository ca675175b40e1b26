#include "platforms/common/run_context.hpp"

#include <filesystem>
#include <algorithm>
#include <stdexcept>

namespace ws {

void RunContext::pcap(const std::string& file, std::initializer_list<eth::Wire*> wires) {
  if (options.pcap_dir.empty()) return;
  std::filesystem::create_directories(options.pcap_dir);
  pcaps_.push_back(std::make_unique<eth::PcapWriter>(options.pcap_dir + "/" + file));
  for (eth::Wire* w : wires) w->tap(pcaps_.back().get());
}

void RunContext::finish(RunResult& r, double work_units, const char* work_unit) {
  // The last callback's time: the kernel's own lags it by up to the scheduler's
  // quantum, on a grid a steady-state skip would not keep.
  r.simulated_s = steady.shifted(std::max(sc_core::sc_time_stamp(), sched.last_run())).to_seconds();
  if (steady.offered()) r.report += steady.summary();
  r.work_units = work_units;
  r.work_unit = work_unit;
  if (trace.enabled()) trace.flush();
}

void RunContext::finish_pc_run(RunResult& r, const std::map<std::string, uint64_t>& drops, const std::string& ledger) {
  r.report += "drops: " + StatsRegistry::drops_text(drops) + "\n";
  r.report += ledger;
  r.report += "limiting: " + r.limiting + "\n";
  const auto frames = std::find_if(r.metrics.begin(), r.metrics.end(), [](const auto& m) { return m.first == "wire_frames"; });
  if (frames == r.metrics.end()) throw std::logic_error("a run against a PC without its wire_frames column");
  finish(r, frames->second, "wire frames");
}

}  // namespace ws
