#pragma once
// TI's NIMU Ethernet driver for KeyStone II (nimu_eth.c) on the Multicore
// Navigator, its transmit path: EmacSend() takes a free descriptor, points it
// at the packet's buffer (no copy: the PBM buffer is the DMA buffer), writes
// the frame out of the cache and pushes the descriptor onto the NETCP Tx queue.
// Descriptors the packet DMA has sent come back on the Tx return queue; the
// driver puts them back on the free queue:
//   per_send  as shipped: every EmacSend() walks the return queue first: it
//             reads the queue's entry count (register A), then one pop, the
//             PBM's free and one push per returned descriptor
//   batched   as tuned: EmacSend() only pops a free descriptor; the return
//             queue is walked, all of it at once, outside the per-packet path
//             (recycle(), before each batch the stack sends) and, should the
//             free queue still run dry, inside the call that finds it empty
// Its receive path: EmacRxPktISR() runs on the accumulator's interrupt, reads
// each page of the list it was handed (the entry count, then descriptor
// addresses; the pages alternate, and it zeroes a page's count once taken),
// and for each packet reads the descriptor, drops the buffer's lines from the
// A15's caches (NIMU on the ARM invalidates nothing: the DMA's writes reach
// the caches by hardware coherence, which leaves the lines to be read from
// memory), hands the packet to the interface (which copies it into a PBM),
// and pushes the descriptor, its buffer kept, back on the Rx free queue; then
// it acknowledges the page. Queue operations are the core's accesses to the Queue N registers, which
// the core maps as device memory (a pop waits for its read; a push is posted,
// in order with the accesses before and after it), and descriptors sit in
// non-cacheable memory, so what a call costs comes from what it does: the
// cycles of each call are kept, as the driver's TIMING macro measures them.
#include <cstdint>
#include "models/cpu/cpu.hpp"
#include <functional>
#include "models/nav/accumulator.hpp"
#include "models/nav/descriptor.hpp"
#include "models/nav/qmss.hpp"
#include "models/sim/bindings.hpp"

namespace ws::drivers {

class NimuDriver {
 public:
  struct Config {
    uint64_t qm_base = 0;  // the Queue N registers on the core's bus
    unsigned tx_queue = 0, tx_free_queue = 0, tx_return_queue = 0;
    bool recycle_per_send = true;
    double send_instructions = 0;     // EmacSend's own work: checks, descriptor fields, statistics
    double recycle_instructions = 0;  // per descriptor taken back
    unsigned rx_free_queue = 0;
    double rx_isr_instructions = 0;     // EmacRxPktISR's own work per interrupt
    double rx_packet_instructions = 0;  // per packet: PBM fields, the stack's Rx queue, a new buffer
  };
  // "<prefix>.tx_recycle", ".send_instructions", ".recycle_instructions",
  // ".rx_isr_instructions", ".rx_packet_instructions"; the queues are the board's.
  static const Bindings<Config>& bindings();
  NimuDriver(const Config& cfg, Cpu& core);
  // EmacSend(): the packet of `len` bytes at `buf`. False: no free descriptor (the packet is dropped).
  bool send(uint64_t buf, uint32_t len);
  double last_send_cycles() const { return last_cycles_; }
  // Every descriptor the DMA has given back (the return queue's count) onto the free queue.
  void recycle();
  bool recycles_per_send() const { return cfg_.recycle_per_send; }
  // EmacRxPktISR(): every page `acc` has handed over, oldest first (ping, then
  // pong); `deliver(buf, len)` gives each packet to the stack. Returns the packets taken.
  unsigned receive_page(nav::Accumulator& acc, const std::function<void(uint64_t buf, uint32_t len)>& deliver);

 private:
  uint32_t read_word(uint64_t addr);
  uint32_t pop(unsigned queue);
  void push(unsigned queue, uint32_t desc);

  Config cfg_;
  Cpu& core_;
  double last_cycles_ = 0;
  unsigned next_page_ = 0;  // the page the firmware hands over next
};

}  // namespace ws::drivers
