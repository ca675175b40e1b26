#include "platforms/common/run_context.hpp"

#include <filesystem>
#include <stdexcept>

namespace ws {

RunContext::RunContext(const RunOptions& o) : options(o), trace(o.trace_path), sched("sched") {
  // A recurring state has every total, and the callbacks in flight, where they were a stride ago.
  steady.stats(stats);
  steady.state([this](Fingerprint& f) {
    std::vector<uint64_t> pending;
    sched.pending_offsets(pending);
    for (uint64_t t : pending) f.add(t);
  });
}

void RunContext::offer_steady_skip(const ParamTable& p, const Rng& rng) {
  steady.enable(SteadyState::wanted(p), trace.enabled() ? "--trace records every event" : "");
  steady.state([&rng](Fingerprint& f) { f.add(rng.draws()); });
}

void RunContext::pcap(const std::string& file, std::initializer_list<eth::Wire*> wires) {
  if (options.pcap_dir.empty()) return;
  std::filesystem::create_directories(options.pcap_dir);
  pcaps_.push_back(std::make_unique<eth::PcapWriter>(options.pcap_dir + "/" + file));
  for (eth::Wire* w : wires) w->tap(pcaps_.back().get());
}

void RunContext::finish(RunResult& r, double work_units, const char* work_unit) {
  // A run that can skip periods runs until no callback is left: it ends with
  // the last one that acted (every model acts through the Scheduler), not the
  // kernel's time, which lags it on the scheduler's quantum grid (a grid the
  // skip does not keep), nor a cancelled timer's callback. A run its
  // scheduler stopped ends with the callback that stopped it. Other runs keep
  // the kernel's time (some stop the kernel at a set time).
  const sc_core::sc_time end = steady.offered() ? steady.shifted(sched.last_effect())
                               : sched.stopped()  ? sched.stopped_at()
                                                  : sc_core::sc_time_stamp();
  r.simulated_s = end.to_seconds();
  r.skipped_s = steady.skipped_time().to_seconds();
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
