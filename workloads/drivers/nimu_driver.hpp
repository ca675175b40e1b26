#pragma once
// TI's NIMU Ethernet driver for KeyStone II (nimu_eth.c) on the Multicore
// Navigator, its transmit path: EmacSend() takes a free descriptor, points it
// at the packet's buffer (no copy: the PBM buffer is the DMA buffer), writes
// the frame out of the cache and pushes the descriptor onto the NETCP Tx queue.
// Descriptors the packet DMA has sent come back on the Tx return queue; the
// driver puts them back on the free queue:
//   per_send  as shipped: every EmacSend() walks the return queue first, one
//             pop and one push per returned descriptor, and a last pop that
//             finds it empty
//   batched   as tuned: EmacSend() only pops a free descriptor; the return
//             queue is walked, all of it at once, when the free queue runs dry
// Queue operations are the core's accesses to the Queue N registers, which
// the core maps as device memory (a pop waits for its read; a push is posted,
// in order with the accesses before and after it), and descriptors sit in
// non-cacheable memory, so what a call costs comes from what it does: the
// cycles of each call are kept, as the driver's TIMING macro measures them.
#include <cstdint>
#include "models/cpu/cpu.hpp"
#include "models/nav/descriptor.hpp"
#include "models/nav/qmss.hpp"

namespace ws::drivers {

class NimuDriver {
 public:
  struct Config {
    uint64_t qm_base;  // the Queue N registers on the core's bus
    unsigned tx_queue, tx_free_queue, tx_return_queue;
    bool recycle_per_send;
    double send_instructions;      // EmacSend's own work: checks, descriptor fields, statistics
    double recycle_instructions;   // per descriptor taken back
  };
  NimuDriver(const Config& cfg, Cpu& core);
  // EmacSend(): the packet of `len` bytes at `buf`. False: no free descriptor (the packet is dropped).
  bool send(uint64_t buf, uint32_t len);
  double last_send_cycles() const { return last_cycles_; }

 private:
  uint32_t pop(unsigned queue);
  void push(unsigned queue, uint32_t desc);
  void recycle();

  Config cfg_;
  Cpu& core_;
  double last_cycles_ = 0;
};

}  // namespace ws::drivers
