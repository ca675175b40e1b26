// The PCIe DMA study (AN3935): the two boards' link and windows, each board
// moving its blocks toward the other at once, the window from the first DMA
// start to the last byte's arrival, the figures, and the report.
#include <fmt/format.h>
#include <algorithm>
#include "models/sim/invariants.hpp"
#include "platforms/msc815x_pcie/msc815x_pcie.hpp"
#include "platforms/msc815x_pcie/msc815x_software.hpp"

namespace ws {
namespace {

// The RC's outbound window reaches the EP's DDR, and the EP's reaches the RC's.
void map_windows(Msc815xBoard& rc, Msc815xBoard& ep) {
  constexpr uint64_t kRcToEp = 0x80000000, kEpToRc = 0x90000000;
  const auto size = Msc815xBoard::kWindowSize;
  rc.pcie.add_outbound({Msc815xBoard::kOutboundBase, size, kRcToEp});
  ep.pcie.add_inbound({kRcToEp, size, Msc815xBoard::kInboundDdr});
  ep.pcie.add_outbound({Msc815xBoard::kOutboundBase, size, kEpToRc});
  rc.pcie.add_inbound({kEpToRc, size, Msc815xBoard::kInboundDdr});
}

// The runs' periods are the RC's batches (its blocks, issuing as a ring): once
// the two boards' state recurs, the skip takes the middle batches as done
// (SteadyState), moving their blocks' bytes.
void follow_steady_state(RunContext& run, const ParamTable& p, const Rng& rng, Msc815xBoard& rc, Msc815xBoard& ep,
                         PcieDmaTest& rc_test, PcieDmaTest& ep_test, std::pair<BlockPlace, BlockPlace> rc_moves,
                         std::pair<BlockPlace, BlockPlace> ep_moves) {
  run.offer_steady_skip(p, rng);
  if (!run.steady.enabled()) return;
  const PcieDmaTestConfig tc = test_config(p);
  for (Msc815xBoard* b : {&rc, &ep}) {
    b->pcie.track(run.steady);
    b->dma.track(run.steady);
  }
  rc_test.track(run.steady, [=](uint64_t first, uint64_t n) { copy_blocks(rc_moves.first, rc_moves.second, tc, first, n); });
  ep_test.track(run.steady, [=](uint64_t first, uint64_t n) { copy_blocks(ep_moves.first, ep_moves.second, tc, first, n); });
  rc_test.at_period = [&run, &rc_test, &ep_test] {
    run.steady.boundary(std::min(rc_test.periods_left(), ep_test.periods_left()), rc_test.work_period());
  };
}

}  // namespace

RunResult run_pcie_dma(const ParamTable& p, const RunOptions& o) {
  const PcieDmaTestConfig tc = test_config(p);
  RunContext run(o);
  Rng rng(o.seed);
  Msc815xBoard rc("rc", 0x0000, true, p, run, rng);
  Msc815xBoard ep("ep", 0x0100, false, p, run, rng);
  pcie::PcieController::connect(rc.pcie, ep.pcie);
  map_windows(rc, ep);

  // Each board's software: SmartDSP OS with the AN3935 task and its DMA-done handler.
  const os::KernelCosts kernel_costs = os::KernelCosts::bindings().build(p, "sdos");
  Msc815xSoftware rc_sw(tc, kernel_costs, rc, run.stats), ep_sw(tc, kernel_costs, ep, run.stats);
  rc_sw.boot(rc);
  ep_sw.boot(ep);
  const PcieDmaTest &rc_test = rc_sw.test, &ep_test = ep_sw.test;
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
  follow_steady_state(run, p, rng, rc, ep, rc_sw.test, ep_sw.test, {rc_src, dst_of(rc, ep)}, {ep_src, dst_of(ep, rc)});

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
  // Instants after a steady-state skip are reported where the full run has them.
  const SteadyState& steady = run.steady;
  const auto start = std::min(rc_test.started_at(), ep_test.started_at());
  const auto end = steady.shifted(std::max({rc_test.ended_at(), ep_test.ended_at(), rc.pcie.last_inbound_write(),
                                            ep.pcie.last_inbound_write()}));
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
  // UpdateFCs may outlast the last byte's arrival (the last acting callback's
  // time, not the kernel's, which lags it on the scheduler's quantum grid).
  const auto ran = std::max({end, steady.shifted(std::max({run.sched.last_effect(), rc.pcie.assembly_free_at(),
                                                            ep.pcie.assembly_free_at()}))}) -
                   start;
  run.steady.close();
  require_utilisation_within_window(run.stats, ran, start + ran);
  r.resources = run.stats.usage(ran, start + ran);
  r.report = run.stats.bottleneck_report(ran, start + ran) + "CPU load over the run:\n" + run.stats.cpu_report(ran);
  run.finish(r, double(rc.pcie.tlps_sent() + ep.pcie.tlps_sent()), "TLPs");
  return r;
}

}  // namespace ws
