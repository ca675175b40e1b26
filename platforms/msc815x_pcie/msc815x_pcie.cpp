#include "platforms/msc815x_pcie/msc815x_pcie.hpp"

#include <fmt/format.h>
#include <algorithm>
#include "models/sim/invariants.hpp"
#include "models/sim/scheduler.hpp"
#include "platforms/msc815x_pcie/msc815x_board.hpp"
#include "workloads/apps/pcie_dma_test.hpp"
#include "workloads/os/sdos/smartdsp_os.hpp"

namespace ws {
namespace {

constexpr uint64_t kLocalBuffers = 16ull << 20;  // DDR offset of each board's source/destination area
constexpr uint64_t kAutoBytes = 2ull << 20;      // dma.blocks = 0 moves about this much per board
constexpr uint64_t kRingBytes = 4ull << 20;      // buffer ring per board

PcieDmaTestConfig test_config(const ParamTable& p) {
  PcieDmaTestConfig c;
  c.write = p.s("dma.op") == "write";
  c.block_bytes = uint32_t(p.i("dma.block_bytes"));
  c.in_flight = unsigned(p.i("dma.in_flight"));
  c.ring = p.s("dma.issue") == "ring";
  c.buffer_offset = uint32_t(p.i("dma.buffer_offset"));
  c.blocks = unsigned(p.i("dma.blocks"));
  if (c.blocks == 0) {
    const uint64_t want = std::clamp<uint64_t>(kAutoBytes / c.block_bytes, 64, 4096);
    c.blocks = unsigned((want + c.in_flight - 1) / c.in_flight * c.in_flight);
  }
  // A ring of buffers of about kRingBytes, never fewer than the requests in flight.
  const uint64_t stride = PcieDmaTest::stride(c);
  c.slots = unsigned(std::min<uint64_t>(c.blocks, std::max<uint64_t>(c.in_flight, kRingBytes / stride)));
  const uint64_t room = Msc815xBoard::kInboundDdr - kLocalBuffers;
  if (c.slots * stride > room)
    throw InputError(fmt::format("{}: key 'dma.in_flight': {} buffers of {} B (dma.block_bytes, {}) need more than "
                                 "the {} B the test area holds; lower dma.in_flight or dma.block_bytes",
                                 p.origin("dma.in_flight"), c.slots, c.block_bytes, p.origin("dma.block_bytes"),
                                 room));
  c.local_base = kLocalBuffers;
  c.remote_base = Msc815xBoard::kOutboundBase;
  c.issue_cycles = p.r("core.issue_cycles");
  c.complete_cycles = p.r("core.complete_cycles");
  return c;
}

// The RC's outbound window reaches the EP's DDR, and the EP's reaches the RC's.
void map_windows(Msc815xBoard& rc, Msc815xBoard& ep) {
  constexpr uint64_t kRcToEp = 0x80000000, kEpToRc = 0x90000000;
  const auto size = Msc815xBoard::kWindowSize;
  rc.pcie.add_outbound({Msc815xBoard::kOutboundBase, size, kRcToEp});
  ep.pcie.add_inbound({kRcToEp, size, Msc815xBoard::kInboundDdr});
  ep.pcie.add_outbound({Msc815xBoard::kOutboundBase, size, kEpToRc});
  rc.pcie.add_inbound({kEpToRc, size, Msc815xBoard::kInboundDdr});
}

}  // namespace

void check_msc815x_params(const ParamTable& p) {
  test_config(p);
  // The DMA's transfer sizes are powers of two (MSC8156 RM §14, BTSZ).
  const auto burst = p.i("dma.burst_bytes");
  if ((burst & (burst - 1)) != 0)
    throw InputError(fmt::format("{}: key 'dma.burst_bytes': {} B is not a power of two (valid: 8, 16, ..., 4096)",
                                 p.origin("dma.burst_bytes"), burst));
  // A completion carries at most the link's MPS (§2.2.2): the smaller of the two ends'.
  const int64_t link_mps = pcie::link_mps(p), cpl = pcie::cpl_bytes(p);
  if (cpl > link_mps)
    throw InputError(fmt::format("{}: key 'pcie.cpl_bytes': {} B completions exceed the link's MPS of {} B "
                                 "(pcie.mps {}, pcie.ep_mps {}); valid: mps, or 64 .. {}",
                                 p.origin("pcie.cpl_bytes"), cpl, link_mps, p.i("pcie.mps"), p.i("pcie.ep_mps"),
                                 link_mps));
  // The replay buffer must hold one largest TLP: 4 DW header, MPS payload, ECRC.
  const int64_t largest_tlp = 16 + link_mps + (p.i("pcie.ecrc") ? 4 : 0);
  if (p.i("pcie.replay_buffer_bytes") < largest_tlp)
    throw InputError(fmt::format("{}: key 'pcie.replay_buffer_bytes': {} B does not hold one {} B TLP (MPS {} B "
                                 "with a 4 DW header{}); valid: {} .. 1048576",
                                 p.origin("pcie.replay_buffer_bytes"), p.i("pcie.replay_buffer_bytes"), largest_tlp,
                                 link_mps, p.i("pcie.ecrc") ? " and ECRC" : "", largest_tlp));
  // Completions end on multiples of their size, which must then be RCB multiples (§2.3.1.1).
  if (cpl % p.i("pcie.rcb") != 0)
    throw InputError(fmt::format("{}: key 'pcie.cpl_bytes': {} B is not a multiple of pcie.rcb ({} B, {})",
                                 p.origin("pcie.cpl_bytes"), cpl, p.i("pcie.rcb"),
                                 p.origin("pcie.rcb")));
}

Platform msc815x_pcie_platform() {
  return Platform{"msc815x_pcie",
                  "Two MSC8156/MSC8157 ADS boards, RC and EP, PCIe Gen1/Gen2 x1/x2/x4, HSSI DMA (AN3935)",
                  {"pcie_dma"},
                  declare_msc815x_params,
                  check_msc815x_params,
                  run_msc815x_pcie,
                  false,
                  {{"gbps", "Gb/s (both directions)",
                    "payload bits both boards moved per second, the two link directions summed (AN3935's figure)"},
                   {"gbps_per_direction", "Gb/s", "gbps / 2: what one direction carried (at most the 8b/10b data rate)"},
                   {"link_efficiency", "-", "gbps over both directions' data rate (0..1)"},
                   {"core_cycles", "cycles", "the timing window in core cycles (AN3935's measure)"},
                   {"blocks", "blocks", "DMA requests per board"},
                   {"tlps", "TLPs", "TLPs both controllers sent (host-speed unit)"},
                   {"dllps", "DLLPs", "DLLPs both controllers sent (Acks, Naks, UpdateFCs)"},
                   {"replays", "TLPs", "TLPs sent again after a Nak or replay timeout"},
                   {"naks", "DLLPs", "Naks sent"},
                   {"mps", "B", "the link's negotiated Max Payload Size"}}};
}

RunResult run_msc815x_pcie(const ParamTable& p, const RunOptions& o) {
  const PcieDmaTestConfig tc = test_config(p);
  StatsRegistry stats;
  Rng rng(o.seed);
  TraceWriter trace(o.trace_path);
  Scheduler sched("sched");
  Msc815xBoard rc("rc", 0x0000, true, p, sched, stats, rng, trace);
  Msc815xBoard ep("ep", 0x0100, false, p, sched, stats, rng, trace);
  pcie::PcieController::connect(rc.pcie, ep.pcie);
  map_windows(rc, ep);

  // Each board's software: SmartDSP OS with the AN3935 task and its DMA-done handler.
  const os::KernelCosts kernel_costs = os::KernelCosts::from(p, "sdos");
  os::SmartDspOs rc_os({&rc.core}, rc.epic, stats, kernel_costs), ep_os({&ep.core}, ep.epic, stats, kernel_costs);
  PcieDmaTest rc_test(tc, rc_os.kernel(), rc.core, rc.dma, rc.epic, Msc815xBoard::kDmaDoneSource);
  PcieDmaTest ep_test(tc, ep_os.kernel(), ep.core, ep.dma, ep.epic, Msc815xBoard::kDmaDoneSource);
  for (auto [board, sw, test] : {std::tuple{&rc, &rc_os, &rc_test}, std::tuple{&ep, &ep_os, &ep_test}}) {
    const unsigned line =
        sw->bind_hwi(0, Msc815xBoard::kDmaDoneSource, [test] { return test->dma_done_isr(); }, "DMA done ISR");
    board->core.set_line_queued(line, true);
    sw->boot(sc_core::SC_ZERO_TIME, [test] { return test->main(); }, "an3935");
  }
  // A write moves local buffers into the peer's inbound area; a read the reverse.
  auto src_of = [&](Msc815xBoard& self, Msc815xBoard& peer) -> BlockPlace {
    return tc.write ? BlockPlace{&self.ddr, kLocalBuffers} : BlockPlace{&peer.ddr, Msc815xBoard::kInboundDdr};
  };
  auto dst_of = [&](Msc815xBoard& self, Msc815xBoard& peer) -> BlockPlace {
    return tc.write ? BlockPlace{&peer.ddr, Msc815xBoard::kInboundDdr} : BlockPlace{&self.ddr, kLocalBuffers};
  };
  const BlockPlace rc_src = src_of(rc, ep), ep_src = src_of(ep, rc);
  fill_pattern(*rc_src.mem, rc_src.base, tc, o.seed * 2 + 1);
  fill_pattern(*ep_src.mem, ep_src.base, tc, o.seed * 2 + 2);

  sc_core::sc_start();

  RunResult r;
  if (!rc_test.finished() || !ep_test.finished())
    throw std::runtime_error("the simulation ran out of events before every DMA request finished");
  // Writes land in the peer's inbound area; reads in the reader's own buffers.
  const uint64_t rc_landed = tc.write ? ep.pcie.inbound_write_bytes() : rc.dma.read_bytes_landed();
  const uint64_t ep_landed = tc.write ? rc.pcie.inbound_write_bytes() : ep.dma.read_bytes_landed();
  r.integrity_errors =
      integrity_errors(rc_src, dst_of(rc, ep), tc, rc_landed) + integrity_errors(ep_src, dst_of(ep, rc), tc, ep_landed);

  // The window ends when the last byte has arrived, not when software was told
  // "done" (with dma.done=handed a write is done before it crosses the link).
  const auto start = std::min(rc_test.started_at(), ep_test.started_at());
  const auto end = std::max({rc_test.ended_at(), ep_test.ended_at(), rc.pcie.last_inbound_write(),
                             ep.pcie.last_inbound_write()});
  const double secs = (end - start).to_seconds();
  const double bytes = double(rc_test.bytes_moved() + ep_test.bytes_moved());
  const auto& phy = rc.pcie.phy();
  r.metrics = {
      {"gbps", bytes * 8 / secs / 1e9},
      {"gbps_per_direction", bytes * 8 / secs / 1e9 / 2},
      {"link_efficiency", bytes * 8 / secs / (2 * phy.data_rate_bps())},
      {"core_cycles", double(rc.core.clock().to_cycles(end - start))},
      {"blocks", double(tc.blocks)},
      {"tlps", double(rc.pcie.tlps_sent() + ep.pcie.tlps_sent())},
      {"dllps", double(rc.pcie.dllps_sent() + ep.pcie.dllps_sent())},
      {"replays", double(rc.pcie.dll().replays() + ep.pcie.dll().replays())},
      {"naks", double(rc.pcie.dll().naks_sent() + ep.pcie.dll().naks_sent())},
      {"mps", double(rc.pcie.mps())},
  };
  // Each board's data crosses one direction, which carries at most its 8b/10b data rate.
  const double busiest = double(std::max(rc_test.bytes_moved(), ep_test.bytes_moved())) * 8 / secs;
  require(busiest <= phy.data_rate_bps(), "throughput within the link's bound",
          fmt::format("{:.3f} Gbps in one direction of a {:.3f} Gbps link", busiest / 1e9, phy.data_rate_bps() / 1e9));
  // Utilisation covers the whole run: the last TLPs' buffer closes, Acks and
  // UpdateFCs may outlast the last byte's arrival.
  const auto ran = std::max({end, sc_core::sc_time_stamp(), rc.pcie.assembly_free_at(), ep.pcie.assembly_free_at()}) - start;
  require_utilisation_within_window(stats, ran);
  r.resources = stats.usage(ran);
  r.simulated_s = sc_core::sc_time_stamp().to_seconds();
  r.work_units = double(rc.pcie.tlps_sent() + ep.pcie.tlps_sent());
  r.work_unit = "TLPs";
  r.report = stats.bottleneck_report(ran) + "CPU load over the run:\n" + stats.cpu_report(ran);
  if (trace.enabled()) trace.flush();
  return r;
}

}  // namespace ws
