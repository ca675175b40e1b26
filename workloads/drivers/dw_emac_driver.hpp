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
//                  pbuf and posts it to the tcpip thread
//       thread     the handler masks Rx and wakes the Rx thread, which drains
//                  the ring (a batch), then unmasks
//
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
#include "workloads/net/tcpip_thread.hpp"
#include "workloads/os/rtthread/rtthread.hpp"

namespace ws::drivers {

class DwEmacDriver {
 public:
  struct Config {
    bool tx_lookahead;
    bool rx_thread;
    bool dma_cached;        // buffers cacheable, with maintenance
    unsigned rx_descs, tx_descs;
    uint64_t ring_base;     // both rings, Rx first
    uint64_t buffer_base;   // Rx buffers, then Tx buffers
    uint32_t buffer_bytes;
    unsigned rx_budget;     // frames per pass of the Rx thread
    double isr_instructions;       // the handler's own work (status, dispatch)
    double rx_frame_instructions;  // per received frame, copy excluded
    double tx_frame_instructions;  // per sent frame, copy excluded
  };
  // "<prefix>.rx_descs", ".tx_descs", ".rx_budget", ".isr_instructions",
  // ".rx_frame_instructions", ".tx_frame_instructions".
  static void declare_params(ParamTable& t, const std::string& prefix);

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

 private:
  os::Task isr();
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
  uint64_t irqs_ = 0, rx_taken_ = 0;
  unsigned held_ = 0;
  sc_core::sc_time tx_wait_;
};

}  // namespace ws::drivers
#endif
