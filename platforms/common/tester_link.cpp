#include "platforms/common/tester_link.hpp"

#include <fmt/format.h>

namespace ws {

void cable_tester(tester::TrafficTester& tester, unsigned port, eth::GigabitMac& mac, RunContext& run,
                  const std::string& pcap) {
  tester.tx_wire(port).connect([&mac](eth::Frame* f) { mac.receive(f); });
  mac.tx_wire().connect([&tester, port](eth::Frame* f) { tester.receive(port, f); });
  run.pcap(pcap, {&tester.tx_wire(port), &mac.tx_wire()});
}

void stop_quietly() {
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  sc_core::sc_stop();
}

void refuse_undrained_trials(tester::Measurement& m, const ParamTable& p, std::string& refused,
                             const std::string& consequence) {
  m.on_refused([&p, &refused, consequence](const tester::TrialResult& r) {
    refused = fmt::format("{}: key 'tester.drain_us': the trial at {:.2f}% of line rate still had {} frames in the "
                          "board {} us after its last frame{}; raise tester.drain_us (valid: 10..1000000)",
                          p.origin("tester.drain_us"), r.offered_pct, r.in_flight, p.r("tester.drain_us"), consequence);
    stop_quietly();
  });
}

}  // namespace ws
