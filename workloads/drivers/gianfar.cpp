#include "workloads/drivers/gianfar.hpp"

#include <stdexcept>

namespace ws::drivers {

// What a scheduled poll masks (gianfar.h IMASK_RTX_DISABLED: RXFEN0, TXFEN and BSY).
constexpr uint32_t kPollEvents = eth::Etsec::kRxFrame | eth::Etsec::kTxFrame | eth::Etsec::kBusy;

Gianfar::Gianfar(const Config& cfg, eth::Etsec& dev, os::Linux& lx, lib::BufferPool& skbs)
    : cfg_(cfg),
      dev_(dev),
      lx_(lx),
      skbs_(skbs),
      tx_lock_(lx.kernel(), cfg.tx_lock),
      rx_lock_(lx.kernel(), cfg.rx_lock),
      rx_buf_(cfg.rx_bds),
      tx_buf_(cfg.tx_bds) {
  napi_.name = cfg.name;
  napi_.weight = cfg.weight;
  napi_.poll = [this](unsigned budget, unsigned& done) { return poll(budget, done); };
  os::Kernel& k = lx.kernel();
  for (unsigned c = 0; c < k.cpus(); ++c) {
    k.attach_hwi(c, cfg.rx_line, k.cpu(c).line_priority(cfg.rx_line), [this] { return cfg_.napi ? isr() : rx_isr(); },
                 cfg.name + " rx");
    k.attach_hwi(c, cfg.tx_line, k.cpu(c).line_priority(cfg.tx_line), [this] { return cfg_.napi ? isr() : tx_isr(); },
                 cfg.name + " tx");
    k.attach_hwi(c, cfg.err_line, k.cpu(c).line_priority(cfg.err_line), [this] { return err_isr(); },
                 cfg.name + " err");
  }
}

Cpu& Gianfar::core() { return lx_.kernel().cpu(lx_.kernel().running().cpu); }

void Gianfar::free_skb(Cpu& c, uint64_t buf) {
  if (cfg_.sk_buffs) cfg_.sk_buffs->free(c, buf);
  skbs_.give(buf);
}

void Gianfar::open(Cpu& c) {
  for (unsigned i = 0; i < cfg_.rx_bds; ++i) {
    rx_buf_[i] = skbs_.take();
    if (cfg_.sk_buffs) cfg_.sk_buffs->alloc(c, rx_buf_[i]);
    uint8_t raw[qe::kBdBytes];
    qe::encode({uint16_t(qe::kBdEmpty | qe::kBdInterrupt | (i + 1 == cfg_.rx_bds ? qe::kBdWrap : 0)), 0,
                uint32_t(rx_buf_[i])}, raw);
    c.write(cfg_.rx_ring + uint64_t(i) * qe::kBdBytes, raw, qe::kBdBytes);
  }
  for (unsigned i = 0; i < cfg_.tx_bds; ++i) {
    uint8_t raw[qe::kBdBytes];
    qe::encode({uint16_t(i + 1 == cfg_.tx_bds ? qe::kBdWrap : 0), 0, 0}, raw);
    c.write(cfg_.tx_ring + uint64_t(i) * qe::kBdBytes, raw, qe::kBdBytes);
  }
  c.reg_access([this] {
    dev_.set_rx_ring(cfg_.rx_ring);
    dev_.set_tx_ring(cfg_.tx_ring);
    dev_.set_rx_coalescing(cfg_.rx_coalescing);
    dev_.set_tx_coalescing(cfg_.tx_coalescing);
    dev_.set_imask(eth::Etsec::kRxFrame | eth::Etsec::kTxFrame | eth::Etsec::kBusy);
  });
}

// gfar_receive / gfar_transmit (gfar_schedule_cleanup): the CPU that wins the
// poll (napi_schedule_prep) masks the events and schedules it here; one that
// finds the poll scheduled elsewhere only clears them, so a late interrupt
// cannot mask a device whose poll has just completed on the other CPU.
os::Task Gianfar::isr() {
  Cpu& c = core();
  c.exec_code(cfg_.costs.irq);
  if (napi_.scheduled) {
    c.reg_access([this] { dev_.clear_ievent(kPollEvents); });
    co_return;
  }
  c.reg_access([this] {
    dev_.set_imask(dev_.imask() & ~kPollEvents);  // IMASK_RTX_DISABLED
    dev_.clear_ievent(kPollEvents);
  });
  lx_.napi_schedule(napi_);
}

// Without NAPI, gfar_receive: the events cleared, the whole ring cleaned here.
os::Task Gianfar::rx_isr() {
  Cpu& c = core();
  c.exec_code(cfg_.costs.irq);
  c.reg_access([this] { dev_.clear_ievent(eth::Etsec::kRxFrame | eth::Etsec::kBusy); });
  co_await receive_locked(c);
}

// spin_lock_irqsave(&priv->rxlock) around gfar_clean_rx_ring (2.6.26): the Rx
// and error interrupts may be taken on two CPUs (smp_affinity per source), and
// one waits while the other cleans. On one CPU they never nest (the MPIC gives
// every source the same priority), as the irqsave would ensure.
os::Task Gianfar::receive_locked(Cpu& c) {
  co_await rx_lock_.lock();
  unsigned done = 0;
  co_await clean_rx(c, cfg_.rx_bds, done, true);
  rx_lock_.unlock();
}

// gfar_error on BSY is gfar_receive (2.6.26 drivers/net/gianfar.c), the Rx
// handler, which clears BSY with the Rx events: with NAPI it schedules the
// poll, whose end clears the Rx queue's halt (BSY is masked while the poll is
// scheduled, IMASK_RTX_DISABLED); without NAPI it cleans the ring, and the
// halt is cleared after it (RSTAT_CLEAR_RHALT).
os::Task Gianfar::err_isr() {
  if (cfg_.napi) {
    co_await isr();
    co_return;
  }
  co_await rx_isr();
  core().reg_access([this] { dev_.clear_rx_halt(); });
}

// Without NAPI, gfar_transmit: the Tx ring cleaned in the hardirq.
os::Task Gianfar::tx_isr() {
  Cpu& c = core();
  c.exec_code(cfg_.costs.irq);
  c.reg_access([this] { dev_.clear_ievent(eth::Etsec::kTxFrame); });
  co_await clean_tx(c);
}

os::Task Gianfar::poll(unsigned budget, unsigned& done) {
  Cpu& c = core();
  c.exec_code(cfg_.costs.poll);
  co_await clean_tx(c, true);  // gfar_poll (drivers/net/gianfar.c, 2.6.26): spin_trylock_irqsave(&priv->txlock)
  co_await clean_rx(c, budget, done, false);
  if (done < budget) {  // all caught up: the events back on
    lx_.napi_complete(napi_);
    c.reg_access([this] { dev_.clear_rx_halt(); });  // RSTAT_CLEAR_RHALT, before IMASK_DEFAULT
    c.reg_access([this] { dev_.set_imask(dev_.imask() | kPollEvents); });
  }
}

// gfar_clean_rx_ring: up to `budget` closed BDs, each frame up the stack
// (through the backlog without NAPI) and the BD given a fresh buffer.
os::Task Gianfar::clean_rx(Cpu& c, unsigned budget, unsigned& done, bool backlog) {
  done = 0;
  while (done < budget) {
    const sc_core::sc_time began = lx_.kernel().cpu_time();
    const uint64_t at = cfg_.rx_ring + uint64_t(rx_next_) * qe::kBdBytes;
    uint8_t raw[qe::kBdBytes];
    c.read(at, raw, qe::kBdBytes);
    const qe::Bd bd = qe::decode(raw);
    if (bd.status & qe::kBdEmpty) break;  // nothing more received
    c.exec_code(cfg_.costs.rx_packet);
    const uint64_t buf = rx_buf_[rx_next_];
    const uint32_t len = bd.length - eth::kFcsBytes;
    const bool refill = !recycled_.empty() || !skbs_.empty();
    if (!recycled_.empty()) {
      c.exec_code(cfg_.costs.recycle);
      rx_buf_[rx_next_] = recycled_.front();
      recycled_.pop_front();
    } else if (refill) {
      c.exec_code(cfg_.costs.skb_alloc);
      rx_buf_[rx_next_] = skbs_.take();
      if (cfg_.sk_buffs) cfg_.sk_buffs->alloc(c, rx_buf_[rx_next_]);
    } else {
      ++drops_[cfg_.name + ".rx_no_skb"];  // the frame is dropped, its buffer goes back to the BD
    }
    qe::encode({uint16_t(qe::kBdEmpty | qe::kBdInterrupt | (bd.status & qe::kBdWrap)), 0, uint32_t(rx_buf_[rx_next_])},
               raw);
    c.write(at, raw, qe::kBdBytes);
    rx_next_ = (bd.status & qe::kBdWrap) ? 0 : rx_next_ + 1;
    ++done;
    if (refill && cfg_.sk_buffs) cfg_.sk_buffs->receive(c, buf);
    if (refill) count(c);  // dev->stats.rx_packets and rx_bytes
    if (book) book("gianfar: Rx BD, new skb", began);
    if (refill && backlog) {
      c.exec_code(cfg_.costs.netif_rx);
      if (!lx_.netif_rx(receive, buf, len)) free_skb(c, buf);  // past netdev_max_backlog: dropped
    } else if (refill) {
      co_await receive(buf, len);
    }
    co_await lx_.kernel().point();
  }
}

void Gianfar::count(Cpu& c) {
  if (!cfg_.stats) return;
  uint32_t n = 0;
  c.read(cfg_.stats, &n, 4);
  ++n;
  c.write(cfg_.stats, &n, 4);
}

// gfar_clean_tx_ring: every BD the eTSEC has sent, its skb freed; then the queue runs again.
os::Task Gianfar::clean_tx(Cpu& c, bool try_only) {
  const sc_core::sc_time began = lx_.kernel().cpu_time();
  if (try_only) {
    bool got = false;
    co_await tx_lock_.try_lock(got);
    if (!got) co_return;  // "If we fail to get the lock, don't bother with the TX BDs"
  } else {
    co_await tx_lock_.lock();
  }
  while (tx_used_ > 0) {
    const uint64_t at = cfg_.tx_ring + uint64_t(tx_tail_) * qe::kBdBytes;
    uint8_t raw[qe::kBdBytes];
    c.read(at, raw, qe::kBdBytes);
    const qe::Bd bd = qe::decode(raw);
    if (bd.status & qe::kBdReady) break;  // not sent yet
    count(c);  // dev->stats.tx_packets
    if (cfg_.skb_recycle && recycled_.size() < cfg_.rx_bds) {  // skb_recycle_check resets the struct here
      c.exec_code(cfg_.costs.tx_clean + cfg_.costs.recycle);
      if (cfg_.sk_buffs) cfg_.sk_buffs->release_dst(c, tx_buf_[tx_tail_]), cfg_.sk_buffs->alloc(c, tx_buf_[tx_tail_]);
      recycled_.push_back(tx_buf_[tx_tail_]);
    } else {
      c.exec_code(cfg_.costs.tx_clean + cfg_.costs.skb_free);
      free_skb(c, tx_buf_[tx_tail_]);
    }
    tx_tail_ = (tx_tail_ + 1) % cfg_.tx_bds;
    --tx_used_;
  }
  tx_lock_.unlock();
  if (book) book("gianfar: Tx clean, skb free", began);
  co_await run_queue(c);
}

os::Task Gianfar::xmit(uint64_t buf, uint32_t len, bool direct) {
  Cpu& c = core();
  const sc_core::sc_time began = lx_.kernel().cpu_time();
  co_await send(c, buf, len, direct);
  if (book) book("dev_queue_xmit, start_xmit", began);
}

os::Task Gianfar::send(Cpu& c, uint64_t buf, uint32_t len, bool direct) {
  if (direct && qdisc_.empty() && tx_used_ < cfg_.tx_bds) {
    co_await tx_lock_.lock();
    if (tx_used_ < cfg_.tx_bds) {  // still room, the lock held
      if (cfg_.sk_buffs) cfg_.sk_buffs->queue(c, buf);
      start_xmit(c, {buf, len});
      tx_lock_.unlock();
      co_return;
    }
    tx_lock_.unlock();
  }
  c.exec_code(cfg_.costs.xmit);
  if (qdisc_.size() >= cfg_.txqueuelen) {
    ++drops_[cfg_.name + ".qdisc"];
    free_skb(c, buf);
    co_return;
  }
  if (cfg_.sk_buffs) cfg_.sk_buffs->queue(c, buf);
  qdisc_.push_back({buf, len});
  co_await run_queue(c);
}

os::Task Gianfar::run_queue(Cpu& c) {
  if (qdisc_.empty() || tx_used_ == cfg_.tx_bds) co_return;
  co_await tx_lock_.lock();
  while (!qdisc_.empty() && tx_used_ < cfg_.tx_bds) {
    const Skb s = qdisc_.front();
    qdisc_.pop_front();
    start_xmit(c, s);
  }
  tx_lock_.unlock();
}

void Gianfar::start_xmit(Cpu& c, const Skb& s) {
  c.exec_code(cfg_.costs.start_xmit);
  count(c);  // dev->stats.tx_bytes
  const uint64_t at = cfg_.tx_ring + uint64_t(tx_head_) * qe::kBdBytes;
  uint8_t raw[qe::kBdBytes];
  const bool last = tx_head_ + 1 == cfg_.tx_bds;
  qe::encode({uint16_t(qe::kBdReady | qe::kBdInterrupt | qe::kBdLast | qe::kBdTxCrc | (last ? qe::kBdWrap : 0)),
              uint16_t(s.len), uint32_t(s.buf)}, raw);
  c.write(at, raw, qe::kBdBytes);
  tx_buf_[tx_head_] = s.buf;
  tx_head_ = (tx_head_ + 1) % cfg_.tx_bds;
  ++tx_used_;
  ++transmitted_;
  c.reg_access([this] { dev_.transmit_demand(); });
}

}  // namespace ws::drivers
