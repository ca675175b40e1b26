// The AXI DMA engine and the PC root complex across one PCIe link: the root
// port answers a read after its latency in completions cut at multiples of
// pcie.cpl_bytes; the engine cuts requests at 4 KB boundaries and moves every
// byte intact both ways. (Each test runs in its own process: one sc_start.)
#include <gtest/gtest.h>
#include <memory>
#include <vector>
#include "models/pcie/axi_dma.hpp"
#include "models/pcie/pc_root_complex.hpp"
#include "models/sim/sim_time.hpp"
#include "platforms/platform.hpp"

namespace {

using ws::pcie::PcieController;

constexpr uint64_t kBus = 0x80000000, kHostAt = 1 << 20, kOutbound = 1ull << 30;

// A PC and an endpoint with its engine, on the FPGA-to-PC board's defaults.
using Settings = std::vector<std::pair<std::string, std::string>>;

struct Bench {
  ws::ParamTable p;
  ws::StatsRegistry stats;
  ws::TraceWriter trace{""};
  ws::Scheduler sched{"sched"};
  ws::Rng rng{1};
  std::unique_ptr<ws::pcie::PcRootComplex> pc;
  std::unique_ptr<ws::Memory> local;
  std::unique_ptr<PcieController> ep;
  std::unique_ptr<ws::pcie::AxiDma> dma;

  explicit Bench(const Settings& settings) {
    ws::find_platform("polarfire_pcie")->declare(p);
    for (const auto& [k, v] : settings) p.set(k, v, "test");
    pc = std::make_unique<ws::pcie::PcRootComplex>("pc", p, sched, stats, rng, trace);
    local = std::make_unique<ws::Memory>("local", ws::Memory::Config{1 << 24, 0, 8}, stats);
    ep = std::make_unique<PcieController>("ep", ws::pcie::controller_config(p, 0x100, false), sched, stats, rng, trace);
    dma = std::make_unique<ws::pcie::AxiDma>("dma", ws::pcie::AxiDma::bindings().build(p, "builtin_dma"), sched, stats, *ep);
    dma->mem.bind(local->socket);
    ep->mem.bind(local->socket);
    PcieController::connect(pc->port, *ep);
    ep->add_outbound({kOutbound, 1 << 24, kBus});
    pc->port.add_inbound({kBus, 1 << 24, kHostAt});
  }
  // Writes `data` from local 0x2000 into the PC's memory to the end; whether the engine finished.
  bool write(const std::vector<uint8_t>& data) {
    local->write(0x2000, data.data(), data.size());
    bool done = false;
    sched.at(sc_core::SC_ZERO_TIME, [&] {
      dma->start({true, 0x2000, kOutbound, uint32_t(data.size()), [&] { done = true; }});
    });
    sc_core::sc_start();
    return done;
  }
};

std::vector<uint8_t> pattern(size_t n) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = uint8_t(i * 7 + 3);
  return v;
}

}  // namespace

// 256 B from 32 B past a 64 B boundary, completions of 64 B: 32 B to the first
// boundary, then 64 B each, the last 32 B; none before the read latency.
TEST(PcRootComplex, AnswersAfterItsLatencyInCompletionsEndingOnTheirMultiples) {
  Bench b(Settings{{"pcie.cpl_bytes", "64"}, {"pcie.completer_latency_ns", "1000"}});
  const auto data = pattern(256);
  b.pc->memory.write(kHostAt + 32, data.data(), data.size());
  std::vector<std::pair<uint64_t, uint32_t>> got;
  std::vector<uint8_t> landed(256);
  sc_core::sc_time first = sc_core::SC_ZERO_TIME;
  auto sink = std::make_shared<ws::pcie::ReadSink>();
  sink->data = [&](uint64_t off, const uint8_t* d, uint32_t n) {
    if (got.empty()) first = ws::now();
    got.emplace_back(off, n);
    std::copy(d, d + n, landed.begin() + off);
  };
  b.sched.at(sc_core::SC_ZERO_TIME, [&] { b.ep->read(kOutbound + 32, 256, sink); });
  sc_core::sc_start();
  const std::vector<std::pair<uint64_t, uint32_t>> want = {{0, 32}, {32, 64}, {96, 64}, {160, 64}, {224, 32}};
  EXPECT_EQ(got, want);
  EXPECT_EQ(landed, data);
  EXPECT_GE(first, sc_core::sc_time(1000, sc_core::SC_NS));
  EXPECT_LT(first, sc_core::sc_time(1300, sc_core::SC_NS));
}

