#include "platforms/msc8144/msc8144_udp_echo.hpp"

#include <fmt/format.h>
#include <filesystem>
#include <numeric>
#include "models/eth/pcap_writer.hpp"
#include "models/sim/invariants.hpp"
#include "models/sim/scheduler.hpp"
#include "models/tester/rfc2544.hpp"
#include "platforms/msc8144/msc8144_plan.hpp"
#include "platforms/msc8144/msc8144_soc.hpp"
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

// How long a trial of `bytes` frames sends: tester.trial_ms, lengthened in the
// searches until an overload of one resolution step shows (Rfc2544::trial_for).
sc_time trial_time(const ParamTable& p, uint32_t bytes) {
  const sc_time asked = ns(p.r("tester.trial_ms") * 1e6);
  if (p.s("tester.mode") == "fixed") return asked;
  return tester::Rfc2544::trial_for(p.r("tester.resolution_pct"), eth::line_rate_fps(bytes, 1e9), asked);
}

// A fixed-load trial must send each stream at least twice its Rx ring, or a ring
// can hold a whole overloaded trial and the overload never shows as loss.
void check_trial_length(const ParamTable& p, const Plan& pl) {
  const std::string mode = p.s("tester.mode");
  if (mode != "fixed") return;  // the searches also fail a growing backlog, and lengthen their trials
  const double load = p.r("tester.load_pct");
  const uint32_t bytes = uint32_t(p.i("tester.frame_bytes"));
  for (unsigned u = 0; u < pl.uecs; ++u) {
    size_t streams = 0;
    for (const auto& c : pl.channels) streams += c.uec == u;
    const double per_stream = eth::line_rate_fps(bytes, 1e9) * load / 100 * p.r("tester.trial_ms") / 1e3 / double(streams);
    const int64_t ring = p.i(uec_key(hw_uec(pl, u), "rx_bds"));
    if (per_stream < 2.0 * double(ring))
      throw InputError(fmt::format("{}: key 'tester.trial_ms': {} ms sends {:.0f} frames of {} B per stream at {}% of "
                                   "line rate, under twice the {}-BD Rx ring; use at least {:.2f} ms",
                                   p.origin("tester.trial_ms"), p.r("tester.trial_ms"), per_stream, bytes, load, ring,
                                   p.r("tester.trial_ms") * 2.0 * double(ring) / per_stream));
  }
}

// A cache of `size_key` KB in `ways_key` ways of core.l1d_line_bytes lines (both
// caches use that line) needs a power-of-two line and a power-of-two set count.
void check_cache_geometry(const ParamTable& p, const char* size_key, const char* ways_key) {
  const auto pow2 = [](uint64_t v) { return v && !(v & (v - 1)); };
  const uint64_t line = uint64_t(p.i("core.l1d_line_bytes"));
  if (!pow2(line))
    throw InputError(fmt::format("{}: key 'core.l1d_line_bytes': {} B is not a power of two (valid: 32, 64, 128, 256)",
                                 p.origin("core.l1d_line_bytes"), line));
  const uint64_t size = uint64_t(p.i(size_key)) * 1024, way_bytes = uint64_t(p.i(ways_key)) * line;
  if (size % way_bytes != 0 || !pow2(size / way_bytes))
    throw InputError(fmt::format("{}: key '{}': {} KB in {} ways of {} B lines ({}: {}) gives {:.4g} sets; the set "
                                 "count size / (ways x line) must be a power of two",
                                 p.origin(size_key), size_key, p.i(size_key), p.i(ways_key), line, ways_key,
                                 p.origin(ways_key), double(size) / double(way_bytes)));
}

}  // namespace

