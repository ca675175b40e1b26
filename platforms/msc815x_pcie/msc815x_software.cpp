#include "platforms/msc815x_pcie/msc815x_software.hpp"

#include <fmt/format.h>
#include <algorithm>

namespace ws {

namespace {
constexpr uint64_t kRingBytes = 4ull << 20;  // buffer ring per board
}  // namespace

PcieDmaTestConfig test_config(const ParamTable& p) {
  PcieDmaTestConfig c = PcieDmaTest::config(p);
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
  return c;
}

Msc815xSoftware::Msc815xSoftware(const PcieDmaTestConfig& tc, const os::KernelCosts& costs, Msc815xBoard& board,
                                 StatsRegistry& stats)
    : os({&board.core}, board.epic, stats, costs),
      test(tc, os.kernel(), board.core, board.dma, board.epic, Msc815xBoard::kDmaDoneSource) {}

void Msc815xSoftware::boot(Msc815xBoard& board) {
  const unsigned line =
      os.bind_hwi(0, Msc815xBoard::kDmaDoneSource, [this] { return test.dma_done_isr(); }, "DMA done ISR");
  board.core.set_line_queued(line, true);
  os.boot(sc_core::SC_ZERO_TIME, [this] { return test.main(); }, "an3935");
}

}  // namespace ws
