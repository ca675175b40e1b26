#include "workloads/apps/pcie_dma_test.hpp"

#include <algorithm>
#include <cstring>
#include <vector>
#include "models/sim/sim_time.hpp"
#include "workloads/lib/splitmix64.hpp"

namespace ws {

PcieDmaTest::PcieDmaTest(const PcieDmaTestConfig& cfg, Scheduler& sched, Core& core, pcie::HssiDma& dma)
    : cfg_(cfg), sched_(sched), core_(core), dma_(dma) {}

void PcieDmaTest::start() {
  started_ = ws::now();
  issue(cfg_.in_flight);
}

// Starts up to `count` requests back to back; each costs core time to set up.
void PcieDmaTest::issue(unsigned count) {
  count = std::min(count, cfg_.blocks - issued_);
  batch_left_ += count;
  sc_core::sc_time t = ws::now();
  for (unsigned k = 0; k < count; ++k, ++issued_) {
    t = core_.exec(t, cfg_.issue_cycles, "issue DMA");
    pcie::DmaJob job;
    job.write = cfg_.write;
    job.local = local_addr(issued_);
    job.remote = remote_addr(issued_);
    job.len = cfg_.block_bytes;
    job.done = [this] { on_dma_done(); };
    const unsigned ch = issued_ % dma_.channels();
    sched_.at(t, [this, ch, job = std::move(job)]() mutable { dma_.submit(ch, std::move(job)); });
  }
}

void PcieDmaTest::on_dma_done() {
  const auto t =
      core_.exec(ws::now() + ns(cfg_.irq_latency_ns), cfg_.complete_cycles, "DMA done ISR");
  sched_.at(t, [this] { retired(); });
}

void PcieDmaTest::retired() {
  ++retired_;
  --batch_left_;
  if (finished()) {
    ended_ = ws::now();
    return;
  }
  if (cfg_.ring)
    issue(1);
  else if (batch_left_ == 0)
    issue(cfg_.in_flight);
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
