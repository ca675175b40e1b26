// The FPGA-to-PC DMA study: the PolarFire endpoint's DMA moves one transfer in
// one direction between its fabric memory and the PC's memory ("write": into
// the PC, "read": from it), timed from the engine's start to the last byte's
// arrival, as a cycle counter beside the DMA would time it (driver and
// interrupt costs are outside the figure).
#include <fmt/format.h>
#include <algorithm>
#include <vector>
#include "models/pcie/pc_root_complex.hpp"
#include "models/sim/invariants.hpp"
#include "platforms/polarfire_pcie/polarfire_board.hpp"
#include "platforms/polarfire_pcie/polarfire_pcie.hpp"
#include "workloads/lib/byte_pattern.hpp"

namespace ws {
namespace {

constexpr uint64_t kPcBus = 0x80000000;          // bus address of the PC's DMA buffer
constexpr uint64_t kPcBuffer = 256ull << 20;     // its place in host memory
constexpr uint64_t kFpgaBuffer = 16ull << 20;    // the transfer's place in fabric memory

// What binds a finished read that no resource paces (none busy 90 % of the
// window): the requests in flight, each waiting a round trip for its data (no
// more than the transfer had: a short one is its round trips, however many
// the engine could keep). Otherwise the run's limit is its most utilised
// resource (RunResult::limit).
std::string read_limit(const RunResult& r, const pcie::AxiDmaConfig& dma, uint64_t requests) {
  if (!r.resources.empty() && r.resources.front().util_pct >= 90) return {};
  const uint64_t in_flight = std::min<uint64_t>(dma.outstanding, requests);
  if (in_flight < dma.outstanding)
    return fmt::format("the read's round trips ({} request{} of up to {} B, fewer than the {} the engine keeps)",
                       requests, requests == 1 ? "" : "s", dma.burst_beats * dma.bytes_per_beat, dma.outstanding);
  return fmt::format("reads in flight ({} request{} of {} B)", in_flight, in_flight == 1 ? "" : "s",
                     dma.burst_beats * dma.bytes_per_beat);
}

}  // namespace

RunResult run_fpga_dma(const ParamTable& p, const RunOptions& o) {
  RunContext run(o);
  Rng rng(o.seed);
  pcie::PcRootComplex pc("pc", p, run.sched, run.stats, rng, run.trace);
  PolarFireBoard fpga("fpga", p, run, rng);
  pcie::PcieController::connect(pc.port, fpga.pcie);
  fpga.pcie.add_outbound({PolarFireBoard::kOutboundBase, PolarFireBoard::kWindowSize, kPcBus});
  pc.port.add_inbound({kPcBus, PolarFireBoard::kWindowSize, kPcBuffer});

  const bool write = p.s("dma.op") == "write";
  const auto len = uint32_t(p.i("dma.transfer_bytes"));
  // Real bytes cross the link: the source holds a seeded pattern, checked where
  // it lands; filled, moved and checked in the memories' own pages (a transfer
  // may be 256 MB, and each copy of it is host time).
  const lib::BytePattern pattern(uint8_t(2 * o.seed + 1), 8, uint8_t(o.seed));
  Memory &source = write ? fpga.memory : pc.memory, &sink = write ? pc.memory : fpga.memory;
  const uint64_t from = write ? kFpgaBuffer : kPcBuffer, to = write ? kPcBuffer : kFpgaBuffer;
  source.edit(from, len, [&](uint8_t* d, uint64_t at, size_t k) { pattern.fill(d, at, k); });
  // The transfer's 4 KB periods recur: a skip moves the bytes it takes as done (SteadyState).
  SteadyState& steady = run.steady;
  run.offer_steady_skip(p, rng);
  if (steady.enabled()) {
    pc.port.track(steady);
    fpga.pcie.track(steady);
    fpga.dma.track(steady, [&](uint64_t offset, uint64_t n) {
      source.view(from + offset, n, [&](const uint8_t* d, uint64_t at, size_t k) { sink.write(to + offset + at, d, k); });
    });
  }
  // The figures' window is the transfer: resources are read when its last byte
  // lands (a read's engine is done then); the Acks and UpdateFCs after it are
  // not the transfer's (with a large pcie.x2_gap_symbols they outlast a small one).
  bool done = false;
  std::vector<ResourceUse> used;
  std::string bottleneck;
  const auto read_resources = [&] {
    steady.close();
    const sc_core::sc_time at = steady.shifted(now());
    used = run.stats.usage(at, at);
    bottleneck = run.stats.bottleneck_report(at, at);
  };
  if (write)
    pc.port.on_inbound_write = [&] {
      if (pc.port.inbound_write_bytes() == len) run.sched.at(pc.port.last_inbound_write(), read_resources);
    };
  run.sched.at(sc_core::SC_ZERO_TIME, [&] {
    fpga.dma.start({write, kFpgaBuffer, PolarFireBoard::kOutboundBase, len, [&] {
                      done = true;
                      if (!write) read_resources();
                    }});
  });
  sc_core::sc_start();
  if (!done) throw std::runtime_error("the simulation ran out of events before the DMA transfer finished");

  RunResult r;
  const uint64_t landed = write ? pc.port.inbound_write_bytes() : fpga.dma.read_bytes_landed();
  r.integrity_errors = landed == len ? 0 : len;
  sink.view(to, len, [&](const uint8_t* d, uint64_t at, size_t k) { r.integrity_errors += pattern.mismatches(d, at, k); });
  const sc_core::sc_time end = steady.shifted(write ? pc.port.last_inbound_write() : fpga.dma.last_read_landed());
  const double secs = end.to_seconds();
  const auto& phy = fpga.pcie.phy();
  const double tlps = double(pc.port.tlps_sent() + fpga.pcie.tlps_sent());
  r.metrics = {
      {"mbytes_s", len / secs / 1e6},
      {"link_efficiency", len * 8 / secs / phy.data_rate_bps()},
      {"transfer_us", secs * 1e6},
      {"requests", double(fpga.dma.requests_issued())},
      {"tlps", tlps},
      {"dllps", double(pc.port.dllps_sent() + fpga.pcie.dllps_sent())},
      {"mps", double(fpga.pcie.mps())},
  };
  require(len * 8 / secs <= phy.data_rate_bps(), "throughput within the link's bound",
          fmt::format("{:.1f} MB/s over a {:.1f} MB/s direction", len / secs / 1e6, phy.data_rate_bps() / 8e6));
  // Whatever was booked fits the whole run (a buffer close has no event of its own).
  const auto ran = steady.shifted(std::max({run.sched.last_effect(), pc.port.assembly_free_at(), fpga.pcie.assembly_free_at()}));
  require_utilisation_within_window(run.stats, ran, ran);
  r.resources = used;
  if (!write) r.limiting = read_limit(r, fpga.dma.config(), fpga.dma.requests_issued());
  r.report = bottleneck;
  run.finish(r, tlps, "TLPs");
  return r;
}

}  // namespace ws
