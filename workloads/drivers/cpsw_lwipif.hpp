#pragma once
// TI MCU+ SDK's lwIP interface on the CPSW's CPDMA (mcupsdk-enet-lld
// lwipif/src/lwip2enet.c, src/dma/cpdma/enet_cpdma.c), under FreeRTOS:
//
//   Rx  the (paced) Rx interrupt posts the Rx task's semaphore; the Rx task
//       (priority 8) takes every completed descriptor at once, hands each
//       frame to lwIP as a custom pbuf on its DMA buffer (no copy) through
//       tcpip_input (a message to the tcpip thread, priority 7), and gives the
//       ring its buffers back
//   Tx  in the sending thread, under the core lock: each pbuf of the chain is
//       a scatter-gather piece (no copy), with one more descriptor for the
//       checksum word; cache write-back per piece; the (paced) Tx interrupt
//       wakes the Tx task (priority 8), which reaps completed packets; with all
//       16 packet slots in use the send reaps inline first, and drops the
//       packet if none is free
//
// How the model differs: the received frame's bytes move into lwIP's own
// pool pbuf uncharged (the zero-copy pbuf's stand-in; its lines are read where
// lwIP reads them), and the pool (32, the SDK's Rx custom pbuf pool) bounds
// what the stack holds; a descriptor goes back to the DMA as soon as its frame
// is taken, where the SDK re-arms a buffer at the next Rx interrupt after lwIP
// frees it.
#ifdef WS_HAVE_LWIP
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>
#include "models/eth/cpdma.hpp"
#include "models/irq/gic.hpp"
#include "models/mem/memory.hpp"
#include "workloads/drivers/cpsw_lwipif_config.hpp"
#include "workloads/net/tcpip_thread.hpp"
#include "workloads/os/freertos/freertos.hpp"

namespace ws::drivers {

class CpswLwipif {
 public:
  using Config = CpswLwipifConfig;

  // `ram`: where the DMA's buffers and lwIP's pbufs stand (what the DMA reads a
  // piece from, and the Rx task hands lwIP without a copy).
  CpswLwipif(const Config& cfg, eth::Cpdma& dma, Memory& ram, os::FreeRtos& rtos, net::LwipStack& stack,
             net::LwipOnCore& lwip, net::TcpipThread& tcpip, Gic& vim, unsigned irq_base, unsigned rx_line,
             unsigned tx_line);
  // Links the Rx ring and starts the DMA: from a task of the board's boot.
  void init();
  os::Task flush();  // sends what lwIP output, in the caller's context
  const std::map<std::string, uint64_t>& drops() const { return drops_; }
  uint64_t rx_interrupts() const { return rx_irqs_; }
  uint64_t tx_interrupts() const { return tx_irqs_; }
  uint64_t rx_taken() const { return rx_taken_; }
  size_t tx_in_flight() const { return tx_busy_.size(); }
  // Frames lwIP output that the DMA has not been given yet: queued, or in the sending thread's hands.
  size_t tx_pending() const { return pending_.size() + sending_; }
  uint64_t tx_queued() const { return tx_queued_; }  // packets given to the DMA so far

 private:
  os::Task rx_isr();
  os::Task tx_isr();
  os::Task rx_task();
  os::Task tx_task();
  os::Task send(void* frame);
  void reap();  // completed Tx packets back to their slots
  // `desc` linked after `tail`; `ended` set as the link lands: whether the channel had ended its queue.
  void link(uint64_t tail, uint64_t desc, bool& ended, bool (eth::Cpdma::*queue_ended)() const);
  uint64_t rx_desc(unsigned i) const { return cfg_.rx_desc(i); }
  uint64_t rx_buf(unsigned i) const { return cfg_.buffer_base + uint64_t(i) * cfg_.buffer_bytes; }
  uint64_t tx_desc(unsigned slot, unsigned k) const { return cfg_.tx_desc(slot, k); }
  uint32_t read_flags(uint64_t desc);

  Config cfg_;
  eth::Cpdma& dma_;
  Memory& ram_;
  Cpu& core_;
  os::Kernel& kernel_;
  net::LwipStack& stack_;
  net::LwipOnCore& lwip_;
  net::TcpipThread& tcpip_;
  os::Semaphore rx_sem_, tx_sem_;
  std::deque<void*> pending_;       // frames lwIP output, not yet given to the DMA
  size_t sending_ = 0;              // frames taken from pending_, not yet given to the DMA nor dropped
  std::deque<unsigned> tx_free_;    // free packet slots
  std::deque<unsigned> tx_busy_;    // slots the DMA has, oldest first
  std::vector<void*> tx_frame_;     // the pbuf each slot holds until it completes
  uint64_t tx_tail_ = 0;            // the last descriptor queued (0: none yet)
  uint64_t tx_queued_ = 0;
  unsigned rx_next_ = 0, rx_tail_ = 0;
  bool rx_ended_ = false, tx_ended_ = false;  // the channel had ended its queue when the last link landed
  uint64_t rx_irqs_ = 0, tx_irqs_ = 0, rx_taken_ = 0;
  std::map<std::string, uint64_t> drops_;
};

}  // namespace ws::drivers
#endif
