#pragma once
// The MAC of a gigabit Ethernet controller: checks the FCS of what it receives,
// holds received frames in an Rx FIFO until the controller's DMA drains them
// (a full FIFO drops the frame), and appends the FCS to what it transmits.
#include <systemc>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include "models/eth/wire.hpp"

namespace ws::eth {

class GigabitMac final : public DropGate {
 public:
  struct Config {
    double bits_per_s;
    uint32_t rx_fifo_bytes;
  };
  // Called for each accepted frame at its arrival; the frame is the handler's to
  // return to the pool, and its bytes stay in the Rx FIFO until the handler
  // calls release() (when its DMA has drained them, or at once on a drop).
  using RxHandler = std::function<void(Frame*)>;
  GigabitMac(const std::string& name, const Config& cfg, Scheduler& sched, StatsRegistry& stats, FramePool& pool);
  // The handler gets each frame with its bytes made, unless it says it takes
  // unmade ones (a descriptor DMA, which may drop a frame by its length alone).
  void on_receive(RxHandler h, bool takes_unmade = false) {
    rx_ = std::move(h);
    rx_takes_unmade_ = takes_unmade;
  }
  // The receiving end of the peer's wire. It reads no byte of a sealed frame,
  // so its wire may hand it unmade ones (Wire::connect).
  void receive(Frame* f);
  void release(uint32_t bytes) {
    held_ -= bytes;
    if (trace_) trace_->counter(name_ + ".rx_fifo", "bytes", now(), held_);
  }
  // The DMA stops taking frames out of the Rx FIFO until it resumes (a halted
  // queue): meanwhile a full FIFO drops every frame (the DropGate a sender sees).
  void stop_draining() { draining_ = false; }
  void resume_draining() {
    draining_ = true;
    if (open_) std::exchange(open_, nullptr)();
  }
  // DropGate: only a frame with a good FCS is sent to a gate that says so (the tester's).
  bool drops_all(uint32_t len) const override { return !draining_ && !fits(len); }
  void when_open(std::function<void()> open) override { open_ = std::move(open); }
  void dropped(uint32_t len) override { admit(len); }
  void trace(TraceWriter* t) {
    trace_ = t && t->enabled() ? t : nullptr;
    tx_.trace(t);
  }
  // Sends the frame, appending the FCS to its `f->len` bytes unless the frame
  // already ends with one; returns its end on the wire.
  sc_core::sc_time transmit(Frame* f, const sc_core::sc_time& ready, bool append_fcs = true);
  Wire& tx_wire() { return tx_; }
  ResourceStats& rx_stats() { return *rx_stats_; }

 private:
  // A frame of `len` bytes at the FIFO: its depth noted, and whether it fits; one that does not is counted
  // dropped. (Not inlined: each inlined copy of note_queue sets off GCC 12's false -Wrestrict.)
  [[gnu::noinline]] bool admit(uint32_t len);
  bool fits(uint32_t len) const { return held_ + len <= cfg_.rx_fifo_bytes; }

  Config cfg_;
  FramePool& pool_;
  Wire tx_;
  ResourceStats* rx_stats_;
  RxHandler rx_;
  bool rx_takes_unmade_ = false;
  uint32_t held_ = 0;  // bytes in the Rx FIFO
  bool draining_ = true;
  std::function<void()> open_;  // a sender's call when the DMA drains again
  std::string name_;
  TraceWriter* trace_ = nullptr;
};

}  // namespace ws::eth
