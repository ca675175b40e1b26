#pragma once
// What the MACs' descriptor DMAs share (the DesignWare EMAC, the eTSEC, the
// CPSW's CPDMA), as SimBricks' NIC models share a queue base: the MAC with its
// Rx FIFO, the DMA's bus port, a descriptor's fetch (its bus access and the
// DMA's work on it), the status word written back last, the engines' busy
// time, and the receive kick (a frame reaching an idle Rx engine starts it).
// Each MAC keeps its descriptor format and its ring walk (rx_step, tx_step).
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <cstdint>
#include <cstring>
#include <deque>
#include <type_traits>
#include "models/eth/gigabit_mac.hpp"
#include "models/eth/le_words.hpp"
#include "models/mem/direct_pages.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"

namespace ws::eth {

// A 16-byte descriptor of four little-endian words in memory order (D: four uint32_t fields).
template <class D>
void put_desc(const D& d, uint8_t* out) {
  static_assert(sizeof(D) == 16 && std::is_trivially_copyable_v<D>);
  uint32_t w[4];
  std::memcpy(w, &d, sizeof w);
  put_le_words(w, out);
}
template <class D>
D get_desc(const uint8_t* in) {
  static_assert(sizeof(D) == 16 && std::is_trivially_copyable_v<D>);
  uint32_t w[4];
  get_le_words(in, w);
  D d;
  std::memcpy(&d, w, sizeof w);
  return d;
}

class MacDma : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<MacDma> socket;  // the DMA's bus port

  GigabitMac& mac() { return mac_; }
  uint64_t rx_frames() const { return rx_frames_; }  // stored into a descriptor's buffer
  uint64_t tx_frames() const { return tx_frames_; }
  size_t rx_fifo_frames() const { return rx_waiting_.size(); }
  unsigned rx_storing() const { return rx_storing_; }  // out of the FIFO, not yet in its buffer
  bool idle() const { return rx_waiting_.empty() && !rx_busy_ && !tx_busy_; }

 protected:
  // The Rx and Tx engines work at once, each busy on its own: "<name>.dma.rx" and ".dma.tx".
  MacDma(sc_core::sc_module_name name, double bits_per_s, uint32_t rx_fifo_bytes, Scheduler& sched,
         StatsRegistry& stats, FramePool& pool);
  virtual void rx_step() = 0;  // the oldest FIFO frame into the ring, when the engine is free

  // A timed access from the DMA's bus port starting `offset` after now: its delay from now to completion.
  sc_core::sc_time access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n,
                          const sc_core::sc_time& offset = sc_core::SC_ZERO_TIME) {
    return direct_.timed(socket, cmd, addr, data, n, offset);
  }
  // The `n` bytes of the descriptor at `addr` into `raw`: its bus time plus the DMA's `work_ns`.
  sc_core::sc_time fetch(uint64_t addr, uint8_t* raw, uint32_t n, double work_ns);
  // A 32-bit little-endian word written to `addr` at `at` (a descriptor's status, last).
  void write_word(uint64_t addr, uint32_t word, const sc_core::sc_time& at);
  // The oldest frame out of the FIFO, its bytes made (the MAC hands this DMA unmade frames).
  Frame* take_oldest();
  // The oldest frame out of the FIFO, dropped for `reason` unread: counted, its FIFO room freed, back to the pool.
  void drop_oldest(const char* reason);
  // A frame of `len` bytes being stored is in its buffer at `at`: its FIFO room frees, it counts, the
  // MAC says so (`notify`: an interrupt), and the engine takes the next frame.
  template <class Notify>
  void stored_at(const sc_core::sc_time& at, uint32_t len, Notify notify) {
    sched_.at(at, [this, len, notify] {
      mac_.release(len);
      --rx_storing_;
      ++rx_frames_;
      notify();
      rx_busy_ = false;
      rx_step();
    });
  }

  Scheduler& sched_;
  FramePool& pool_;
  GigabitMac mac_;
  ResourceStats *rx_dma_, *tx_dma_;
  std::deque<Frame*> rx_waiting_;    // accepted frames in the Rx FIFO, oldest first
  bool rx_busy_ = false, tx_busy_ = false;
  uint64_t rx_frames_ = 0, tx_frames_ = 0;
  unsigned rx_storing_ = 0;

 private:
  void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) { direct_.invalidate(start, end); }
  // The accesses' routes past the sockets (rings, buffers): 4 MB of pages, more
  // than a ring's buffers span (with 64, an MPC8572 frame at line rate asked again).
  DirectPages direct_{1024};
};

}  // namespace ws::eth