void check_msc8144_params(const ParamTable& p) {
  const Plan pl = plan(p);
  if (!pl.extended && pl.cores != 1)
    throw InputError(fmt::format("{}: key 'qe.parse_mode': mpc82xx delivers every frame of a UEC to queue 0, which one "
                                 "core serves; app.cores must be 1 ({}: {})",
                                 p.origin("qe.parse_mode"), p.origin("app.cores"), pl.cores));
  for (unsigned u = 0; u < pl.uecs; ++u) {
    unsigned n = 0;
    for (auto& f : pl.ifaces) n += f.uec == u;
    if (n > qe::Uec::kQueues)
      throw InputError(fmt::format("{}: key 'app.channels_per_core': {} channels on one UEC, which has {} queues",
                                   p.origin("app.channels_per_core"), n, qe::Uec::kQueues));
  }
  if (pl.uecs == 2 && pl.channels.size() < 2)
    throw InputError(fmt::format("{}: key 'qe.uecs': two UECs need at least two channels (app.cores x "
                                 "app.channels_per_core = {}; {}, {})",
                                 p.origin("qe.uecs"), pl.channels.size(), p.origin("app.cores"),
                                 p.origin("app.channels_per_core")));
  if (pl.uecs == 1)
    for (const auto& [key, spec] : p.specs())
      if (key.rfind("uec0.", 0) == 0 && p.origin(key) != "default")
        throw InputError(fmt::format("{}: key '{}': UEC0 is not in use with qe.uecs=1 (UEC1 alone); set uec1.* "
                                     "or qe.uecs=2", p.origin(key), key));
  check_cache_geometry(p, "core.l1d_kb", "core.l1d_ways");
  check_cache_geometry(p, "core.l1i_kb", "core.l1i_ways");
  check_trial_length(p, pl);
  for (unsigned u = 0; u < pl.uecs; ++u) {
    const std::string mrblr = uec_key(hw_uec(pl, u), "rx_buffer_bytes");
    if (p.i(mrblr) % 128 != 0)
      throw InputError(fmt::format("{}: key '{}': {} is not a multiple of 128 (MRBLR alignment)", p.origin(mrblr),
                                   mrblr, p.i(mrblr)));
    if (p.i(mrblr) < p.i("tester.frame_bytes"))
      throw InputError(fmt::format("{}: key 'tester.frame_bytes': {} B frames do not fit {} ({} B, {})",
                                   p.origin("tester.frame_bytes"), p.i("tester.frame_bytes"), mrblr, p.i(mrblr),
                                   p.origin(mrblr)));
  }
  const auto& where = p.s("app.buffers");
  if (pl.pool_bytes > buffer_room(where))
    throw InputError(fmt::format("{}: key 'app.buffers': {} interfaces' buffer pools need {} KB, {} offers {} KB for "
                                 "buffers; use m3 or ddr, or smaller rings (uecN.rx_bds, uecN.tx_bds)",
                                 p.origin("app.buffers"), pl.ifaces.size(), pl.pool_bytes >> 10, where,
                                 buffer_room(where) >> 10));
  // Rings sit in M2, kRingBytes per interface, the Tx ring at half: 256 BDs each at most.
  static_assert(256 * qe::kBdBytes <= kRingBytes / 2);
  if (pl.ifaces.size() * kRingBytes > Msc8144Soc::kM2Size / 8)
    throw std::logic_error("BD ring area in M2 too small for the interfaces");
}

Platform msc8144_platform() {
  return Platform{"msc8144",
                  "MSC8144ADS: four SC3400 cores, QUICC Engine with two UECs, M2/M3/DDR; UDP echo (SmartDSP OS net_demo)",
                  {"udp_echo"},
                  declare_msc8144_params,
                  check_msc8144_params,
                  run_msc8144,
                  true};
}