// A transfer that starts 256 B below a 4 KB boundary: requests of 256, then
// 2048 (the burst), then the rest; every byte lands in local memory.
TEST(AxiDma, ReadRequestsNeverCrossA4KBoundaryAndEveryByteLands) {
  Bench b(Settings{{"builtin_dma.burst_beats", "256"}});
  const auto data = pattern(4096);
  b.pc->memory.write(kHostAt + 4096 - 256, data.data(), data.size());
  bool done = false;
  b.sched.at(sc_core::SC_ZERO_TIME, [&] {
    b.dma->start({false, 0x1000, kOutbound + 4096 - 256, 4096, [&] { done = true; }});
  });
  sc_core::sc_start();
  ASSERT_TRUE(done);
  EXPECT_EQ(b.dma->requests_issued(), 3u);
  EXPECT_EQ(b.dma->read_bytes_landed(), 4096u);
  std::vector<uint8_t> got(4096);
  b.local->read(0x1000, got.data(), got.size());
  EXPECT_EQ(got, data);
}

// A write streams into the PC's memory intact; with one request in flight the
// next starts only once the endpoint has taken the last beat of the one before.
TEST(AxiDma, WritesLandIntactInThePcsMemory) {
  Bench b(Settings{{"builtin_dma.outstanding", "1"}});
  const auto data = pattern(10000);
  ASSERT_TRUE(b.write(data));
  EXPECT_EQ(b.dma->requests_issued(), 20u);  // 512 B requests (64 beats of 8 B)
  EXPECT_EQ(b.pc->port.inbound_write_bytes(), data.size());
  std::vector<uint8_t> got(data.size());
  b.pc->memory.read(kHostAt, got.data(), got.size());
  EXPECT_EQ(got, data);
}

// The engine hears a memory's revocations from its construction, once: a second
// transfer from a page the first read while nobody had written it (a shared
// page of zeros, for reading only) takes the bytes written since.
TEST(AxiDma, ASecondTransferReadsWhatWasWrittenSinceTheFirstReadThePageUnwritten) {
  Bench b({});
  const auto warnings = sc_core::sc_report_handler::get_count(sc_core::SC_WARNING);
  const auto transfer = [&] {
    bool done = false;
    b.sched.at(sc_core::sc_time_stamp(), [&] { b.dma->start({true, 0x5000, kOutbound, 512, [&] { done = true; }}); });
    sc_core::sc_start();
    return done;
  };
  ASSERT_TRUE(transfer());
  std::vector<uint8_t> got(512, 0xAA);
  b.pc->memory.read(kHostAt, got.data(), got.size());
  EXPECT_EQ(got, std::vector<uint8_t>(512, 0)) << "an unwritten page reads 0";
  const auto data = pattern(512);
  b.local->write(0x5000, data.data(), data.size());  // allocates the page: its zero grant is revoked
  ASSERT_TRUE(transfer());
  b.pc->memory.read(kHostAt, got.data(), got.size());
  EXPECT_EQ(got, data);
  EXPECT_EQ(sc_core::sc_report_handler::get_count(sc_core::SC_WARNING), warnings)
      << "no warning: the revocation callback is registered once, not per transfer";
}

// A write waits for the controller's posted room once per wait, however many
// requests finish meanwhile (issue 37: each finished 8 B request added a waiter
// that every later round woke and re-registered, so a write's host time grew
// with the square of its TLPs: 256 KB in 3.9 s). Work per TLP, not time.
TEST(AxiDma, AWriteWaitsForPostedRoomOncePerTlpAtMost) {
  Bench b(Settings{{"builtin_dma.burst_beats", "1"}});
  const auto data = pattern(32768);
  ASSERT_TRUE(b.write(data));
  EXPECT_EQ(b.dma->requests_issued(), 4096u) << "8 B requests, a TLP each";
  EXPECT_GT(b.ep->room_wakeups(), 0u) << "the posted buffer filled";
  EXPECT_LE(b.ep->room_wakeups(), b.ep->tlps_sent());
  EXPECT_EQ(b.pc->port.inbound_write_bytes(), data.size());
}
