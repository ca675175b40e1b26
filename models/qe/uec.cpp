#include "models/qe/uec.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace ws::qe {

using sc_core::sc_time;

Uec::Uec(const std::string& name, const Config& cfg, QuiccEngine& qe, Epic& epic, Scheduler& sched,
         StatsRegistry& stats, eth::FramePool& pool)
    : name_(name), cfg_(cfg), qe_(qe), epic_(epic), sched_(sched), pool_(pool),
      mac_(name + ".mac", cfg.mac, sched, stats, pool), stats_(stats.resource(name)),
      rx_idle_(cfg.rx_threads), rx_started_(cfg.rx_threads), rx_waiting_(64), tx_slots_(cfg.tx_threads) {
  if (cfg.rx_threads == 0 || cfg.tx_threads == 0) throw std::invalid_argument(name + ": a UEC needs Rx and Tx threads");
  for (unsigned i = 0; i < cfg.rx_threads; ++i) {
    rx_idle_.push_back(i);
    rx_thread_stats_.push_back(stats.resource(name + ".rx_thread" + std::to_string(i)));
  }
  for (unsigned i = 0; i < cfg.tx_threads; ++i)
    tx_thread_stats_.push_back(stats.resource(name + ".tx_thread" + std::to_string(i)));
  mac_.on_receive([this](eth::Frame* f) { return on_frame(f); });
}

void Uec::set_rx_ring(unsigned queue, uint64_t base, unsigned irq_source) {
  if (queue >= kQueues) throw std::out_of_range(name_ + ": Rx queue " + std::to_string(queue));
  rx_[queue] = RxQueue{true, BdCursor{base, 0}, irq_source, {}};
}

void Uec::set_tx_ring(unsigned queue, uint64_t base, unsigned irq_source) {
  if (queue >= kQueues) throw std::out_of_range(name_ + ": Tx queue " + std::to_string(queue));
  tx_[queue] = TxQueue{true, BdCursor{base, 0}, irq_source};
}

void Uec::add_lookup(const eth::MacAddr& mac, unsigned queue) { lookup_[mac] = queue; }

int Uec::dispatch(const eth::Frame& f) const {
  eth::MacAddr dst;
  std::memcpy(dst.data(), f.bytes.data(), 6);
  if (cfg_.mode == ParseMode::Mpc82xx) return (dst == station_ || dst == eth::kBroadcast) ? 0 : -1;
  if (dst == eth::kBroadcast) return 0;  // broadcasts (ARP) go to the default queue
  auto it = lookup_.find(dst);
  return it == lookup_.end() ? -1 : int(it->second);
}

// A frame has fully arrived in the Rx FIFO. It waits there (holding its FIFO
// space) until one of the UEC's Rx threads is free.
void Uec::on_frame(eth::Frame* f) {
  if (rx_idle_.empty()) {
    if (rx_waiting_.full()) rx_waiting_.set_capacity(rx_waiting_.capacity() * 2);
    rx_waiting_.push_back(f);
    return;
  }
  const unsigned thread = rx_idle_.front();
  rx_idle_.pop_front();
  rx_start(f, thread);
}

// The thread runs the Rx microcode (parse, and in extended mode the lookup) on a
// RISC; the frame is placed when it ends.
void Uec::rx_start(eth::Frame* f, unsigned thread) {
  rx_started_[thread] = now();
  const double cycles = cfg_.rx_risc_cycles + (cfg_.mode == ParseMode::Extended ? cfg_.lookup_cycles : 0);
  sched_.at(qe_.risc(now(), cycles), [this, f, thread] { place(f, thread); });
}

void Uec::rx_thread_done(unsigned thread, const sc_time& started) {
  rx_thread_stats_[thread]->add_busy(now() - started);
  if (rx_waiting_.empty()) {
    rx_idle_.push_back(thread);
    return;
  }
  eth::Frame* f = rx_waiting_.front();
  rx_waiting_.pop_front();
  rx_start(f, thread);
}

// Dispatch to a queue, fetch its BD (the status as it is now), DMA the bytes into
// the buffer and close the BD when they are in memory; the FIFO space is freed,
// the queue's interrupt raised and the thread freed then. A BD is open while its
// thread runs; a thread that comes round to a BD still open (a ring no longer
// than the frames in the threads) finds the ring full, as if the driver had not
// returned it.
void Uec::place(eth::Frame* f, unsigned thread) {
  const uint32_t len = f->len;
  const sc_time started = rx_started_[thread];
  auto drop = [&](const char* why, const sc_time& at) {
    stats_->drop(why);
    mac_.release(len);
    pool_.put(f);
    sched_.at(at, [this, thread, started] { rx_thread_done(thread, started); });
  };
  const int q = dispatch(*f);
  if (q < 0) return drop("no_address_match", now());
  if (!rx_[q].enabled) return drop("queue_disabled", now());
  RxQueue& rq = rx_[q];
  uint8_t raw[kBdBytes];
  const uint64_t bd_addr = rq.cursor.addr();
  sc_time t = qe_.access(tlm::TLM_READ_COMMAND, bd_addr, raw, kBdBytes, now());
  Bd bd = decode(raw);
  const bool open = std::find(rq.open.begin(), rq.open.end(), bd_addr) != rq.open.end();
  if (!(bd.status & kBdEmpty) || open) return drop("rx_ring_full", t);
  if (len > cfg_.max_rx_bytes) return drop("frame_too_long", t);
  t = qe_.data_path(t, len);
  t = qe_.access(tlm::TLM_WRITE_COMMAND, bd.pointer, f->bytes.data(), len, t);
  pool_.put(f);
  stats_->add_busy(sc_core::SC_ZERO_TIME, len);
  ++rx_frames_;
  rq.open.push_back(bd_addr);
  rq.cursor.advance(bd);
  bd.status = uint16_t((bd.status & (kBdWrap | kBdInterrupt)) | kBdFirst | kBdLast);
  bd.length = uint16_t(len);
  // The BD closes when the data is in memory; the driver must not see it earlier.
  sched_.at(t, [this, q, bd, bd_addr, irq = rq.irq, len, thread, started] {
    uint8_t out[kBdBytes];
    encode(bd, out);
    qe_.access(tlm::TLM_WRITE_COMMAND, bd_addr, out, kBdBytes, now());
    auto& open = rx_[q].open;
    open.erase(std::find(open.begin(), open.end(), bd_addr));
    mac_.release(len);
    if (bd.status & kBdInterrupt) epic_.raise(irq);
    rx_thread_done(thread, started);
  });
}

