#pragma once
// A UCC Ethernet controller (UEC) on the QUICC Engine: the gigabit MAC, up to
// eight Rx and eight Tx queues each with a BD ring in memory and an interrupt
// source, and the dispatch of received frames to an Rx queue:
//  - extended parsing: a lookup table maps the destination MAC to a queue (a
//    frame that matches no entry is rejected);
//  - MPC82xx mode: one station address, every accepted frame to queue 0.
// Each frame is handled from start to end by one of the UEC's Rx or Tx threads
// (MSC8144 RM §18.2.5; ucc_geth.h: 1, 2, 4, 6 or 8 threads, Linux uses 1): the
// thread runs the microcode on a QE RISC, reads the BD, has the QE data path
// move the bytes, and closes the BD. A thread takes its next frame only when it
// is done, so one UEC's frame rate is bounded by the per-frame latency of its
// threads, and by the RISCs and memory that every UEC shares.
#include <systemc>
#include <array>
#include <boost/circular_buffer.hpp>
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
    unsigned rx_threads;        // frames in Rx processing at once
    unsigned tx_threads;        // frames in Tx processing at once
  };
  Uec(const std::string& name, const Config& cfg, QuiccEngine& qe, Epic& epic, Scheduler& sched,
      StatsRegistry& stats, eth::FramePool& pool);
  // The microcode's keys, shared by every UEC ("qe.parse_mode", "qe.*_cycles").
  static void declare_shared_params(ParamTable& t);
  // One UEC's keys, "<name>.rx_fifo_bytes" ... "<name>.tx_threads", and its Config.
  static void declare_params(ParamTable& t, const std::string& name);
  static Config config(const ParamTable& p, const std::string& name);

  // --- configuration, written by the driver at init ---
  void set_rx_ring(unsigned queue, uint64_t base, unsigned irq_source);
  // A Tx BD with its I bit raises `irq_source` when it closes (the queue's Tx confirmation).
  void set_tx_ring(unsigned queue, uint64_t base, unsigned irq_source);
  void set_station_mac(const eth::MacAddr& mac) { station_ = mac; }  // MPC82xx mode
  void add_lookup(const eth::MacAddr& mac, unsigned queue);           // extended mode
  // --- register effects at run time ---
  void transmit_on_demand();  // UTODR: poll the Tx queues now
  // No frame in a thread or waiting for one.
  bool idle() const { return rx_idle_.size() == rx_started_.size() && rx_waiting_.empty() && tx_busy_ == 0; }

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
    std::vector<uint64_t> open;  // BDs a thread is filling: not to be taken again before they close
  };
  struct TxQueue {
    bool enabled = false;
    BdCursor cursor;
    unsigned irq = 0;
  };
  // One Tx frame between its BD fetch and its hand-over to the MAC; the MAC gets
  // frames in fetch order even when a later thread finishes first.
  struct TxSlot {
    eth::Frame* frame = nullptr;
    unsigned queue = 0;
    uint64_t bd_addr = 0;
    Bd bd;
    bool add_fcs = false, done = false;
    sc_core::sc_time started;
  };
  void on_frame(eth::Frame* f);
  void rx_start(eth::Frame* f, unsigned thread);
  void place(eth::Frame* f, unsigned thread);
  void rx_thread_done(unsigned thread, const sc_core::sc_time& started);
  int dispatch(const eth::Frame& f) const;
  void tx_next();
  bool tx_fetch(unsigned q, const sc_core::sc_time& at);
  void tx_retire();

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
  // Rx threads: the idle ones (taken in turn), the start of each busy one's
  // frame, and the frames waiting in the FIFO for a thread (in arrival order).
  boost::circular_buffer<unsigned> rx_idle_;
  std::vector<sc_core::sc_time> rx_started_;
  boost::circular_buffer<eth::Frame*> rx_waiting_;
  std::vector<ResourceStats*> rx_thread_stats_, tx_thread_stats_;
  // Tx threads: slots in fetch order (a ring of tx_threads), head = oldest.
  std::vector<TxSlot> tx_slots_;
  unsigned tx_head_ = 0, tx_busy_ = 0;
  bool tx_wake_pending_ = false;  // a retry is scheduled for when the Tx FIFO has room
  unsigned tx_rr_ = 0;            // round robin between Tx queues
  uint64_t rx_frames_ = 0, tx_frames_ = 0;
};

}  // namespace ws::qe
