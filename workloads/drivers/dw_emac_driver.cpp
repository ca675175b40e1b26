#ifdef WS_HAVE_LWIP
#include "workloads/drivers/dw_emac_driver.hpp"

#include <cstring>
#include <utility>

namespace ws::drivers {

using eth::DwEmac;
namespace dw = eth::dw;

DwEmacDriver::DwEmacDriver(const Config& cfg, eth::DwEmac& emac, os::RtThread& rtt, net::LwipStack& stack,
                           net::LwipOnCore& lwip, net::TcpipThread& tcpip, Gic& gic, unsigned irq_source,
                           unsigned irq_line, unsigned rx_thread_priority)
    : cfg_(cfg),
      emac_(emac),
      gic_(gic),
      irq_source_(irq_source),
      core_(lwip.core()),
      kernel_(rtt.kernel()),
      stack_(stack),
      lwip_(lwip),
      tcpip_(tcpip),
      rx_ready_(rtt.kernel()),
      tx_done_(rtt.kernel()) {
  gic.connect(irq_source, &core_, irq_line, 160);  // below the tick (RT-Thread BSPs leave devices at the default)
  kernel_.attach_hwi(0, irq_line, core_.line_priority(irq_line), [this] { return isr(); }, "emac");
  stack_.output = [this](void* frame, uint16_t) { pending_.push_back(frame); };
  tcpip_.flush = [this] { return flush(); };
  if (cfg_.rx_thread) rtt.thread("erx", rx_thread_priority, [this] { return rx_thread(); });
}

void DwEmacDriver::init() {
  for (unsigned i = 0; i < cfg_.rx_descs; ++i) {
    uint8_t raw[dw::kDescBytes];
    dw::encode({dw::kOwn, (i + 1 == cfg_.rx_descs ? dw::kEndOfRing : 0u) | cfg_.buffer_bytes, uint32_t(rx_buf(i)), 0},
               raw);
    core_.write_uncached(rx_desc(i), raw, dw::kDescBytes);
  }
  for (unsigned i = 0; i < cfg_.tx_descs; ++i) {
    uint8_t raw[dw::kDescBytes];
    dw::encode({0, i + 1 == cfg_.tx_descs ? dw::kEndOfRing : 0u, uint32_t(tx_buf(i)), 0}, raw);
    core_.write_uncached(tx_desc(i), raw, dw::kDescBytes);
  }
  enabled_ = DwEmac::kRi | DwEmac::kTi;
  core_.reg_access([this] {
    emac_.set_rx_ring(rx_desc(0));
    emac_.set_tx_ring(tx_desc(0));
    emac_.set_rx_checksum_offload(cfg_.checksum_offload);
    emac_.set_interrupt_enable(enabled_);
    emac_.rx_poll_demand();
  });
  if (!cfg_.rx_thread && cfg_.rx_tick_poll) arm_tick_poll();
}

void DwEmacDriver::arm_tick_poll() {
  // The next tick strictly after now, in whole time units (a floating-point
  // quotient can land on now and re-arm at it for ever).
  const uint64_t period = cfg_.tick.value(), next = (now().value() / period + 1) * period;
  core_.scheduler().at(sc_core::sc_time::from_value(next), [this] {
    poll_due_ = true;
    gic_.raise(irq_source_);
    arm_tick_poll();
  });
}

uint32_t DwEmacDriver::read_des0(uint64_t desc) {
  uint8_t raw[4];
  core_.read_uncached(desc, raw, 4);
  return uint32_t(raw[0]) | uint32_t(raw[1]) << 8 | uint32_t(raw[2]) << 16 | uint32_t(raw[3]) << 24;
}

// Status is read and the bits read are written back to clear them. The shipped
// handler clears them at its end, after its one frame: a frame that completed
// meanwhile raised no interrupt of its own (its RI merged) and waits in the
// ring for the next one. The tuned handler clears first and leaves the frames
// to the Rx thread, which drains the ring.
os::Task DwEmacDriver::isr() {
  ++irqs_;
  const sc_core::sc_time t0 = core_.time();
  core_.exec_code(cfg_.isr_instructions);
  core_.reg_access();
  const uint32_t status = emac_.status();
  const auto clear = [this, status] { core_.reg_access([this, status] { emac_.clear_status(status); }); };
  if (cfg_.rx_thread) clear();
  if (status & DwEmac::kTi) tx_done_.post();
  lwip_.book("driver ISR", t0);
  const bool polled = std::exchange(poll_due_, false);
  if ((status & DwEmac::kRi) && !(polled && !cfg_.rx_thread)) {
    if (cfg_.rx_thread) {
      enabled_ &= ~DwEmac::kRi;
      core_.reg_access([this, e = enabled_] { emac_.set_interrupt_enable(e); });
      rx_ready_.post();
    } else {
      rx_one();
    }
  } else if (polled) {  // the tick: frames stranded by lost interrupts, taken as the poll allows
    uint64_t n = 0;
    for (;;) {
      co_await kernel_.point();  // the ring as it is now: its own OWN write-backs have landed
      if (!rx_one()) break;
      if (++n == cfg_.rx_tick_frames) break;
    }
    tick_frames_ += n;
    tick_restarts_ += n > 0;
  }
  if (!cfg_.rx_thread) clear();
  co_return;
}

bool DwEmacDriver::rx_one() {
  bool got = false;
  if (void* f = take_frame(got); f && !tcpip_.mailbox().try_post({f})) {
    stack_.rx_free(f);
    ++drops_["tcpip_mbox_full"];
  }
  return got;
}

os::Task DwEmacDriver::rx_thread() {
  for (;;) {
    co_await rx_ready_.pend();
    for (unsigned n = 1;; ++n) {
      co_await kernel_.point();  // the ring as it is now: its own OWN write-backs have landed
      bool got = false;
      void* f = take_frame(got);
      if (!got) break;
      if (f) {
        held_ = 1;  // a frame in hand while the post waits for room
        co_await tcpip_.mailbox().post({f});
        held_ = 0;
      }
      if (n % cfg_.rx_budget == 0) co_await kernel_.yield();
    }
    enabled_ |= DwEmac::kRi;
    core_.reg_access([this, e = enabled_] { emac_.set_interrupt_enable(e); });
  }
}

void* DwEmacDriver::take_frame(bool& got) {
  const uint64_t desc = rx_desc(rx_cur_), buf = rx_buf(rx_cur_);
  const uint32_t des0 = read_des0(desc);
  got = !(des0 & dw::kOwn);
  if (!got) return nullptr;
  ++rx_taken_;
  sc_core::sc_time t = core_.time();
  core_.exec_code(cfg_.rx_frame_instructions);
  const uint32_t len = ((des0 >> dw::kRxLengthShift) & 0x3FFF) - eth::kFcsBytes;
  void* f = nullptr;
  if (des0 & dw::kRxErrorSummary) {
    ++drops_["rx_error"];
  } else {
    if (cfg_.dma_cached) core_.invalidate(buf, len);
    core_.exec_code(lwip_.costs().pbuf);
    uint8_t* data = nullptr;
    f = stack_.rx_alloc(uint16_t(len), &data);  // none: counted by lwIP (pbuf pool empty)
    lwip_.book("driver Rx", t);
    t = core_.time();
    if (f) {
      const uint64_t to = lwip_.sim(data);
      core_.copy_to_host(data, to, buf, len, lib::memcpy_pattern(lwip_.routine(), to, buf, len));
    }
    lwip_.book("driver Rx copy", t);
    t = core_.time();
  }
  const uint8_t own[4] = {0, 0, 0, 0x80};  // DES0 back to the DMA
  core_.write_uncached(desc, own, 4);
  core_.reg_access([this] { emac_.rx_poll_demand(); });
  lwip_.book("driver Rx", t);
  rx_cur_ = (rx_cur_ + 1) % cfg_.rx_descs;
  return f;
}

os::Task DwEmacDriver::flush() {
  while (!pending_.empty()) {
    void* f = pending_.front();
    pending_.pop_front();
    co_await send(f);
  }
}

os::Task DwEmacDriver::send(void* frame) {
  // The current descriptor must be free (all busy: wait for one). As shipped
  // the ring holds one frame at a time (the wait below), so it always is.
  const sc_core::sc_time from = core_.time();
  co_await kernel_.point();  // the descriptor as it is at this time (its writes have landed)
  while (read_des0(tx_desc(tx_cur_)) & dw::kOwn) co_await tx_done_.pend();
  tx_wait_ += core_.time() - from;
  sc_core::sc_time t = core_.time();
  core_.exec_code(lwip_.costs().output);
  lwip_.book("lwIP output", t);
  t = core_.time();
  core_.exec_code(cfg_.tx_frame_instructions);
  const uint64_t desc = tx_desc(tx_cur_), buf = tx_buf(tx_cur_);
  const unsigned prev = (tx_cur_ + cfg_.tx_descs - 1) % cfg_.tx_descs;
  const uint8_t* piece[16];
  uint16_t plen[16];
  const int n = stack_.tx_pieces(frame, piece, plen, 16);
  uint32_t len = 0;
  lwip_.book("driver Tx", t);
  t = core_.time();
  for (int k = 0; k < n; ++k) {
    const uint64_t from = lwip_.sim(piece[k]);
    core_.copy_from_host(buf + len, from, piece[k], plen[k], lib::memcpy_pattern(lwip_.routine(), buf + len, from, plen[k]));
    len += plen[k];
  }
  lwip_.book("driver Tx copy", t);
  t = core_.time();
  if (cfg_.dma_cached) core_.flush(buf, len);
  if (!cfg_.tx_lookahead) {  // shipped: the previous frame's completion before this one goes to the DMA
    lwip_.book("driver Tx", t);
    const sc_core::sc_time waited = core_.time();
    co_await kernel_.point();
    while (read_des0(tx_desc(prev)) & dw::kOwn) co_await tx_done_.pend();
    tx_wait_ += core_.time() - waited;
    t = core_.time();
  }
  uint8_t raw[dw::kDescBytes];
  const uint32_t des1 = dw::kTxIrqOnComplete | dw::kTxFirst | dw::kTxLast |
                        (cfg_.checksum_offload ? dw::kTxChecksumFull : 0u) |
                        (tx_cur_ + 1 == cfg_.tx_descs ? dw::kEndOfRing : 0u) | len;
  dw::encode({dw::kOwn, des1, uint32_t(buf), 0}, raw);
  core_.write_uncached(desc + 4, raw + 4, 8);  // control and buffer first, OWN last
  core_.write_uncached(desc, raw, 4);
  core_.reg_access([this] { emac_.tx_poll_demand(); });
  core_.exec_code(lwip_.costs().pbuf);
  stack_.tx_free(frame);
  lwip_.book("driver Tx", t);
  tx_cur_ = (tx_cur_ + 1) % cfg_.tx_descs;
}

}  // namespace ws::drivers
#endif
