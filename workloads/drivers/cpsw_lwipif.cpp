#ifdef WS_HAVE_LWIP
#include "workloads/drivers/cpsw_lwipif.hpp"

namespace ws::drivers {

namespace cp = eth::cpdma;

CpswLwipif::CpswLwipif(const Config& cfg, eth::Cpdma& dma, Memory& ram, os::FreeRtos& rtos, net::LwipStack& stack,
                       net::LwipOnCore& lwip, net::TcpipThread& tcpip, Gic& vim, unsigned irq_base, unsigned rx_line,
                       unsigned tx_line)
    : cfg_(cfg),
      dma_(dma),
      ram_(ram),
      core_(lwip.core()),
      kernel_(rtos.kernel()),
      stack_(stack),
      lwip_(lwip),
      tcpip_(tcpip),
      rx_sem_(rtos.kernel()),
      tx_sem_(rtos.kernel()),
      tx_frame_(cfg.tx_pkts, nullptr) {
  vim.connect(irq_base + eth::Cpdma::kRxIrq, &core_, rx_line, 100);
  vim.connect(irq_base + eth::Cpdma::kTxIrq, &core_, tx_line, 100);
  kernel_.attach_hwi(0, rx_line, core_.line_priority(rx_line), [this] { return rx_isr(); }, "cpsw rx");
  kernel_.attach_hwi(0, tx_line, core_.line_priority(tx_line), [this] { return tx_isr(); }, "cpsw tx");
  stack_.output = [this](void* frame, uint16_t) { pending_.push_back(frame); };
  tcpip_.flush = [this] { return flush(); };
  rtos.task("rx", cfg.task_priority, [this] { return rx_task(); });
  rtos.task("tx", cfg.task_priority, [this] { return tx_task(); });
  for (unsigned s = 0; s < cfg.tx_pkts; ++s) tx_free_.push_back(s);
}

uint32_t CpswLwipif::read_flags(uint64_t desc) {
  uint8_t raw[4];
  core_.read_uncached(desc + 12, raw, 4);
  return uint32_t(raw[0]) | uint32_t(raw[1]) << 8 | uint32_t(raw[2]) << 16 | uint32_t(raw[3]) << 24;
}

void CpswLwipif::init() {
  for (unsigned i = 0; i < cfg_.rx_pkts; ++i) {
    uint8_t raw[cp::kDescBytes];
    cp::encode({i + 1 < cfg_.rx_pkts ? uint32_t(rx_desc(i + 1)) : 0u, uint32_t(rx_buf(i)), cfg_.buffer_bytes, cp::kOwner},
               raw);
    core_.write_uncached(rx_desc(i), raw, cp::kDescBytes);
  }
  rx_tail_ = cfg_.rx_pkts - 1;
  core_.reg_access([this] { dma_.write_rx_hdp(rx_desc(0)); });
}

os::Task CpswLwipif::rx_isr() {
  ++rx_irqs_;
  const sc_core::sc_time t0 = core_.time();
  core_.exec_code(cfg_.isr_instructions);
  core_.reg_access();  // the completion pointer and EOI
  rx_sem_.post();
  lwip_.book("driver ISR", t0);
  co_return;
}

os::Task CpswLwipif::tx_isr() {
  ++tx_irqs_;
  const sc_core::sc_time t0 = core_.time();
  core_.exec_code(cfg_.isr_instructions);
  core_.reg_access();
  tx_sem_.post();
  lwip_.book("driver ISR", t0);
  co_return;
}

// Every completed descriptor at once; each frame to lwIP through tcpip_input;
// each descriptor back on the ring's tail (the DMA restarted if it ran dry).
os::Task CpswLwipif::rx_task() {
  for (;;) {
    co_await rx_sem_.pend();
    co_await kernel_.point();  // the ring as it is now
    for (;;) {
      const uint64_t desc = rx_desc(rx_next_), buf = rx_buf(rx_next_);
      const uint32_t flags = read_flags(desc);
      if (flags & cp::kOwner) break;
      ++rx_taken_;
      sc_core::sc_time t = core_.time();
      core_.exec_code(cfg_.rx_pkt_instructions);
      const uint32_t len = (flags & cp::kLengthMask) - eth::kFcsBytes;
      core_.invalidate(buf, len);
      if (flags & cp::kRxChecksumError) {
        ++drops_["rx_checksum"];
      } else {
        uint8_t* data = nullptr;
        void* f = stack_.rx_alloc(uint16_t(len), &data);  // none: counted by lwIP (the Rx pbuf pool is empty)
        if (f) {
          ram_.read(buf - cfg_.ram_base, data, len);  // the pbuf is the DMA buffer: no copy on the board
          core_.exec_code(lwip_.costs().pbuf);
          if (!tcpip_.mailbox().try_post({f})) {
            stack_.rx_free(f);
            ++drops_["tcpip_mbox_full"];
          }
        }
      }
      // The descriptor back to the DMA: OWNER, at the tail.
      uint8_t raw[cp::kDescBytes];
      cp::encode({0, uint32_t(buf), cfg_.buffer_bytes, cp::kOwner}, raw);
      core_.write_uncached(desc, raw, cp::kDescBytes);
      link(rx_desc(rx_tail_), desc, rx_ended_, &eth::Cpdma::rx_queue_ended);
      rx_tail_ = rx_next_;
      rx_next_ = (rx_next_ + 1) % cfg_.rx_pkts;
      lwip_.book("driver Rx", t);
      co_await kernel_.point();
      if (rx_ended_) core_.reg_access([this, desc] { dma_.write_rx_hdp(desc); });
    }
  }
}

// The tail's next pointer, and whether the channel had ended its queue when
// the pointer landed (it had fetched the tail with no next): then the DMA will
// not see the link and needs its head pointer. Asked right after the write
// lands, not when the thread goes on: an interrupt in between would let the
// DMA take the new descriptor through the link and end again, and a second
// start would run it twice (found by random configurations: a 20,000
// instruction ISR).
void CpswLwipif::link(uint64_t tail, uint64_t desc, bool& ended, bool (eth::Cpdma::*queue_ended)() const) {
  const uint32_t next = uint32_t(desc);
  const sc_core::sc_time lands = core_.time();  // the posted write's time (it then takes a cycle of the core)
  core_.write_uncached(tail, reinterpret_cast<const uint8_t*>(&next), 4);
  core_.scheduler().at(lands, [this, &ended, queue_ended] { ended = (dma_.*queue_ended)(); });
}

void CpswLwipif::reap() {
  while (!tx_busy_.empty() && !(read_flags(tx_desc(tx_busy_.front(), 0)) & cp::kOwner)) {
    const unsigned s = tx_busy_.front();
    tx_busy_.pop_front();
    core_.exec_code(cfg_.tx_reap_instructions);
    stack_.tx_free(tx_frame_[s]);
    tx_frame_[s] = nullptr;
    tx_free_.push_back(s);
  }
}

os::Task CpswLwipif::tx_task() {
  for (;;) {
    co_await tx_sem_.pend();
    co_await kernel_.point();
    const sc_core::sc_time t = core_.time();
    reap();
    lwip_.book("driver Tx", t);
  }
}

os::Task CpswLwipif::flush() {
  while (!pending_.empty()) {
    void* f = pending_.front();
    pending_.pop_front();
    ++sending_;  // until send gives it to the DMA or drops it
    co_await send(f);
  }
}

// A packet's descriptors: the checksum word (SOP), then one a piece, EOP on the last.
os::Task CpswLwipif::send(void* frame) {
  sc_core::sc_time t = core_.time();
  core_.exec_code(lwip_.costs().output);
  lwip_.book("lwIP output", t);
  t = core_.time();
  co_await kernel_.point();
  if (tx_free_.empty()) reap();
  if (tx_free_.empty()) {  // no packet slot: dropped (Lwip2Enet_sendTxPackets)
    stack_.tx_free(frame);
    ++drops_["tx_no_packet"];
    --sending_;
    lwip_.book("driver Tx", t);
    co_return;
  }
  core_.exec_code(cfg_.tx_pkt_instructions);
  const unsigned s = tx_free_.front();
  tx_free_.pop_front();
  const uint8_t* piece[Config::kTxPieces];
  uint16_t plen[Config::kTxPieces];
  const int n = stack_.tx_pieces(frame, piece, plen, Config::kTxPieces);
  uint32_t total = 0;
  for (int k = 0; k < n; ++k) total += plen[k];
  uint8_t raw[cp::kDescBytes];
  const uint64_t sop = tx_desc(s, 0);
  cp::encode({uint32_t(tx_desc(s, 1)), 0, 4, cp::kSop | cp::kOwner | cp::kChecksumEncap | total}, raw);
  core_.write_uncached(sop, raw, cp::kDescBytes);
  for (int k = 0; k < n; ++k) {
    const uint64_t at = lwip_.sim(piece[k]);
    ram_.write(at - cfg_.ram_base, piece[k], plen[k]);  // the pbuf's bytes where the DMA reads them: no copy on the board
    core_.flush(at, plen[k]);
    const bool last = k + 1 == n;
    cp::encode({last ? 0u : uint32_t(tx_desc(s, unsigned(k) + 2)), uint32_t(at), plen[k], last ? cp::kEop : 0u}, raw);
    core_.write_uncached(tx_desc(s, unsigned(k) + 1), raw, cp::kDescBytes);
  }
  tx_frame_[s] = frame;
  tx_busy_.push_back(s);
  ++tx_queued_, --sending_;
  // On the queue's tail, or a fresh queue for the idle channel (the first packet).
  const bool first = !tx_tail_;
  if (!first) link(tx_tail_, sop, tx_ended_, &eth::Cpdma::tx_queue_ended);
  tx_tail_ = tx_desc(s, unsigned(n));
  co_await kernel_.point();
  if (first || tx_ended_) core_.reg_access([this, sop] { dma_.write_tx_hdp(sop); });
  lwip_.book("driver Tx", t);
}

}  // namespace ws::drivers
#endif