void Uec::transmit_on_demand() {
  if (!tx_wake_pending_) tx_next();
}

// Gives each free Tx thread a frame, serving the Tx queues round robin: fetch
// the BD, run the Tx microcode, DMA the buffer into the Tx FIFO. The DMA may run
// ahead of the wire by the Tx FIFO's size, counting the frames still in threads.
void Uec::tx_next() {
  const sc_time fifo_time = eth::wire_time(cfg_.tx_fifo_bytes, cfg_.mac.bits_per_s);
  while (tx_busy_ < tx_slots_.size()) {
    const sc_time t = now();
    uint32_t pending = 0;
    for (unsigned i = 0; i < tx_busy_; ++i) pending += tx_slots_[(tx_head_ + i) % tx_slots_.size()].bd.length;
    const sc_time drained = std::max(mac_.tx_wire().free_at(), t) + eth::wire_time(pending, cfg_.mac.bits_per_s);
    if (drained > t + fifo_time) {
      tx_wake_pending_ = true;
      sched_.at(drained - fifo_time, [this] {
        tx_wake_pending_ = false;
        tx_next();
      });
      return;
    }
    bool fetched = false;
    for (unsigned i = 0; i < kQueues && !fetched; ++i) {
      const unsigned q = (tx_rr_ + i) % kQueues;
      if (tx_[q].enabled && tx_fetch(q, t)) {
        tx_rr_ = (q + 1) % kQueues;
        fetched = true;
      }
    }
    if (!fetched) return;
  }
}

bool Uec::tx_fetch(unsigned q, const sc_time& at) {
  TxQueue& tq = tx_[q];
  // A BD a thread still holds is not fetched again (its R bit clears when the frame goes to the MAC).
  for (unsigned i = 0; i < tx_busy_; ++i)
    if (tx_slots_[(tx_head_ + i) % tx_slots_.size()].bd_addr == tq.cursor.addr()) return false;
  uint8_t raw[kBdBytes];
  sc_time t = qe_.access(tlm::TLM_READ_COMMAND, tq.cursor.addr(), raw, kBdBytes, at);
  Bd bd = decode(raw);
  if (!(bd.status & kBdReady)) return false;
  eth::Frame* f = pool_.get();
  const bool add_fcs = bd.status & kBdTxCrc;  // TC: the MAC appends the FCS; else the buffer holds it
  if (bd.length + (add_fcs ? eth::kFcsBytes : 0) > f->bytes.size())
    throw std::runtime_error(name_ + ": Tx BD length " + std::to_string(bd.length) + " exceeds a frame");
  t = qe_.risc(t, cfg_.tx_risc_cycles);
  t = qe_.data_path(t, bd.length);
  t = qe_.access(tlm::TLM_READ_COMMAND, bd.pointer, f->bytes.data(), bd.length, t);
  f->len = bd.length;
  const unsigned slot = (tx_head_ + tx_busy_) % unsigned(tx_slots_.size());
  ++tx_busy_;
  tx_slots_[slot] = TxSlot{f, q, tq.cursor.addr(), bd, add_fcs, false, at};
  tq.cursor.advance(bd);
  sched_.at(t, [this, slot] {
    TxSlot& s = tx_slots_[slot];
    s.done = true;
    tx_retire();
  });
  return true;
}

// Closes the BDs of finished frames in fetch order and hands them to the MAC;
// their threads then take the next frames.
void Uec::tx_retire() {
  while (tx_busy_ > 0 && tx_slots_[tx_head_].done) {
    TxSlot& s = tx_slots_[tx_head_];
    s.bd.status &= uint16_t(~kBdReady);
    uint8_t out[kBdBytes];
    encode(s.bd, out);
    qe_.access(tlm::TLM_WRITE_COMMAND, s.bd_addr, out, kBdBytes, now());
    if (s.bd.status & kBdInterrupt) epic_.raise(tx_[s.queue].irq);
    stats_->add_busy(sc_core::SC_ZERO_TIME, s.frame->len);
    ++tx_frames_;
    tx_thread_stats_[tx_head_]->add_busy(now() - s.started);  // held until the MAC has the frame
    mac_.transmit(s.frame, now(), s.add_fcs);
    s = TxSlot{};
    tx_head_ = (tx_head_ + 1) % unsigned(tx_slots_.size());
    --tx_busy_;
  }
  if (!tx_wake_pending_) tx_next();
}

}  // namespace ws::qe