namespace {

// What the measurement found, for the metrics.
struct Measured {
  double line_rate_pct = 0;
  double line_rate_frame_bytes = 0;
  tester::TrialResult window;  // the trial the utilisation report covers
  sc_time trial;               // its sending time
  unsigned trials = 0;
  uint64_t errors = 0;         // invalid frames over every trial
  bool done = false;
  bool final = false;   // the last trial runs: it may end with frames in the board, and reports them
  std::string refused;  // why the measurement cannot go on (a trial that did not drain)
};

void count(Measured& m, const tester::TrialResult& r) {
  ++m.trials;
  for (auto& [why, n] : r.errors) m.errors += n;
}

}  // namespace

RunResult run_msc8144(const ParamTable& p, const RunOptions& o) {
  const Plan pl = plan(p);
  StatsRegistry stats;
  TraceWriter trace(o.trace_path);
  Scheduler sched("sched");
  eth::FramePool pool;
  Msc8144Soc soc("msc8144", p, pl.cores, pl.uecs, sched, stats, &trace, pool);
  Software sw(p, pl, soc, stats);

  std::vector<tester::PortSpec> ports;
  for (unsigned u = 0; u < pl.uecs; ++u) ports.push_back({eth::local_mac(0x54, u), ipv4(10, 0, u, 1)});
  std::vector<tester::StreamSpec> streams;
  for (unsigned k = 0; k < pl.channels.size(); ++k) {
    const Channel& c = pl.channels[k];
    streams.push_back({c.uec, c.mac, c.ip, kEchoPort, uint16_t(kTesterPort + k)});
  }
  const auto frame_bytes = uint32_t(p.i("tester.frame_bytes"));
  tester::TrafficTester tester("tester", {1e9, frame_bytes, UdpEchoApp::kReplyPortOffset, p.s("tester.udp_checksum") == "on"}, ports, streams, sched,
                               stats, pool);
  std::vector<std::unique_ptr<eth::PcapWriter>> pcaps;
  if (!o.pcap_dir.empty()) std::filesystem::create_directories(o.pcap_dir);
  for (unsigned u = 0; u < pl.uecs; ++u) {
    qe::Uec& uec = *soc.uecs[u];
    tester.tx_wire(u).connect([&uec](eth::Frame* f) { uec.mac().receive(f); });
    tester.tx_wire(u).trace(&trace);
    uec.mac().trace(&trace);
    uec.mac().tx_wire().connect([&tester, u](eth::Frame* f) { tester.receive(u, f); });
    if (!o.pcap_dir.empty()) {
      pcaps.push_back(std::make_unique<eth::PcapWriter>(o.pcap_dir + "/" + uec.name() + ".pcap"));
      tester.tx_wire(u).tap(pcaps.back().get());
      uec.mac().tx_wire().tap(pcaps.back().get());
    }
  }

  const tester::Rfc2544::Config search{trial_time(p, frame_bytes), ns(p.r("tester.drain_us") * 1e3),
                                       p.r("tester.resolution_pct"), p.r("tester.loss_tolerance_pct")};
  // Every frame the board discarded so far, by "<where>.<reason>": the hardware's
  // counters (MAC, UEC) and the software's (driver, stack).
  auto board_drops = [&] {
    auto d = stats.drops_by_reason();
    for (auto& [why, n] : sw.drops()) d[why] += n;
    return d;
  };
  tester.count_drops_with([&] {
    uint64_t n = 0;
    for (auto& [why, k] : board_drops()) n += k;
    return n;
  });
  tester::Rfc2544 rfc(search, tester);
  Measured m;
  // A trial that ended with frames still in the board would leave them to be
  // counted in the next one: the measurement stops, refused (exit 2).
  tester.on_undrained([&](const tester::TrialResult& r) {
    if (m.final) return;
    m.refused = fmt::format("{}: key 'tester.drain_us': the trial at {:.2f}% of line rate still had {} frames in the "
                            "board {} us after its last frame, and the next trial would count them; raise "
                            "tester.drain_us (valid: 10..1000000)",
                            p.origin("tester.drain_us"), r.offered_pct, r.in_flight, p.r("tester.drain_us"));
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);  // the stop notice
    sc_core::sc_stop();
  });

  // The trial whose utilisation the report shows starts with fresh statistics
  // on an idle board and ends when the board is idle again: every frame
  // accounted for, and the cores and UEC threads done with their last work
  // (busy time is booked per step and per frame), so every booking falls in it.
  std::function<void()> on_idle;
  auto idle_cores = [&] {
    for (unsigned c = 0; c < soc.cores.size(); ++c)
      if (!sw.sdos->kernel().idle(c)) return false;
    return true;
  };
  std::function<void()> poll_idle = [&] {
    const bool idle = idle_cores() &&
                      std::all_of(soc.uecs.begin(), soc.uecs.end(), [](auto& u) { return u->idle(); });
    if (!idle) return sched.at(now() + ns(1000), [&] { poll_idle(); });
    on_idle();
  };
  auto when_idle = [&](std::function<void()> then) {
    on_idle = std::move(then);
    poll_idle();
  };
  std::map<std::string, uint64_t> drops_before;
  auto final_trial = [&](double pct) {
    m.final = true;
    when_idle([&, pct] {
      stats.reset();
      drops_before = board_drops();
      m.trial = trial_time(p, tester.config().frame_bytes);
      tester.trial(now(), pct, m.trial, search.drain, [&](const tester::TrialResult& r) {
        count(m, r);
        m.window = r;
        when_idle([&] {
          m.window.ended = now();
          m.done = true;
        });
      });
    });
  };
  const std::string mode = p.s("tester.mode");
  // line_rate_size: sizes 64, 64 + step, ... up to 1518 B; binary search for the
  // first one carried at line rate (lo fails or is -1, hi passes or is past the end).
  // Frames longer than an Rx buffer are dropped, so the search stops at the smallest one.
  const uint32_t largest = largest_frame(p, pl);
  std::vector<uint32_t> sizes;
  for (uint32_t s = eth::kMinFrameBytes; s < largest; s += uint32_t(p.i("tester.size_step_bytes"))) sizes.push_back(s);
  sizes.push_back(largest);
  int lo = -1, hi = int(sizes.size());
  std::function<void()> size_probe = [&] {
    if (hi - lo <= 1) {
      m.line_rate_pct = hi < int(sizes.size()) ? 100 : 0;
      m.line_rate_frame_bytes = hi < int(sizes.size()) ? sizes[hi] : 0;
      return final_trial(100);
    }
    const int mid = (lo + hi) / 2;
    tester.set_frame_bytes(sizes[mid]);
    tester.trial(now(), 100, trial_time(p, sizes[mid]), search.drain, [&, mid](const tester::TrialResult& r) {
      count(m, r);
      (rfc.passes(r) ? hi : lo) = mid;
      if (hi < int(sizes.size())) tester.set_frame_bytes(sizes[hi]);
      size_probe();
    });
  };

  // Core 0's boot task programs the hardware; traffic starts once it has.
  auto start_traffic = [&](const sc_time& ready) {
    tester.resolve(ready + ns(10e3));
    const sc_time start = ready + ns(100e3);
    if (mode == "fixed") {
      sched.at(start, [&] { final_trial(p.r("tester.load_pct")); });
    } else if (mode == "rfc2544") {
      rfc.run(start, [&](const tester::Rfc2544::Result& r) {
        for (auto& t : r.trials) count(m, t);
        m.line_rate_pct = r.throughput_pct;
        final_trial(std::max(r.throughput_pct, p.r("tester.resolution_pct")));
      });
    } else {
      sched.at(start, [&] { size_probe(); });
    }
  };
  sw.sdos->boot(sc_core::SC_ZERO_TIME, [&]() -> os::Task {
    Cpu& core0 = *soc.cores[0];
    sw.init(core0, pl, soc);
    start_traffic(core0.time());
    co_return;
  }, "boot");
  sc_core::sc_start();
  if (!m.refused.empty()) throw InputError(m.refused);
  if (!m.done) throw std::runtime_error("the simulation ran out of events before the measurement ended");

  RunResult r;
  const tester::TrialResult& w = m.window;
  const double secs = m.trial.to_seconds();
  const uint32_t measured_bytes = tester.config().frame_bytes;
  const double line_fps = eth::line_rate_fps(measured_bytes, 1e9);
  std::vector<double> delivered_pct;  // per port, in the last trial
  for (unsigned u = 0; u < pl.uecs; ++u) delivered_pct.push_back(100.0 * double(w.received_per_port[u]) / (line_fps * secs));
  // In fixed mode the headline is what came back (the mean over ports), not what was offered.
  if (mode == "fixed") m.line_rate_pct = std::accumulate(delivered_pct.begin(), delivered_pct.end(), 0.0) / pl.uecs;
  // Throughput is per port; fps and Mbps add the ports up. Mbps counts frame bytes (FCS included).
  const double fps = mode == "fixed" ? double(w.received) / secs : m.line_rate_pct / 100 * line_fps * pl.uecs;
  r.metrics = {{"line_rate_pct", m.line_rate_pct}, {"fps", fps}, {"mbps", fps * measured_bytes * 8 / 1e6}};
  for (unsigned u = 0; u < pl.uecs; ++u) r.metrics.push_back({fmt::format("port{}_line_rate_pct", u), delivered_pct[u]});
  if (mode == "line_rate_size")
    r.metrics.push_back({"line_rate_frame_bytes", m.line_rate_frame_bytes});
  r.metrics.push_back({"latency_avg_us", w.latency_avg_us});
  r.metrics.push_back({"sent", double(w.sent)});
  r.metrics.push_back({"lost", double(w.lost())});
  // sent = received + invalid + dropped + in_flight: every lost frame came back
  // wrong, was counted as a drop (by reason below), or was still in the board
  // when the drain cap ended the last trial.
  r.metrics.push_back({"invalid", double(w.invalid)});
  r.metrics.push_back({"dropped", double(w.dropped)});
  r.metrics.push_back({"in_flight", double(w.in_flight)});
  r.metrics.push_back({"trials", double(m.trials)});
  uint64_t wire_frames = 0;  // every frame that crossed a simulated wire, all trials
  for (unsigned u = 0; u < pl.uecs; ++u) wire_frames += tester.tx_wire(u).frames() + soc.uecs[u]->mac().tx_wire().frames();
  r.metrics.push_back({"wire_frames", double(wire_frames)});
  std::string reasons;
  for (auto& [why, n] : board_drops())
    if (n > drops_before[why]) reasons += fmt::format("{}{}={}", reasons.empty() ? "" : " ", why, n - drops_before[why]);
  r.labels = {{"limiting", stats.limiting()}, {"drops", reasons.empty() ? "-" : reasons}};
  r.integrity_errors = m.errors;
  std::string errors;
  for (auto& [why, n] : w.errors) errors += fmt::format(" {}={}", why, n);
  // Utilisation covers the trial from its first frame until the board drained
  // (every frame echoed or dropped): the statistics were reset at its start.
  const sc_time window = w.ended - w.started;
  require_utilisation_within_window(stats, window);
  r.report = stats.bottleneck_report(window) +
             fmt::format("window: last trial at {:.2f}% of line rate per port for {:.3f} ms, {} frames sent, {} echoed, "
                         "{} lost, backlog {} frames at mid-trial and {} at its end{}\n",
                         w.offered_pct, secs * 1e3, w.sent, w.received, w.lost(), w.backlog_mid, w.backlog_end,
                         errors.empty() ? "" : ", errors:" + errors);
  if (!reasons.empty()) r.report += "drops in the last trial: " + reasons + "\n";
  r.report += "CPU load over the window:\n" + stats.cpu_report(window);
  if (trace.enabled()) trace.flush();
  return r;
}

}  // namespace ws
