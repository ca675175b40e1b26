#include "platforms/msc8144/msc8144_udp_echo.hpp"

#include <fmt/format.h>
#include <filesystem>
#include <numeric>
#include "models/eth/pcap_writer.hpp"
#include "models/sim/invariants.hpp"
#include "models/sim/scheduler.hpp"
#include "models/tester/measurement.hpp"
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

// The echo measurement's columns, then the board's.
std::vector<Column> msc8144_columns() {
  auto c = tester::Measurement::columns(2);
  c.push_back({"wire_frames", "frames", "frames that crossed any simulated wire, every trial (host-speed unit)"});
  c.push_back({"drops", "-", "frames the board discarded in the final trial, as place.reason=count"});
  return c;
}

Platform msc8144_platform() {
  return Platform{"msc8144",
                  "MSC8144ADS: four SC3400 cores, QUICC Engine with two UECs, M2/M3/DDR; UDP echo (SmartDSP OS net_demo)",
                  {"udp_echo"},
                  declare_msc8144_params,
                  check_msc8144_params,
                  run_msc8144,
                  true,
                  msc8144_columns()};
}

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

  // Every frame the board discarded so far, by "<where>.<reason>": the hardware's
  // counters (MAC, UEC) and the software's (driver, stack).
  auto board_drops = [&] {
    auto d = stats.drops_by_reason();
    for (auto& [why, n] : sw.drops()) d[why] += n;
    return d;
  };
  tester.count_drops_by_reason(board_drops);
  // The final trial starts with fresh statistics on an idle board: cores, UEC
  // threads and queues all done with their last work.
  std::map<std::string, uint64_t> drops_before;
  tester::Measurement measurement(
      tester::Measurement::config(p, largest_frame(p, pl), 1e9), tester, sched,
      {[&] {
         for (unsigned c = 0; c < soc.cores.size(); ++c)
           if (!sw.sdos->kernel().idle(c)) return false;
         return std::all_of(soc.uecs.begin(), soc.uecs.end(), [](auto& u) { return u->idle(); });
       },
       [&] {
         stats.reset();
         drops_before = board_drops();
       }});
  std::string refused;
  // A trial that ended with frames still in the board would leave them to be
  // counted in the next one: the measurement stops, refused (exit 2).
  measurement.on_refused([&](const tester::TrialResult& r) {
    refused = fmt::format("{}: key 'tester.drain_us': the trial at {:.2f}% of line rate still had {} frames in the "
                          "board {} us after its last frame, and the next trial would count them; raise "
                          "tester.drain_us (valid: 10..1000000)",
                          p.origin("tester.drain_us"), r.offered_pct, r.in_flight, p.r("tester.drain_us"));
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);  // the stop notice
    sc_core::sc_stop();
  });

  // Core 0's boot task programs the hardware; traffic starts once it has.
  sw.sdos->boot(sc_core::SC_ZERO_TIME, [&]() -> os::Task {
    Cpu& core0 = *soc.cores[0];
    sw.init(core0, pl, soc);
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
  for (unsigned u = 0; u < pl.uecs; ++u) wire_frames += tester.tx_wire(u).frames() + soc.uecs[u]->mac().tx_wire().frames();
  r.metrics.push_back({"wire_frames", double(wire_frames)});
  const std::string reasons = StatsRegistry::drops_text(board_drops(), drops_before);
  r.labels = {{"drops", reasons}};
  r.integrity_errors = m.errors;
  // Utilisation covers the trial from its first frame until the board drained
  // (every frame echoed or dropped): the statistics were reset at its start.
  const sc_time window = w.ended - w.started;
  require_utilisation_within_window(stats, window);
  std::string arp_errors;
  for (auto& [why, n] : tester.arp_errors()) arp_errors += fmt::format(" {}={}", why, n);
  require(arp_errors.empty() && tester.arp_replies() == tester.streams(), "every stream's ARP answered correctly",
          fmt::format("{} valid replies for {} streams; errors:{}", tester.arp_replies(), tester.streams(),
                      arp_errors.empty() ? " none" : arp_errors));
  r.resources = stats.usage(window);
  r.simulated_s = sc_core::sc_time_stamp().to_seconds();
  r.work_units = double(wire_frames);
  r.work_unit = "wire frames";
  r.report = stats.bottleneck_report(window) + measurement.window_report();
  if (reasons != "-") r.report += "drops in the last trial: " + reasons + "\n";
  r.report += "CPU load over the window:\n" + stats.cpu_report(window);
  if (trace.enabled()) trace.flush();
  return r;
}

}  // namespace ws
