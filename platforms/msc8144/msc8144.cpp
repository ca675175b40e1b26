// The MSC8144 UDP echo platform in the catalogue: the checks between its
// parameters (the plan's channels and interfaces, caches, rings and buffers),
// its result columns, and its run.
#include "platforms/msc8144/msc8144.hpp"

#include <fmt/format.h>
#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/irq/irq_controller.hpp"
#include "models/mem/memory.hpp"
#include "models/qe/quicc_engine.hpp"
#include "models/qe/uec.hpp"
#include "models/tester/measurement.hpp"
#include "models/tester/rfc2544.hpp"
#include "platforms/common/board_file.hpp"
#include "platforms/common/core_config.hpp"
#include "platforms/msc8144/msc8144_board.hpp"
#include "workloads/drivers/uec_driver.hpp"
#include "workloads/net/software_costs.hpp"
#include "platforms/msc8144/msc8144_plan.hpp"

namespace ws {

using namespace msc8144;

namespace {

const char* kBoard = "platforms/msc8144/board.yaml";

// The blocks' keys; the board file gives their defaults and the study's own keys.
void declare_msc8144_params(ParamTable& t) {
  tester::TrafficTester::declare_params(t);
  tester::Rfc2544::declare_params(t);
  declare_core_config(t, "core");
  IrqController::declare_params(t, "epic");
  Interconnect::declare_params(t, "class", /*non_blocking=*/true);
  Memory::declare_params(t, "m2", /*clocked=*/true);
  Memory::declare_params(t, "m3", /*clocked=*/true);
  Memory::declare_params(t, "ddr", /*clocked=*/false);
  qe::QuiccEngine::declare_params(t);
  qe::Uec::declare_shared_params(t);
  for (const char* u : {"uec0", "uec1"}) {  // each UEC on its own (UEC1 alone with qe.uecs=1)
    qe::Uec::declare_params(t, u);
    drivers::UecDriver::declare_ring_params(t, u);
  }
  drivers::UecDriver::Costs::bindings().declare(t, "sw");
  net::SoftwareCosts::declare_params(t);
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
      if (key.rfind("uec0.", 0) == 0 && p.given(key))
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
  if (pl.ifaces.size() * kRingBytes > Msc8144Board::kM2Size / 8)
    throw std::logic_error("BD ring area in M2 too small for the interfaces");
}

// The echo measurement's columns, then the board's.
std::vector<Column> msc8144_columns() {
  auto c = tester::Measurement::columns(2);
  c.push_back({"wire_frames", "frames", "frames that crossed any simulated wire, every trial (host-speed unit)"});
  c.push_back({"drops", "-", "frames the board discarded in the final trial, as place.reason=count"});
  return c;
}

}  // namespace

Platform msc8144_platform() {
  return board_platform(kBoard, declare_msc8144_params,
                        {.workloads = {"udp_echo"},
                         .check = check_msc8144_params,
                         .run = run_udp_echo,
                         .ethernet_ports = true,
                         .columns = msc8144_columns(),
                         .reference = {"msc8144", "workloads/udp_echo/reference/msc8144-udp-echo.csv", "line_rate_pct"},
                         .short_run = {{"tester.mode", "fixed"}, {"tester.trial_ms", "1"}},
                         .seed_note = "nothing on this board draws a random number: every seed gives the same figures"});
}

}  // namespace ws
