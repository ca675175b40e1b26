#pragma once
// The UEC driver for one Rx/Tx queue pair: BD rings in memory the core reaches
// uncached, a buffer pool, Rx ring processing one BD per call, Tx BD submission
// with reclaim of sent BDs, and the transmit-on-demand kick.
//
// A frame that finds the Tx ring full waits in the driver's queue (its buffer
// held, so the pool bounds the queue) and takes a BD as sent ones are reclaimed.
// The BD that fills the ring asks for the queue's interrupt (its I bit), so the
// interrupt handler reclaims and sends the waiting frames even when nothing
// else is sent; a ring that never fills never interrupts for Tx.
#include <cstdint>
#include <deque>
#include <functional>
#include "models/cpu/cpu.hpp"
#include "models/qe/uec.hpp"
#include "models/sim/bindings.hpp"
#include "models/sim/param.hpp"
#include "workloads/lib/buffer_pool.hpp"

namespace ws::drivers {

class UecDriver {
 public:
  struct Layout {
    uint64_t rx_ring, tx_ring;  // BD ring bases
    uint32_t rx_bds, tx_bds;
    unsigned queue;             // the UEC queue pair
    unsigned irq;               // EPIC source of the queue pair's events
  };
  // Core cycles per BD, memory accesses excluded (the Cpu charges those).
  struct Costs {
    double rx_cycles = 0;  // status test, buffer swap, BD re-arm, ring advance
    double tx_cycles = 0;  // BD fill, reclaim of sent BDs, buffer return
    // "<prefix>.rx_driver_cycles", ".tx_driver_cycles" (the MSC8144's prefix is "sw").
    static const Bindings<Costs>& bindings();
  };
  UecDriver(qe::Uec& uec, const Layout& layout, lib::BufferPool& pool, const Costs& costs);
  // The rings the driver allocates on one UEC: "<uec>.rx_bds", "<uec>.tx_bds".
  static void declare_ring_params(ParamTable& t, const std::string& uec);
  // Writes both rings (every Rx BD empty with a buffer, every Tx BD free) and
  // registers them with the UEC; run by core 0 at boot.
  void init(Cpu& core);
  // Clears the queue's event in the UEC (a register write) at the ISR's start.
  void ack_event(Cpu& core) { core.reg_access(); }
  // Takes the next filled Rx BD, re-arms it with a fresh buffer and passes the
  // frame (FCS excluded) to `deliver`; false when the ring holds no frame.
  bool receive_one(Cpu& core, const std::function<void(uint64_t buf, uint32_t len)>& deliver);
  // Queues the frame in `buf` for transmission and kicks the UEC; the buffer
  // returns to the pool when its BD is reclaimed.
  void send(Cpu& core, uint64_t buf, uint32_t len);
  // The handler's Tx part: sent BDs back, waiting frames onto them.
  void transmit_waiting(Cpu& core);
  size_t tx_waiting() const { return waiting_.size(); }  // frames waiting for a Tx BD
  void drop_buffer(uint64_t buf) { pool_.give(buf); }
  uint64_t rx_no_buffer() const { return rx_no_buffer_; }

 private:
  struct Waiting {
    uint64_t buf;
    uint32_t len;
  };
  void reclaim(Cpu& core);
  void fill(Cpu& core);  // waiting frames onto free BDs, in order
  qe::Uec& uec_;
  Layout layout_;
  lib::BufferPool& pool_;
  Costs costs_;
  uint32_t rx_next_ = 0;
  uint32_t tx_head_ = 0, tx_tail_ = 0, tx_used_ = 0;  // fill at head, reclaim at tail
  std::vector<uint64_t> tx_buffers_;                  // buffer of each Tx BD
  std::deque<Waiting> waiting_;
  uint64_t rx_no_buffer_ = 0;
};

}  // namespace ws::drivers
