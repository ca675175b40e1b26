#pragma once
// What the studies measured by tester::Measurement (the UDP echo, the IP
// forwarding) share: the tester's ports cabled to the board's MACs, and the
// end of the simulation when the measurement is done or refuses a trial.
#include <string>
#include "models/eth/gigabit_mac.hpp"
#include "models/sim/param.hpp"
#include "models/tester/measurement.hpp"
#include "models/tester/traffic_tester.hpp"
#include "platforms/common/run_context.hpp"

namespace ws {

// Tester port `port` and the board's `mac`, a cable each way; with --pcap
// both directions in the file `pcap`.
void cable_tester(tester::TrafficTester& tester, unsigned port, eth::GigabitMac& mac, RunContext& run,
                  const std::string& pcap);
// Stops the simulation after the running callback (Scheduler::stop), without SystemC's notice that it did.
void stop_quietly(Scheduler& sched);
// A trial that ends with frames still in the board stops the measurement:
// `refused` then says why and what to raise (the run exits 2); `consequence`
// follows the count of frames (", and the next trial would count them").
void refuse_undrained_trials(tester::Measurement& m, Scheduler& sched, const ParamTable& p, std::string& refused,
                             const std::string& consequence = "");

}  // namespace ws
