#include "platforms/common/tester_link.hpp"

#include <fmt/format.h>

namespace ws {

void cable_tester(tester::TrafficTester& tester, unsigned port, eth::GigabitMac& mac, RunContext& run,
                  const std::string& pcap) {
  tester.tx_wire(port).connect([&mac](eth::Frame* f) { mac.receive(f); }, /*takes_unmade=*/true);
  mac.tx_wire().connect([&tester, port](eth::Frame* f) { tester.receive(port, f); });
  run.pcap(pcap, {&tester.tx_wire(port), &mac.tx_wire()});
}

void stop_quietly(Scheduler& sched) {
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  sched.stop();
}

void refuse_undrained_trials(tester::Measurement& m, Scheduler& sched, const ParamTable& p, std::string& refused,
                             const std::string& consequence) {
  m.on_refused([&sched, &p, &refused, consequence](const tester::TrialResult& r) {
    const ParamSpec& drain = p.spec("tester.drain_us");
    // At the longest drain there is nothing to raise: the configuration does not drain.
    const std::string advice = p.r("tester.drain_us") < drain.max
                                   ? fmt::format("raise tester.drain_us (valid: {})", ParamTable::range_text(drain))
                                   : "the longest drain tester.drain_us allows; the board does not drain in this "
                                     "configuration";
    refused = fmt::format("{}: key 'tester.drain_us': the trial at {:.2f}% of line rate still had {} frames in the "
                          "board {} us after its last frame{}; {}",
                          p.origin("tester.drain_us"), r.offered_pct, r.in_flight, p.r("tester.drain_us"), consequence,
                          advice);
    stop_quietly(sched);
  });
}

}  // namespace ws
