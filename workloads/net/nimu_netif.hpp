#pragma once
// NDK's NIMU network interface (the NETIF_DEVICE's send and pkt_service) on
// the NIMU driver, for the stand-in stack:
//   Tx  every frame the stack output is built in a PBM packet buffer (NDK's
//       TcpOutput copies the segment from the socket buffer into the packet:
//       the copy lwIP does not make, charged as the board's memcpy) and given
//       to EmacSend(); the buffer belongs to its descriptor until the packet
//       DMA has sent it. A frame without a free descriptor is dropped (counted).
//   Rx  the accumulator's interrupt runs EmacRxPktISR(); each packet is copied
//       into a new PBM packet (PBM_alloc(1514), then mmCopy: nimu_eth.c) and
//       goes to the stack's Rx queue (the scheduler task's mailbox); its
//       descriptor goes back to the free queue at once. A failed PBM_alloc or a
//       full queue drops the packet (counted).
// The cycles of every EmacSend() are kept for the emacsend_cycles column.
#ifdef WS_HAVE_LWIP
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include "models/nav/accumulator.hpp"
#include "models/nav/qmss.hpp"
#include "workloads/drivers/nimu_driver.hpp"
#include "workloads/net/tcpip_thread.hpp"

namespace ws::net {

class NimuNetif {
 public:
  struct Config {
    unsigned rx_descs, tx_descs;
    uint64_t descs, pbm;  // descriptor area (64 B apart) and PBM buffers (1536 B each)
    unsigned rx_free_queue, tx_free_queue;
  };
  NimuNetif(const Config& cfg, drivers::NimuDriver& nimu, nav::Qmss& qm, nav::Accumulator& acc, os::Kernel& kernel,
            unsigned acc_line, LwipStack& stack, LwipOnCore& lwip, TcpipThread& scheduler);
  // NIMU's init: descriptors onto the free queues, the Rx ones with their buffers (before the run).
  void init();
  void reset_counters();  // a measurement window starts: sends, Rx counts and drops from zero
  // Every frame given to EmacSend() and every packet handed to the stack, with the core's time.
  std::function<void(const uint8_t* frame, uint32_t len, const sc_core::sc_time& at)> on_send, on_receive;
  uint64_t sends() const { return sends_; }
  double mean_send_cycles() const { return sends_ ? send_cycles_ / double(sends_) : 0; }
  double min_send_cycles() const { return min_cycles_; }
  double max_send_cycles() const { return max_cycles_; }
  uint64_t rx_packets() const { return rx_packets_; }
  uint64_t interrupts() const { return interrupts_; }
  const std::map<std::string, uint64_t>& drops() const { return drops_; }

 private:
  static constexpr uint32_t kBufferBytes = 1536;
  os::Task flush();
  os::Task isr();

  Config cfg_;
  drivers::NimuDriver& nimu_;
  nav::Qmss& qm_;
  nav::Accumulator& acc_;
  LwipStack& stack_;
  LwipOnCore& lwip_;
  TcpipThread& sched_;
  std::deque<void*> pending_;
  std::vector<uint8_t> frame_;
  uint64_t next_tx_ = 0;  // the Tx PBM ring: 2 x tx_descs buffers, so one is reused only after its packet left
  uint64_t sends_ = 0, rx_packets_ = 0, interrupts_ = 0;
  double send_cycles_ = 0, min_cycles_ = 0, max_cycles_ = 0;
  std::map<std::string, uint64_t> drops_;
};

}  // namespace ws::net
#endif
