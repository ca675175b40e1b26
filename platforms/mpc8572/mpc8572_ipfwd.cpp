// The IP forwarding study's measurement: a tester stream each way routed
// through the board, the final trial's window, the forwarding rate and each
// CPU's mpstat columns, what bounds the rate, and the report.
#include <fmt/format.h>
#include "models/tester/measurement.hpp"
#include "platforms/common/measurement_window.hpp"
#include "platforms/common/tester_link.hpp"
#include "platforms/mpc8572/mpc8572.hpp"
#include "platforms/mpc8572/mpc8572_software.hpp"
#include "platforms/mpc8572/mpc8572_window.hpp"

namespace ws {

using namespace mpc8572;
using sc_core::sc_time;

namespace {

std::string level_text(const CpuLoad& l, const sc_time& w) {
  const auto pct = [&](const sc_time& t) { return l.level_pct(t, w); };
  return fmt::format("irq {:.0f} %, softirq {:.0f} %, sys {:.0f} %, usr {:.0f} %", pct(l.irq), pct(l.soft), pct(l.sys),
                     pct(l.usr));
}

}  // namespace

RunResult run_ipfwd(const ParamTable& p, const RunOptions& o) {
  RunContext run(o);
  Mpc8572Board board("board", p, run);
  Mpc8572Software sw(p, board, run.stats);

  // The tester: a stream each way, routed through the board.
  std::vector<tester::PortSpec> ports;
  for (unsigned i = 0; i < kPorts; ++i) ports.push_back({tester_mac(i), kTesterIp[i]});
  std::vector<tester::StreamSpec> streams = {{0, port_mac(0), kTesterIp[1], 7000, 5000, true, 1, port_mac(1)},
                                             {1, port_mac(1), kTesterIp[0], 7001, 5001, true, 0, port_mac(0)}};
  tester::TrafficTester tester("tester", tester::TrafficTester::config(p, 0),
                               ports, streams, run.sched, run.stats, run.pool);
  for (unsigned i = 0; i < kPorts; ++i) {
    cable_tester(tester, i, board.eth[i]->mac(), run, fmt::format("eth{}.pcap", i));
    if (p.s("sim.drop_trains") == "on") tester.tx_wire(i).gate(&board.eth[i]->mac());
  }
  tester.count_drops_by_reason([&] {
    auto d = run.stats.drops_by_reason();
    for (auto& [why, n] : sw.drops()) d[why] += n;
    return d;
  });
  MeasurementWindow window(run.stats);
  ForwardingWindow forwarding(sw);
  window.at_start([&] { forwarding.start(); });
  tester::Measurement measurement(tester::Measurement::config(p, 1518, 1e9), tester, run.sched,
                                  {[&] { return sw.idle(); }, [&] { window.start(); }});
  measurement.on_done([&] { stop_quietly(run.sched); });  // the user processes' timers would run on
  std::string refused;
  refuse_undrained_trials(measurement, run.sched, p, refused);
  sw.lx.kernel().boot(0, [&]() -> os::Task {
    Cpu& c0 = *sw.cpus[0];
    for (auto& g : sw.gfar) g->open(c0);
    measurement.start(c0.time() + sc_time(100, sc_core::SC_US));
    co_return;
  }, "boot", sc_core::SC_ZERO_TIME);
  sc_core::sc_start();
  if (!refused.empty()) throw InputError(refused);
  if (!measurement.done()) throw std::runtime_error("the simulation ran out of events before the measurement ended");

  RunResult r;
  const tester::TrialResult& w = measurement.result().window;
  const sc_time length = w.ended - w.started;
  window.end(length);
  r.metrics = measurement.metrics(kPorts);
  r.metrics.push_back({"fwd_fps", double(w.received) / measurement.result().trial.to_seconds()});
  std::string limit;
  double worst = 0;
  for (unsigned i = 0; i < sw.cpus.size(); ++i) {
    const CpuLoad& l = *run.stats.cpu_load(sw.cpus[i]->resource_name());
    const std::string cpu = "cpu" + std::to_string(i);
    const double busy = l.busy_pct(length);
    r.metrics.push_back({cpu + "_pct", busy});
    for (auto [lvl, t] : {std::pair{"irq", l.irq}, {"soft", l.soft}, {"sys", l.sys}, {"usr", l.usr}})
      r.metrics.push_back({cpu + "_" + lvl + "_pct", l.level_pct(t, length)});
    if (busy > worst) worst = busy, limit = fmt::format("{} ({})", cpu, level_text(l, length));
  }
  uint64_t wire_frames = 0;
  for (unsigned i = 0; i < kPorts; ++i) wire_frames += tester.tx_wire(i).frames() + board.eth[i]->mac().tx_wire().frames();
  r.metrics.push_back({"time_squeezes", double(forwarding.time_squeezes())});
  r.metrics.push_back({"interventions", double(board.coherence.interventions())});
  r.metrics.push_back({"wire_frames", double(wire_frames)});
  // The final trial's drops, taken with its count: frames it reported in flight are not among them.
  const std::string reasons = StatsRegistry::drops_text(w.drops);
  r.labels = {{"drops", reasons}};
  r.integrity_errors = measurement.result().errors;
  r.limiting = worst >= 90 ? limit : (w.lost() ? "drops: " + reasons : "the offered load");
  const std::string locks = forwarding.locks(length, r.limiting);
  if (!measurement.result().settled) r.limiting += " [the board never went idle after the trial: a stuck ring or mask]";
  const std::string balance = forwarding.irqbalance(r.limiting);
  r.resources = window.resources();
  r.report = window.bottleneck_report() + measurement.window_report(tester::kForwarded);
  if (reasons != "-") r.report += "drops in the last trial: " + reasons + "\n";
  r.report += fmt::format("coherence: {} interventions, {} invalidations\n", board.coherence.interventions(),
                          board.coherence.invalidations());
  r.report += forwarding.net_rx() + balance + locks + "\n";
  if (p.s("gianfar.fast_path") == "on")
    r.report += fmt::format("fast path: {} hits, {} misses (over the run)\n", sw.fp.hits(), sw.fp.misses());
  r.report += forwarding.cache_moves(w.received) + forwarding.ledgers(run.stats);
  r.report += "CPU load over the window:\n" + window.cpu_report();
  r.report += "limiting: " + r.limiting + "\n";
  if (const uint64_t n = tester.train_frames())
    r.report += fmt::format("drop trains: {} tester frames a halted Rx queue's full FIFO dropped were counted without "
                            "an event each; sim.drop_trains=off simulates each\n", n);
  run.finish(r, double(wire_frames), "wire frames");
  return r;
}

}  // namespace ws
