// The UDP echo study: a tester port on each UEC in use, a stream per
// channel, the final trial's window, the echo figures, and the report.
#include <fmt/format.h>
#include <numeric>
#include "models/sim/invariants.hpp"
#include "models/tester/measurement.hpp"
#include "platforms/common/measurement_window.hpp"
#include "platforms/common/tester_link.hpp"
#include "platforms/msc8144/msc8144.hpp"
#include "platforms/msc8144/msc8144_board.hpp"
#include "platforms/msc8144/msc8144_plan.hpp"
#include "platforms/msc8144/msc8144_software.hpp"

namespace ws {

using namespace apps;
using namespace msc8144;
using sc_core::sc_time;

namespace {

// The largest frame every Rx buffer in use holds (FCS included), at most 1518 B.
uint32_t largest_frame(const ParamTable& p, const Plan& pl) {
  int64_t n = eth::kMaxFrameBytes;
  for (unsigned u = 0; u < pl.uecs; ++u) n = std::min(n, p.i(uec_key(hw_uec(pl, u), "rx_buffer_bytes")));
  return uint32_t(n);
}

}  // namespace

RunResult run_udp_echo(const ParamTable& p, const RunOptions& o) {
  const Plan pl = plan(p);
  RunContext run(o);
  Msc8144Board board("msc8144", p, pl.cores, pl.uecs, run);
  Msc8144Software sw(p, pl, board, run.stats);

  std::vector<tester::PortSpec> ports;
  for (unsigned u = 0; u < pl.uecs; ++u) ports.push_back({eth::local_mac(0x54, u), ipv4(10, 0, u, 1)});
  std::vector<tester::StreamSpec> streams;
  for (unsigned k = 0; k < pl.channels.size(); ++k) {
    const Channel& c = pl.channels[k];
    streams.push_back({c.uec, c.mac, c.ip, kEchoPort, uint16_t(kTesterPort + k)});
  }
  tester::TrafficTester tester("tester", tester::TrafficTester::config(p, UdpEchoApp::kReplyPortOffset),
                               ports, streams, run.sched, run.stats, run.pool);
  for (unsigned u = 0; u < pl.uecs; ++u) {
    qe::Uec& uec = *board.uecs[u];
    cable_tester(tester, u, uec.mac(), run, uec.name() + ".pcap");
    tester.tx_wire(u).trace(&run.trace);
    uec.mac().trace(&run.trace);
  }

  // Every frame the board discarded so far, by "<where>.<reason>": the hardware's
  // counters (MAC, UEC) and the software's (driver, stack).
  auto board_drops = [&] {
    auto d = run.stats.drops_by_reason();
    for (auto& [why, n] : sw.drops()) d[why] += n;
    return d;
  };
  tester.count_drops_by_reason(board_drops);
  // The final trial starts with fresh statistics on an idle board: cores, UEC
  // threads and queues all done with their last work.
  MeasurementWindow window(run.stats, board_drops);
  tester::Measurement measurement(
      tester::Measurement::config(p, largest_frame(p, pl), 1e9), tester, run.sched,
      {[&] {
         for (unsigned c = 0; c < board.cores.size(); ++c)
           if (!sw.sdos->kernel().idle(c)) return false;
         return sw.tx_waiting() == 0 && std::all_of(board.uecs.begin(), board.uecs.end(), [](auto& u) { return u->idle(); });
       },
       [&] { window.start(); }});
  std::string refused;
  refuse_undrained_trials(measurement, run.sched, p, refused, ", and the next trial would count them");

  // Core 0's boot task programs the hardware; traffic starts once it has.
  sw.sdos->boot(sc_core::SC_ZERO_TIME, [&]() -> os::Task {
    Cpu& core0 = *board.cores[0];
    sw.init(core0, pl, board);
    tester.resolve(core0.time() + ns(10e3));
    measurement.start(core0.time() + ns(100e3));
    co_return;
  }, "boot");
  sc_core::sc_start();
  if (!refused.empty()) throw InputError(refused);
  if (!measurement.done()) throw std::runtime_error("the simulation ran out of events before the measurement ended");

  RunResult r;
  const tester::Measurement::Result& m = measurement.result();
  const tester::TrialResult& w = m.window;
  r.metrics = measurement.metrics(pl.uecs);
  uint64_t wire_frames = 0;  // every frame that crossed a simulated wire, all trials
  for (unsigned u = 0; u < pl.uecs; ++u) wire_frames += tester.tx_wire(u).frames() + board.uecs[u]->mac().tx_wire().frames();
  r.metrics.push_back({"wire_frames", double(wire_frames)});
  const std::string reasons = StatsRegistry::drops_text(window.drops());
  r.labels = {{"drops", reasons}};
  r.integrity_errors = m.errors;
  // Utilisation covers the trial from its first frame until the board drained
  // (every frame echoed or dropped): the statistics were reset at its start.
  const sc_time length = w.ended - w.started;
  require_utilisation_within_window(run.stats, length, w.ended);
  window.end(length);
  std::string arp_errors;
  for (auto& [why, n] : tester.arp_errors()) arp_errors += fmt::format(" {}={}", why, n);
  require(arp_errors.empty() && tester.arp_replies() == tester.streams(), "every stream's ARP answered correctly",
          fmt::format("{} valid replies for {} streams; errors:{}", tester.arp_replies(), tester.streams(),
                      arp_errors.empty() ? " none" : arp_errors));
  r.resources = window.resources();
  r.report = window.bottleneck_report() + measurement.window_report();
  if (reasons != "-") r.report += "drops in the last trial: " + reasons + "\n";
  r.report += "CPU load over the window:\n" + window.cpu_report();
  run.finish(r, double(wire_frames), "wire frames");
  return r;
}

}  // namespace ws
