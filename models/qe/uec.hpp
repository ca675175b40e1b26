#pragma once
// A UCC Ethernet controller (UEC) on the QUICC Engine: the gigabit MAC, up to
// eight Rx and eight Tx queues each with a BD ring in memory and an interrupt
// source, and the dispatch of received frames to an Rx queue:
//  - extended parsing: a lookup table maps the destination MAC to a queue (a
//    frame that matches no entry is rejected);
//  - MPC82xx mode: one station address, every accepted frame to queue 0.
// Per frame the QE RISCs run the Rx or Tx microcode, the QE data path moves the
// bytes, and the QE's bus port reads and writes BDs and buffers.
#include <systemc>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>
#include "models/eth/gigabit_mac.hpp"
#include "models/irq/epic.hpp"
#include "models/qe/buffer_descriptor.hpp"
#include "models/qe/quicc_engine.hpp"

namespace ws::qe {

enum class ParseMode { Extended, Mpc82xx };

class Uec {
 public:
  static constexpr unsigned kQueues = 8;
  struct Config {
    eth::GigabitMac::Config mac;
    ParseMode mode;
    double rx_risc_cycles;      // Rx microcode per frame (FIFO to BD close)
    double tx_risc_cycles;      // Tx microcode per frame (BD fetch to FIFO)
    double lookup_cycles;       // extended parsing: key build and table lookup per frame
    uint32_t tx_fifo_bytes;     // how far the Tx DMA may run ahead of the wire
    uint32_t max_rx_bytes;      // MRBLR: Rx buffer length; longer frames are dropped
  };
  Uec(const std::string& name, const Config& cfg, QuiccEngine& qe, Epic& epic, Scheduler& sched,
      StatsRegistry& stats, eth::FramePool& pool);

  // --- configuration, written by the driver at init ---
  void set_rx_ring(unsigned queue, uint64_t base, unsigned irq_source);
  void set_tx_ring(unsigned queue, uint64_t base);
  void set_station_mac(const eth::MacAddr& mac) { station_ = mac; }  // MPC82xx mode
  void add_lookup(const eth::MacAddr& mac, unsigned queue);           // extended mode
  // --- register effects at run time ---
  void transmit_on_demand();  // UTODR: poll the Tx queues now

  const std::string& name() const { return name_; }
  eth::GigabitMac& mac() { return mac_; }
  uint64_t rx_frames() const { return rx_frames_; }
  uint64_t tx_frames() const { return tx_frames_; }
  ResourceStats& stats() { return *stats_; }

 private:
  struct RxQueue {
    bool enabled = false;
    BdCursor cursor;
    unsigned irq = 0;
  };
  struct TxQueue {
    bool enabled = false;
    BdCursor cursor;
  };
  void on_frame(eth::Frame* f);
  void place(eth::Frame* f);
  int dispatch(const eth::Frame& f) const;
  void tx_next();
  bool tx_fetch(unsigned q, const sc_core::sc_time& at);

  std::string name_;
  Config cfg_;
  QuiccEngine& qe_;
  Epic& epic_;
  Scheduler& sched_;
  eth::FramePool& pool_;
  eth::GigabitMac mac_;
  ResourceStats* stats_;
  std::array<RxQueue, kQueues> rx_;
  std::array<TxQueue, kQueues> tx_;
  eth::MacAddr station_{};
  std::map<eth::MacAddr, unsigned> lookup_;
  bool tx_running_ = false;
  unsigned tx_rr_ = 0;  // round robin between Tx queues
  uint64_t rx_frames_ = 0, tx_frames_ = 0;
};

}  // namespace ws::qe
