#include "workloads/apps/pcie_dma_test.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>
#include "workloads/lib/splitmix64.hpp"

namespace ws {

void PcieDmaTest::declare_params(ParamTable& t) {
  using K = ParamSpec::Kind;
  t.declare_model(model_choice("dma.op", {"write", "read"}, "-",
                               "write: push local DDR to the peer (MWr); read: pull from the peer (MRd/CplD)"));
  t.declare_model(model_number("dma.block_bytes", K::Int, 1, 16 << 20, "B", "bytes per DMA request (block)"));
  t.declare_model(model_number("dma.in_flight", K::Int, 1, 64, "requests",
                               "DMA requests issued back to back before waiting (AN3935: 1, 4, 8)"));
  t.declare_model(model_choice("dma.issue", {"batch", "ring"}, "-",
                               "batch: issue in_flight requests, wait for all, repeat (the AN3935 timing loop); "
                               "ring: keep in_flight requests outstanding, reissuing on each completion (a "
                               "descriptor ring)"));
  t.declare_model(model_number("dma.buffer_offset", K::Int, 0, 4095, "B",
                               "offset of every source and destination buffer from a 4 KB boundary (alignment "
                               "what-if)"));
  t.declare_model(model_number("dma.blocks", K::Int, 0, 1 << 20, "blocks",
                               "requests per board in the run; 0 = about 2 MiB per board, at least 64 and at most "
                               "4096 requests, rounded up to a multiple of in_flight"));
  t.declare_model(model_number("core.issue_cycles", K::Real, 0, 100000, "core cycles",
                               "software cost to build and start one DMA request"));
  t.declare_model(model_number("core.complete_cycles", K::Real, 0, 100000, "core cycles",
                               "software cost to notice and retire one finished request (interrupt or poll)"));
}

PcieDmaTestConfig PcieDmaTest::config(const ParamTable& p) {
  constexpr uint64_t kAutoBytes = 2ull << 20;  // dma.blocks = 0 moves about this much per board
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
  c.issue_cycles = p.r("core.issue_cycles");
  c.complete_cycles = p.r("core.complete_cycles");
  return c;
}

PcieDmaTest::PcieDmaTest(const PcieDmaTestConfig& cfg, os::Kernel& k, Cpu& core, pcie::HssiDma& dma,
                         IrqController& pic, unsigned source)
    : cfg_(cfg), k_(k), core_(core), dma_(dma), pic_(pic), source_(source), retired_sem_(k) {}

os::Task PcieDmaTest::main() {
  started_ = core_.time();
  issue(cfg_.in_flight);
  while (retired_ < cfg_.blocks) {
    co_await retired_sem_.pend();
    ++retired_;
    --batch_left_;
    if (!cfg_.ring && batch_left_ != 0) continue;
    if (at_period) at_period();
    issue(cfg_.ring ? 1 : cfg_.in_flight);
  }
  ended_ = core_.time();
}

// Starts up to `count` requests back to back; each costs core time to set up,
// and its DMA starts when that set-up ends (the start register write).
void PcieDmaTest::issue(unsigned count) {
  count = unsigned(std::min<uint64_t>(count, cfg_.blocks - issued_));
  batch_left_ += count;
  for (unsigned k = 0; k < count; ++k, ++issued_) {
    core_.exec(cfg_.issue_cycles);
    pcie::DmaJob job;
    job.write = cfg_.write;
    job.local = local_addr(issued_);
    job.remote = remote_addr(issued_);
    job.len = cfg_.block_bytes;
    job.done = [this] { pic_.raise(source_); };
    const unsigned ch = issued_ % dma_.channels();
    core_.reg_access([this, ch, job = std::move(job)]() mutable { dma_.submit(ch, std::move(job)); });
  }
}

uint64_t PcieDmaTest::work_period(const PcieDmaTestConfig& c) {
  // Block i's buffers sit at (i mod slots) x stride (+ offset): their place in a
  // page comes back after 4096 / gcd(stride, 4096) blocks, or only with the
  // whole ring when the ring wraps off that beat.
  const uint64_t beat = 4096 / std::gcd<uint64_t>(stride(c) % 4096, 4096);
  const uint64_t blocks = c.slots % beat == 0 ? beat : c.slots;
  return blocks / std::gcd(blocks, blocks_per_period(c));
}

void PcieDmaTest::track(SteadyState& s, std::function<void(uint64_t first, uint64_t n)> move) {
  s.count(issued_, dma_.channels(), cfg_.blocks);
  s.count(retired_, 1, cfg_.blocks);
  // Requests in flight, the batch's progress, retirements posted, the core (its
  // time cursor, its interrupt inputs and their queued arrivals), and where the
  // next block's buffers sit in a 4 KB page.
  s.state([this](Fingerprint& f) {
    f.add(issued_ - retired_);
    f.add(batch_left_);
    f.add(retired_sem_.count());
    core_.fingerprint(f);
    f.add(local_addr(unsigned(issued_ % cfg_.slots)) % 4096);
    f.add(remote_addr(unsigned(issued_ % cfg_.slots)) % 4096);
  });
  s.on_skip([this, &s, move = std::move(move)](uint64_t) { move(issued_, s.gain(issued_)); });
}

// Retires one request: its completion interrupt is queued (one per request).
os::Task PcieDmaTest::dma_done_isr() {
  core_.exec(cfg_.complete_cycles);
  retired_sem_.post();
  co_return;
}

void copy_blocks(const BlockPlace& src, const BlockPlace& dst, const PcieDmaTestConfig& c, uint64_t first, uint64_t n) {
  std::vector<uint8_t> buf(c.block_bytes);
  for (uint64_t i = first; i < first + std::min<uint64_t>(n, c.slots); ++i) {
    const uint64_t at = PcieDmaTest::slot_offset(c, unsigned(i % c.slots));
    src.mem->read(src.base + at, buf.data(), buf.size());
    dst.mem->write(dst.base + at, buf.data(), buf.size());
  }
}

void fill_pattern(Memory& mem, uint64_t base, const PcieDmaTestConfig& c, uint64_t seed) {
  uint64_t state = seed;  // every byte position of the ring gets its own value
  std::vector<uint8_t> buf(c.block_bytes);
  for (unsigned i = 0; i < c.slots; ++i) {
    splitmix64_fill(state, buf.data(), buf.size());
    mem.write(base + PcieDmaTest::slot_offset(c, i), buf.data(), buf.size());
  }
}

uint64_t integrity_errors(const BlockPlace& src, const BlockPlace& dst, const PcieDmaTestConfig& c, uint64_t landed) {
  std::vector<uint8_t> a(c.block_bytes), b(c.block_bytes);
  const uint64_t expected = uint64_t(c.blocks) * c.block_bytes;
  uint64_t bad = landed > expected ? landed - expected : expected - landed;
  for (unsigned i = 0; i < c.slots; ++i) {
    const uint64_t at = PcieDmaTest::slot_offset(c, i);
    src.mem->read(src.base + at, a.data(), a.size());
    dst.mem->read(dst.base + at, b.data(), b.size());
    if (std::memcmp(a.data(), b.data(), a.size()) == 0) continue;
    for (size_t k = 0; k < a.size(); ++k) bad += a[k] != b[k];
  }
  return bad;
}

}  // namespace ws
