#include "platforms/mpc8572/mpc8572.hpp"

#include <fmt/format.h>
#include <filesystem>
#include <memory>
#include "models/eth/pcap_writer.hpp"
#include "models/sim/scheduler.hpp"
#include "models/tester/measurement.hpp"
#include "platforms/mpc8572/mpc8572_board.hpp"
#include "platforms/mpc8572/mpc8572_forwarding.hpp"
#include "workloads/apps/user_load.hpp"
#include "workloads/drivers/gianfar.hpp"
#include "workloads/drivers/gianfar_fp.hpp"
#include "workloads/lib/cycle_ledger.hpp"
#include "workloads/lib/buffer_pool.hpp"
#include "workloads/net/ipv4_forward.hpp"
#include "workloads/net/sk_buff.hpp"
#include "workloads/os/linux/irq_affinity.hpp"
#include "workloads/os/linux/irqbalance.hpp"
#include "workloads/os/linux/linux.hpp"

namespace ws {

using namespace mpc8572;
using sc_core::sc_time;

namespace {

constexpr uint32_t kSkbBytes = 2048;
constexpr uint32_t kNet[kPorts] = {0x0A000000, 0x0A010000}, kMask = 0xFFFF0000;  // 10.0/16 on eth0, 10.1/16 on eth1
constexpr uint32_t kTesterIp[kPorts] = {0x0A000002, 0x0A010002};

eth::Etsec::Coalescing coalescing(const ParamTable& p, const char* dir) {
  const auto frames = unsigned(p.i(fmt::format("gianfar.{}_coalesce_frames", dir)));
  const double us = p.r(fmt::format("gianfar.{}_coalesce_usecs", dir));
  const auto ticks = unsigned(us / 0.512 + 0.5);  // 64 interface clocks at 1 Gbit/s
  return {frames > 0 || ticks > 0, std::max(1u, frames), ticks};
}

std::string level_text(const CpuLoad& l, const sc_time& w) {
  const auto pct = [&](const sc_time& t) { return l.level_pct(t, w); };
  return fmt::format("irq {:.0f} %, softirq {:.0f} %, sys {:.0f} %, usr {:.0f} %", pct(l.irq), pct(l.soft), pct(l.sys),
                     pct(l.usr));
}

}  // namespace

void check_mpc8572_params(const ParamTable& p) {
  p.require_power_of_two({"e500.l1d_kb", "e500.l1i_kb"}, "4, 8, 16, 32, 64 KB");
  Cpu::check_cache_params(p, "e500");
  for (const char* dir : {"rx", "tx"}) {  // a frame threshold the ring cannot reach never fires
    const std::string frames = fmt::format("gianfar.{}_coalesce_frames", dir), bds = fmt::format("gianfar.{}_bds", dir);
    if (p.i(frames) > p.i(bds))
      throw InputError(fmt::format("{}: key '{}': {} frames is more than the {} BDs of the ring (valid: 0..{})",
                                   p.origin({frames.c_str(), bds.c_str()}), frames, p.i(frames), p.i(bds), p.i(bds)));
  }
  if (p.i("e500.l1d_line_bytes") != 32)
    throw InputError(fmt::format("{}: key 'e500.l1d_line_bytes': {} B differs from the shared L2's 32 B line, which a "
                                 "coherent L1 must have (valid: 32)", p.origin("e500.l1d_line_bytes"),
                                 p.i("e500.l1d_line_bytes")));
  p.require_power_of_two({"l2.kb"}, "256, 512, 1024, 2048 KB");
  p.require_power_of_two({"gianfar.fp_entries"}, "1, 2, 4, .. 2048 entries");
}

std::vector<Column> mpc8572_columns() {
  auto c = tester::Measurement::columns(kPorts, tester::kForwarded);
  c.push_back({"fwd_fps", "frames/s", "frames forwarded per second, both directions"});
  for (unsigned i = 0; i < 2; ++i) {
    const std::string cpu = "cpu" + std::to_string(i);
    c.push_back({cpu + "_pct", "%", "mpstat: " + cpu + " busy (100 - %idle) over the final trial"});
    for (const char* lvl : {"irq", "soft", "sys", "usr"})
      c.push_back({cpu + "_" + lvl + "_pct", "%", std::string("mpstat: ") + cpu + " %" + lvl});
  }
  c.push_back({"time_squeezes", "-", "/proc/net/softnet_stat's time_squeeze over the final trial, both CPUs: NET_RX runs "
                                    "that ended with work left (netdev_budget or two jiffies spent)"});
  c.push_back({"interventions", "lines", "modified cache lines a core supplied to the other or to a DMA read, over the run"});
  c.push_back({"wire_frames", "frames", "frames that crossed any simulated wire, every trial (host-speed unit)"});
  c.push_back({"drops", "-", "frames the board discarded in the final trial, as place.reason=count"});
  return c;
}

Platform mpc8572_platform() {
  return Platform{"mpc8572",
                  "MPC8572DS: two e500 cores (coherent L1s, shared 1 MB L2), MPIC, two eTSECs; SMP Linux forwarding "
                  "IPv4 (NAPI, gianfar) between two tester ports",
                  {"ipfwd"},
                  declare_mpc8572_params,
                  check_mpc8572_params,
                  run_mpc8572,
                  true,
                  mpc8572_columns()};
}

RunResult run_mpc8572(const ParamTable& p, const RunOptions& o) {
  StatsRegistry stats;
  TraceWriter trace(o.trace_path);
  Scheduler sched("sched");
  eth::FramePool pool;
  Mpc8572Board board("board", p, sched, stats, &trace, pool);
  std::vector<Cpu*> cpus;
  for (auto& c : board.cores) cpus.push_back(c.get());
  for (unsigned i = 0; i < kPorts; ++i) {
    board.coherence.name_region(kRings + i * 0x2000, 0x1000, fmt::format("eth{} Rx BDs", i));
    board.coherence.name_region(kRings + i * 0x2000 + 0x1000, 0x1000, fmt::format("eth{} Tx BDs", i));
    board.coherence.name_region(kLocks + i * 32, 32, fmt::format("eth{} Tx lock", i));
  }
  board.coherence.name_region(kStats, 0x1000, "forwarding counters");
  board.coherence.name_region(kRoutes, 0x1000, "route cache entries");
  board.coherence.name_region(kDevStats, 0x1000, "net_device stats");
  board.coherence.name_region(kSkbs, kPorts * kSkbsPerPort * kSkbBytes, "packet buffers");
  board.coherence.name_region(kSkbStructs, kPorts * kSkbsPerPort * net::SkBuffs::kBytes, "sk_buff structs");
  board.coherence.name_region(kFastPath, 0x20000, "fast-path tables");
  os::Linux::Config lcfg;
  lcfg.netdev_budget = unsigned(p.i("sysctl.netdev_budget"));
  lcfg.netdev_max_backlog = unsigned(p.i("sysctl.netdev_max_backlog"));
  os::Linux lx(cpus, os::KernelCosts::from(p, "linux"), lcfg, stats);
  const unsigned masks[kPorts] = {unsigned(p.i("irq.eth0_mask")), unsigned(p.i("irq.eth1_mask"))};
  os::IrqAffinity affinity(board.mpic);
  for (unsigned i = 0; i < kPorts; ++i)
    for (unsigned s : {kTxSource[i], kRxSource[i], kErrSource[i]}) {  // gfar_request_irq's order, then the mask
      board.mpic.configure(s, s, 8, 0);
      affinity.set(s, masks[i]);
    }

  // As many skbs as the rings, qdiscs and recycle queues can hold at once: the
  // slab never runs dry before they are full.
  const bool recycle = p.s("gianfar.skb_recycle") == "on";
  const auto skb_count = uint32_t(kPorts * (p.i("gianfar.rx_bds") * (recycle ? 2 : 1) + p.i("gianfar.tx_bds") +
                                            p.i("gianfar.txqueuelen")));
  lib::BufferPool skbs(kSkbs, skb_count, kSkbBytes);
  const net::SkBuffs sk_buffs(kSkbStructs, kSkbs, kSkbBytes);
  std::vector<eth::MacAddr> port_macs, tester_macs;
  for (unsigned i = 0; i < kPorts; ++i) port_macs.push_back(eth::local_mac(0x02, i + 1)), tester_macs.push_back(eth::local_mac(0x54, i));
  const bool rp_filter = p.s("sysctl.rp_filter") == "1";
  const net::Ipv4Forwarder fw({{kNet[0], kMask, 0, tester_macs[0]}, {kNet[1], kMask, 1, tester_macs[1]}}, port_macs,
                              rp_filter);
  const auto gcosts = drivers::Gianfar::Costs::from(p, "gianfar");
  std::vector<std::unique_ptr<drivers::Gianfar>> gfar;
  for (unsigned i = 0; i < kPorts; ++i)
    gfar.push_back(std::make_unique<drivers::Gianfar>(
        drivers::Gianfar::Config{"eth" + std::to_string(i), kRings + i * 0x2000, kRings + i * 0x2000 + 0x1000,
                                 unsigned(p.i("gianfar.rx_bds")), unsigned(p.i("gianfar.tx_bds")),
                                 unsigned(p.i("napi.weight")), unsigned(p.i("gianfar.txqueuelen")), kLocks + i * 32,
                                 coalescing(p, "rx"), coalescing(p, "tx"), kRxSource[i], kTxSource[i], kErrSource[i],
                                 gcosts, p.s("gianfar.napi") == "on", recycle, &sk_buffs, kDevStats + i * 32},
        *board.eth[i], lx, skbs));

  // Each CPU's time by what it did, over the window; keyed by the callers'
  // literals, so a frame's spans build no strings (named for the report).
  std::vector<std::map<const char*, sc_time>> spans(cpus.size());
  const auto book = [&](const char* what, const sc_time& since) {
    spans[lx.kernel().running().cpu][what] += lx.kernel().cpu_time() - since;
  };
  for (auto& g : gfar) g->book = book;
  drivers::GianfarFastPath fp({kFastPath, unsigned(p.i("gianfar.fp_entries")), unsigned(cpus.size())});
  const double ip_path = p.r("ipv4.rcv_instructions") + p.r("ipv4.route_instructions") +
                         (rp_filter ? p.r("ipv4.rp_filter_instructions") : 0) + p.r("ipv4.forward_instructions") +
                         p.r("ipv4.neigh_instructions");
  Forwarding forwarding({ip_path, p.r("gianfar.fp_instructions"), p.s("gianfar.fast_path") == "on", kStats,
                         p.s("sw.stats_layout") == "shared_line", kRoutes},
                        lx, fw, fp, sk_buffs, skbs, {gfar[0].get(), gfar[1].get()}, book);
  for (unsigned in = 0; in < kPorts; ++in)
    gfar[in]->receive = [&forwarding, in](uint64_t buf, uint32_t len) { return forwarding.receive(in, buf, len); };

  std::unique_ptr<os::IrqBalance> irqbalance;
  if (p.s("irqbalance") == "on") {
    std::vector<const CpuLoad*> loads;
    for (Cpu* c : cpus) loads.push_back(stats.cpu_load(c->resource_name()));
    irqbalance = std::make_unique<os::IrqBalance>(
        lx, board.mpic, affinity,
        std::vector<unsigned>{kTxSource[0], kRxSource[0], kErrSource[0], kTxSource[1], kRxSource[1], kErrSource[1]},
        loads, os::IrqBalance::Config{sc_time(p.r("irqbalance.interval_ms"), sc_core::SC_MS),
                                      p.r("irqbalance.pass_instructions")});
  }

  // The user processes beside the forwarding.
  const apps::UserLoad user(lx, {p.r("proc.load_pct") / 100, p.r("soc.core_mhz") * 1e6,
                                 sc_time(p.r("proc.period_ms"), sc_core::SC_MS), unsigned(p.i("proc.affinity"))});

  // The tester: a stream each way, routed through the board.
  std::vector<tester::PortSpec> ports;
  for (unsigned i = 0; i < kPorts; ++i) ports.push_back({tester_macs[i], kTesterIp[i]});
  std::vector<tester::StreamSpec> streams = {{0, port_macs[0], kTesterIp[1], 7000, 5000, true, 1, port_macs[1]},
                                             {1, port_macs[1], kTesterIp[0], 7001, 5001, true, 0, port_macs[0]}};
  tester::TrafficTester tester("tester", {1e9, uint32_t(p.i("tester.frame_bytes")), 0, p.s("tester.udp_checksum") == "on"},
                               ports, streams, sched, stats, pool);
  std::vector<std::unique_ptr<eth::PcapWriter>> pcaps;
  if (!o.pcap_dir.empty()) std::filesystem::create_directories(o.pcap_dir);
  for (unsigned i = 0; i < kPorts; ++i) {
    eth::Etsec& dev = *board.eth[i];
    tester.tx_wire(i).connect([&dev](eth::Frame* f) { dev.mac().receive(f); });
    dev.mac().tx_wire().connect([&tester, i](eth::Frame* f) { tester.receive(i, f); });
    if (!o.pcap_dir.empty()) {
      pcaps.push_back(std::make_unique<eth::PcapWriter>(o.pcap_dir + "/eth" + std::to_string(i) + ".pcap"));
      tester.tx_wire(i).tap(pcaps.back().get());
      dev.mac().tx_wire().tap(pcaps.back().get());
    }
  }
  auto board_drops = [&] {
    auto d = stats.drops_by_reason();
    for (auto& g : gfar)
      for (auto& [why, n] : g->drops()) d[why] += n;
    for (auto& [why, n] : forwarding.drops()) d[why] += n;
    for (unsigned c = 0; c < cpus.size(); ++c)
      if (lx.backlog_drops(c)) d[fmt::format("cpu{}.backlog", c)] += lx.backlog_drops(c);
    return d;
  };
  tester.count_drops_by_reason(board_drops);
  std::vector<sc_time> spun_before(kPorts);
  std::vector<uint64_t> takes_before(kPorts);
  uint64_t squeezes_before = 0;
  std::map<std::string, SnoopDomain::Moves> moves_before;
  std::vector<uint64_t> packets_before(cpus.size());
  const auto squeezes = [&] { return lx.time_squeezes(0) + lx.time_squeezes(1); };
  tester::Measurement measurement(
      tester::Measurement::config(p, 1518, 1e9), tester, sched,
      {[&] {  // the network's work done (the user processes go on)
         for (unsigned i = 0; i < kPorts; ++i)
           if (!gfar[i]->idle() || !board.eth[i]->idle()) return false;
         for (unsigned c = 0; c < cpus.size(); ++c)
           if (lx.backlog(c)) return false;
         return true;
       },
       [&] {
         stats.reset();
         for (unsigned i = 0; i < kPorts; ++i)
           spun_before[i] = gfar[i]->tx_lock().spun(), takes_before[i] = gfar[i]->tx_lock().contended();
         squeezes_before = squeezes();
         moves_before = board.coherence.moves();
         for (unsigned c = 0; c < cpus.size(); ++c) spans[c].clear(), packets_before[c] = lx.packets(c);
       }});
  measurement.on_done([] {  // the user processes' timers would run on
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    sc_core::sc_stop();
  });
  std::string refused;
  measurement.on_refused([&](const tester::TrialResult& r) {
    refused = fmt::format("{}: key 'tester.drain_us': the trial at {:.2f}% of line rate still had {} frames in the "
                          "board {} us after its last frame; raise tester.drain_us (valid: 10..1000000)",
                          p.origin("tester.drain_us"), r.offered_pct, r.in_flight, p.r("tester.drain_us"));
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    sc_core::sc_stop();
  });
  lx.kernel().boot(0, [&]() -> os::Task {
    Cpu& c0 = *cpus[0];
    for (auto& g : gfar) g->open(c0);
    measurement.start(c0.time() + sc_time(100, sc_core::SC_US));
    co_return;
  }, "boot", sc_core::SC_ZERO_TIME);
  sc_core::sc_start();
  if (!refused.empty()) throw InputError(refused);
  if (!measurement.done()) throw std::runtime_error("the simulation ran out of events before the measurement ended");

  RunResult r;
  const tester::TrialResult& w = measurement.result().window;
  const sc_time window = w.ended - w.started;
  r.metrics = measurement.metrics(kPorts);
  r.metrics.push_back({"fwd_fps", double(w.received) / measurement.result().trial.to_seconds()});
  std::string limit;
  double worst = 0;
  for (unsigned i = 0; i < cpus.size(); ++i) {
    const CpuLoad& l = *stats.cpu_load(cpus[i]->resource_name());
    const std::string cpu = "cpu" + std::to_string(i);
    const double busy = l.busy_pct(window);
    r.metrics.push_back({cpu + "_pct", busy});
    for (auto [lvl, t] : {std::pair{"irq", l.irq}, {"soft", l.soft}, {"sys", l.sys}, {"usr", l.usr}})
      r.metrics.push_back({cpu + "_" + lvl + "_pct", l.level_pct(t, window)});
    if (busy > worst) worst = busy, limit = fmt::format("{} ({})", cpu, level_text(l, window));
  }
  uint64_t wire_frames = 0;
  for (unsigned i = 0; i < kPorts; ++i) wire_frames += tester.tx_wire(i).frames() + board.eth[i]->mac().tx_wire().frames();
  r.metrics.push_back({"time_squeezes", double(squeezes() - squeezes_before)});
  r.metrics.push_back({"interventions", double(board.coherence.interventions())});
  r.metrics.push_back({"wire_frames", double(wire_frames)});
  // The final trial's drops, taken with its count: frames it reported in flight are not among them.
  const std::string reasons = StatsRegistry::drops_text(w.drops);
  r.labels = {{"drops", reasons}};
  r.integrity_errors = measurement.result().errors;
  r.limiting = worst >= 90 ? limit : (w.lost() ? "drops: " + reasons : "the offered load");
  // A Tx lock the CPUs spin on for a tenth of a CPU or more is part of the limit.
  std::string lock_text;
  for (unsigned i = 0; i < kPorts; ++i) {
    const double pct = 100 * (gfar[i]->tx_lock().spun() - spun_before[i]).to_seconds() / window.to_seconds();
    lock_text += fmt::format("{}eth{} Tx lock: {} contended takes, {:.1f} % of a CPU spinning", i ? "; " : "", i,
                             gfar[i]->tx_lock().contended() - takes_before[i], pct);
    if (pct >= 10) r.limiting += fmt::format(", spinning on eth{}'s Tx lock {:.0f} %", i, pct);
  }
  if (!measurement.result().settled) r.limiting += " [the board never went idle after the trial: a stuck ring or mask]";
  std::string balance_text;
  if (irqbalance) {
    std::string where;
    for (unsigned i = 0; i < kPorts; ++i)
      where += fmt::format(" eth{} tx/rx/err on CPU{}/{}/{}", i, board.mpic.destination(kTxSource[i]),
                           board.mpic.destination(kRxSource[i]), board.mpic.destination(kErrSource[i]));
    balance_text = fmt::format("irqbalance: {} passes, {} moves; at the end{}\n", irqbalance->passes(),
                               irqbalance->moves(), where);
    if (irqbalance->passes() == 0) r.limiting += " [irqbalance never ran: its interval is longer than the run]";
  }
  r.resources = stats.usage(window);
  r.simulated_s = sc_core::sc_time_stamp().to_seconds();
  r.work_units = double(wire_frames);
  r.work_unit = "wire frames";
  r.report = stats.bottleneck_report(window) + measurement.window_report(tester::kForwarded);
  if (reasons != "-") r.report += "drops in the last trial: " + reasons + "\n";
  r.report += fmt::format("coherence: {} interventions, {} invalidations\n", board.coherence.interventions(),
                          board.coherence.invalidations());
  r.report += fmt::format("NET_RX: cpu0 {} packets ({} squeezes, {} to ksoftirqd), cpu1 {} packets ({} squeezes, {} to "
                          "ksoftirqd)\n", lx.packets(0), lx.time_squeezes(0), lx.kernel().deferred_handoffs(0),
                          lx.packets(1), lx.time_squeezes(1), lx.kernel().deferred_handoffs(1));
  r.report += balance_text + lock_text + "\n";
  if (p.s("gianfar.fast_path") == "on")
    r.report += fmt::format("fast path: {} hits, {} misses (over the run)\n", fp.hits(), fp.misses());
  // Where the cache lines moved in the window, per forwarded frame.
  const double fwd = std::max<double>(1, double(w.received));
  std::string moved;
  for (const auto& [what, m] : board.coherence.moves()) {
    const SnoopDomain::Moves& b = moves_before[what];
    const double cc = double(m.core_to_core - b.core_to_core) / fwd, dev = double(m.to_device - b.to_device) / fwd,
                 inv = double(m.invalidations - b.invalidations) / fwd;
    if (cc + dev + inv >= 0.005)
      moved += fmt::format("  {:<20} {:>6.2f} core to core  {:>6.2f} to a DMA read  {:>6.2f} invalidated\n", what, cc,
                           dev, inv);
  }
  if (!moved.empty()) r.report += "cache lines per forwarded frame (the window):\n" + moved;
  for (unsigned c = 0; c < cpus.size(); ++c) {
    const CpuLoad& l = *stats.cpu_load(cpus[c]->resource_name());
    const double net_s = (l.irq + l.soft).to_seconds();  // the network's share of the CPU: its hardirqs and softirqs
    lib::Ledger ledger;
    for (const auto& [what, t] : spans[c]) ledger[what] += t;  // one literal may stand at two addresses
    const std::string text = lib::ledger_report(ledger, net_s, lx.packets(c) - packets_before[c],
                                                "frame this CPU polled", cpus[c]->clock().hz());
    if (!text.empty()) r.report += fmt::format("cpu{} (irq + softirq time): ", c) + text;
  }
  r.report += "CPU load over the window:\n" + stats.cpu_report(window);
  r.report += "limiting: " + r.limiting + "\n";
  if (trace.enabled()) trace.flush();
  return r;
}

}  // namespace ws
