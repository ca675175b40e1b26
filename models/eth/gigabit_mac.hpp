#pragma once
// The MAC of a gigabit Ethernet controller: checks the FCS of what it receives,
// holds received frames in an Rx FIFO until the controller's DMA drains them
// (a full FIFO drops the frame), and appends the FCS to what it transmits.
#include <systemc>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include "models/eth/wire.hpp"

namespace ws::eth {

class GigabitMac {
 public:
  struct Config {
    double bits_per_s;
    uint32_t rx_fifo_bytes;
  };
  // Called for each accepted frame at its arrival; returns when the frame has left
  // the Rx FIFO (now, if the controller dropped it). The frame is the caller's to
  // return to the pool.
  using RxHandler = std::function<sc_core::sc_time(Frame*)>;
  GigabitMac(const std::string& name, const Config& cfg, Scheduler& sched, StatsRegistry& stats, FramePool& pool);
  void on_receive(RxHandler h) { rx_ = std::move(h); }
  // The receiving end of the peer's wire.
  void receive(Frame* f);
  // Appends the FCS to the `f->len` bytes and sends the frame; returns its end on the wire.
  sc_core::sc_time transmit(Frame* f, const sc_core::sc_time& ready);
  Wire& tx_wire() { return tx_; }
  ResourceStats& rx_stats() { return *rx_stats_; }
  uint64_t received() const { return received_; }

 private:
  uint32_t fifo_bytes_at(const sc_core::sc_time& t);
  Config cfg_;
  FramePool& pool_;
  Wire tx_;
  ResourceStats* rx_stats_;
  RxHandler rx_;
  struct Held {
    sc_core::sc_time until;
    uint32_t bytes;
  };
  std::deque<Held> fifo_;  // frames in the Rx FIFO, by arrival
  uint64_t received_ = 0;
};

}  // namespace ws::eth
