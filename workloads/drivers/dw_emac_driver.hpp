#pragma once
// The board's EMAC driver under RT-Thread and lwIP, as shipped and as tuned
// (shared/reference/rtthread-lwip-iperf.md):
//
//   Tx  wait       each frame waits (on the Tx-complete interrupt) for the
//                  previous one's completion: the send returns once its frame
//                  is out, so nothing overlaps the wire
//       lookahead  take the next descriptor if it is free; wait only when
//                  every descriptor is busy
//   Rx  per_irq    the interrupt handler takes one frame, copies it into a
//                  pbuf and posts it to the tcpip thread; it clears the status
//                  it read at its end, so a frame that completes meanwhile
//                  raises no interrupt of its own and waits in the ring
//       thread     the handler masks Rx and wakes the Rx thread, which drains
//                  the ring (a batch), then unmasks
//
// The shipped Tx copies the next frame into its descriptor's buffer, then
// waits for the previous frame's completion before giving the descriptor to
// the DMA, so the copy overlaps the previous frame's time on the wire. No
// source shows the shipped driver; the board's own S0 and S1 UDP send periods
// (387 and 245 us) are shorter than their copy plus a frame's wire time (411
// and 267 us), which a wait before the copy could not give
// (docs/a7_rtthread.md).
//
// Reception stalled by lost interrupts restarts at the OS tick (`rx_tick_poll`,
// a hypothesis: docs/a7_rtthread.md, "what the board's S0 figures imply"): at
// every tick the Rx handler is entered as if the EMAC had interrupted, and
// takes the frames waiting in the ring, up to `rx_tick_frames`.
//
// The interrupts enabled are RI and TI (Linux stmmac's DMA_INTR_DEFAULT_MASK
// has no RU either): a full ring stalls reception silently while the DMA
// discards arriving frames (missed frames).
// DMA buffers are in cacheable memory with cache maintenance (clean before Tx,
// invalidate before reading Rx) or in a non-cacheable region. Descriptors are
// always accessed uncached. Every copy runs the board's memcpy routine on the
// core between the DMA buffer and lwIP's pbuf (lwip_on_core.hpp).
#ifdef WS_HAVE_LWIP
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include "models/eth/dw_emac.hpp"
#include "models/irq/gic.hpp"
#include "workloads/drivers/dw_emac_driver_config.hpp"
#include "workloads/net/tcpip_thread.hpp"
#include "workloads/os/rtthread/rtthread.hpp"

namespace ws::drivers {

class DwEmacDriver {
 public:
  using Config = DwEmacDriverConfig;

  DwEmacDriver(const Config& cfg, eth::DwEmac& emac, os::RtThread& rtt, net::LwipStack& stack,
               net::LwipOnCore& lwip, net::TcpipThread& tcpip, Gic& gic, unsigned irq_source, unsigned irq_line,
               unsigned rx_thread_priority);
  // Builds the rings and starts the DMA: from a thread of the board's boot.
  void init();
  // Sends every frame lwIP has output (under the core lock).
  os::Task flush();
  // Frames the driver dropped, by reason.
  const std::map<std::string, uint64_t>& drops() const { return drops_; }
  uint64_t interrupts() const { return irqs_; }
  uint64_t rx_taken() const { return rx_taken_; }  // frames taken off the ring
  unsigned rx_held() const { return held_; }         // taken, waiting to be posted to the tcpip thread
  // Frames lwIP output that are not yet on the wire: queued, or on the Tx ring.
  size_t tx_pending() const { return pending_.size(); }
  // Time senders spent waiting for a Tx descriptor (the completion wait).
  const sc_core::sc_time& tx_wait() const { return tx_wait_; }
  // Ticks whose poll found frames waiting in the ring with no interrupt to
  // take them (a stalled reception restarted), and the frames it took.
  uint64_t tick_restarts() const { return tick_restarts_; }
  uint64_t tick_frames() const { return tick_frames_; }

 private:
  os::Task isr();
  void arm_tick_poll();
  // Takes one frame off the ring and posts it to the tcpip thread (the shipped
  // handler's Rx work); false when the DMA still owns the descriptor.
  bool rx_one();
  os::Task rx_thread();
  // The frame in the current Rx descriptor into a pbuf, if the DMA is done with
  // one: `got` says whether it was; the pbuf is null when it was dropped.
  void* take_frame(bool& got);
  os::Task send(void* frame);
  uint64_t rx_desc(unsigned i) const { return cfg_.ring_base + uint64_t(i) * eth::dw::kDescBytes; }
  uint64_t tx_desc(unsigned i) const { return rx_desc(cfg_.rx_descs + i); }
  uint64_t rx_buf(unsigned i) const { return cfg_.buffer_base + uint64_t(i) * cfg_.buffer_bytes; }
  uint64_t tx_buf(unsigned i) const { return rx_buf(cfg_.rx_descs + i); }
  uint32_t read_des0(uint64_t desc);

  Config cfg_;
  eth::DwEmac& emac_;
  Gic& gic_;
  unsigned irq_source_;
  Cpu& core_;
  os::Kernel& kernel_;
  net::LwipStack& stack_;
  net::LwipOnCore& lwip_;
  net::TcpipThread& tcpip_;
  os::Semaphore rx_ready_, tx_done_;
  std::deque<void*> pending_;  // frames lwIP output, not yet on a descriptor
  unsigned rx_cur_ = 0, tx_cur_ = 0;
  uint32_t enabled_ = 0;
  std::map<std::string, uint64_t> drops_;
  uint64_t irqs_ = 0, rx_taken_ = 0, tick_restarts_ = 0, tick_frames_ = 0;
  bool poll_due_ = false;  // the tick entered the handler
  unsigned held_ = 0;
  sc_core::sc_time tx_wait_;
};

}  // namespace ws::drivers
#endif
