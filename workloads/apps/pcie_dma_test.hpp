#pragma once
// The AN3935 measurement program, run on one board's core: a task moves
// `blocks` blocks of `block_bytes` between local DDR and the peer through the
// HSSI DMA, `in_flight` requests at a time, and times the whole loop in core
// cycles, from issuing the first request to retiring the last. Each request's
// completion interrupt (queued at the core's input: one handler run per
// request, as epic.latency_ns and core.complete_cycles were calibrated)
// runs a handler that retires it and posts the task's semaphore; the task,
// blocked on it, issues the next requests. The per-request software
// (issue, completion interrupt) is inside that window on purpose: with one
// request in flight AN3935 measured 413 ns per 8 B request, more than the DMA
// and link alone take, and the software costs were calibrated to it. The source
// holds a seeded pattern; integrity_errors() compares every destination byte
// and counts the bytes that landed.
#include <systemc>
#include <cstdint>
#include <string>
#include "models/cpu/cpu.hpp"
#include "models/irq/irq_controller.hpp"
#include "models/mem/memory.hpp"
#include "models/pcie/hssi_dma.hpp"
#include "models/sim/param.hpp"
#include "models/sim/steady_state.hpp"
#include "workloads/os/kernel/sync.hpp"

namespace ws {

struct PcieDmaTestConfig {
  bool write = true;
  uint32_t block_bytes = 32768;
  unsigned in_flight = 8;
  bool ring = false;             // keep in_flight outstanding instead of batches
  unsigned blocks = 64;
  unsigned slots = 64;           // buffers in the ring; block i uses buffer i % slots
  uint32_t buffer_offset = 0;
  uint64_t local_base = 0;       // local DDR buffer area (bus address)
  uint64_t remote_base = 0;      // the peer's buffer area as seen through the outbound window
  double issue_cycles = 0;       // core cycles to start one request
  double complete_cycles = 0;    // core cycles to notice and retire one request
};

class PcieDmaTest {
 public:
  // The DMA's completion raises `source` of `pic`.
  PcieDmaTest(const PcieDmaTestConfig& cfg, os::Kernel& k, Cpu& core, pcie::HssiDma& dma, IrqController& pic,
              unsigned source);
  // The test's knobs: "dma.op", ".block_bytes", ".in_flight", ".issue",
  // ".buffer_offset", ".blocks", "core.issue_cycles", "core.complete_cycles".
  static void declare_params(ParamTable& t);
  // Those keys' values (dma.blocks = 0 resolved); the board gives the buffers' places and ring.
  static PcieDmaTestConfig config(const ParamTable& p);

  // Bytes between consecutive blocks: block plus offset, rounded up to 256 B.
  static uint64_t stride(const PcieDmaTestConfig& c) { return (c.buffer_offset + c.block_bytes + 255) / 256 * 256; }
  static uint64_t slot_offset(const PcieDmaTestConfig& c, unsigned i) {
    return (i % c.slots) * stride(c) + c.buffer_offset;
  }
  uint64_t local_addr(unsigned i) const { return cfg_.local_base + slot_offset(cfg_, i); }
  uint64_t remote_addr(unsigned i) const { return cfg_.remote_base + slot_offset(cfg_, i); }

  os::Task main();          // the timing loop: the board's task
  os::Task dma_done_isr();  // the handler of the DMA's completion interrupt
  bool finished() const { return retired_ == cfg_.blocks; }
  sc_core::sc_time started_at() const { return started_; }
  sc_core::sc_time ended_at() const { return ended_; }
  uint64_t bytes_moved() const { return uint64_t(retired_) * cfg_.block_bytes; }

  // A period is a batch (or, issuing as a ring, one block); `at_period` runs as
  // one ends, before the next is issued, and may skip periods (SteadyState).
  std::function<void()> at_period;
  uint64_t periods_left() const { return (cfg_.blocks - issued_) / blocks_per_period(cfg_); }
  // Periods after which the blocks' buffers sit at the same places in a 4 KB
  // page again (the link cuts TLPs and reads at page and MRRS boundaries).
  static uint64_t work_period(const PcieDmaTestConfig& c);
  uint64_t work_period() const { return work_period(cfg_); }
  // The requests' counts gain with a skip; `move(first, n)` moves the bytes of
  // the n blocks from block `first` on that the skip takes as done.
  void track(SteadyState& s, std::function<void(uint64_t first, uint64_t n)> move);

 private:
  void issue(unsigned count);
  static uint64_t blocks_per_period(const PcieDmaTestConfig& c) { return c.ring ? 1 : c.in_flight; }

  PcieDmaTestConfig cfg_;
  os::Kernel& k_;
  Cpu& core_;
  pcie::HssiDma& dma_;
  IrqController& pic_;
  unsigned source_;
  os::Semaphore retired_sem_;
  uint64_t issued_ = 0, retired_ = 0;
  unsigned batch_left_ = 0;
  sc_core::sc_time started_, ended_;
};

// Where a test's buffers sit in a memory: buffer s at base + s * stride + offset.
struct BlockPlace {
  Memory* mem;
  uint64_t base;  // memory offset of the buffer area
};
// Copies the source buffers of blocks [first, first + n) to their destination
// buffers (a skipped block's bytes: each buffer's data is the same every time).
void copy_blocks(const BlockPlace& src, const BlockPlace& dst, const PcieDmaTestConfig& c, uint64_t first, uint64_t n);
// Fills the source buffers with a pattern drawn from `seed`.
void fill_pattern(Memory& mem, uint64_t base, const PcieDmaTestConfig& c, uint64_t seed);
// Bytes of the destination buffers that differ from the source buffers, plus
// the bytes by which `landed` (bytes that arrived at the destination) misses
// blocks x block_bytes. Buffers are reused, so a lost block can hide behind a
// later one in its slot; the count of landed bytes catches it.
uint64_t integrity_errors(const BlockPlace& src, const BlockPlace& dst, const PcieDmaTestConfig& c, uint64_t landed);

}  // namespace ws
