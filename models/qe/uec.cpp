#include "models/qe/uec.hpp"

#include <cstring>
#include <stdexcept>

namespace ws::qe {

using sc_core::sc_time;

Uec::Uec(const std::string& name, const Config& cfg, QuiccEngine& qe, Epic& epic, Scheduler& sched,
         StatsRegistry& stats, eth::FramePool& pool)
    : name_(name), cfg_(cfg), qe_(qe), epic_(epic), sched_(sched), pool_(pool),
      mac_(name + ".mac", cfg.mac, sched, stats, pool), stats_(stats.resource(name)) {
  mac_.on_receive([this](eth::Frame* f) { return on_frame(f); });
}

void Uec::set_rx_ring(unsigned queue, uint64_t base, unsigned irq_source) {
  if (queue >= kQueues) throw std::out_of_range(name_ + ": Rx queue " + std::to_string(queue));
  rx_[queue] = RxQueue{true, BdCursor{base, 0}, irq_source};
}

void Uec::set_tx_ring(unsigned queue, uint64_t base) {
  if (queue >= kQueues) throw std::out_of_range(name_ + ": Tx queue " + std::to_string(queue));
  tx_[queue] = TxQueue{true, BdCursor{base, 0}};
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

// A frame has fully arrived in the Rx FIFO: a RISC runs the Rx microcode
// (parse, and in extended mode the lookup); the frame is placed when it ends.
void Uec::on_frame(eth::Frame* f) {
  const double cycles = cfg_.rx_risc_cycles + (cfg_.mode == ParseMode::Extended ? cfg_.lookup_cycles : 0);
  sched_.at(qe_.risc(now(), cycles), [this, f] { place(f); });
}

// Dispatch to a queue, fetch its BD (the status as it is now), DMA the bytes into
// the buffer and close the BD when they are in memory; the FIFO space is freed
// and the queue's interrupt raised then.
void Uec::place(eth::Frame* f) {
  const uint32_t len = f->len;
  auto drop = [&](const char* why) {
    stats_->drop(why);
    mac_.release(len);
    pool_.put(f);
  };
  const int q = dispatch(*f);
  if (q < 0) return drop("no_address_match");
  if (!rx_[q].enabled) return drop("queue_disabled");
  RxQueue& rq = rx_[q];
  uint8_t raw[kBdBytes];
  sc_time t = qe_.access(tlm::TLM_READ_COMMAND, rq.cursor.addr(), raw, kBdBytes, now());
  Bd bd = decode(raw);
  if (!(bd.status & kBdEmpty)) return drop("rx_ring_full");
  if (len > cfg_.max_rx_bytes) return drop("frame_too_long");
  t = qe_.data_path(t, len);
  t = qe_.access(tlm::TLM_WRITE_COMMAND, bd.pointer, f->bytes.data(), len, t);
  pool_.put(f);
  stats_->add_busy(sc_core::SC_ZERO_TIME, len);
  ++rx_frames_;
  const uint64_t bd_addr = rq.cursor.addr();
  rq.cursor.advance(bd);
  bd.status = uint16_t((bd.status & (kBdWrap | kBdInterrupt)) | kBdFirst | kBdLast);
  bd.length = uint16_t(len);
  // The BD closes when the data is in memory; the driver must not see it earlier.
  sched_.at(t, [this, bd, bd_addr, irq = rq.irq, len] {
    uint8_t out[kBdBytes];
    encode(bd, out);
    qe_.access(tlm::TLM_WRITE_COMMAND, bd_addr, out, kBdBytes, now());
    mac_.release(len);
    if (bd.status & kBdInterrupt) epic_.raise(irq);
  });
}

void Uec::transmit_on_demand() {
  if (!tx_running_) tx_next();
}

// Serves the Tx queues round robin, one frame at a time: fetch the BD, run the Tx
// microcode, DMA the buffer into the Tx FIFO, close the BD, hand the frame to the
// MAC. The DMA of the next frame may run ahead of the wire by the Tx FIFO's size.
void Uec::tx_next() {
  const sc_time t = now();
  const sc_time fifo_time = eth::wire_time(cfg_.tx_fifo_bytes, cfg_.mac.bits_per_s);
  if (mac_.tx_wire().free_at() > t + fifo_time) {
    tx_running_ = true;
    sched_.at(mac_.tx_wire().free_at() - fifo_time, [this] { tx_next(); });
    return;
  }
  for (unsigned i = 0; i < kQueues; ++i) {
    const unsigned q = (tx_rr_ + i) % kQueues;
    if (tx_[q].enabled && tx_fetch(q, t)) {
      tx_rr_ = (q + 1) % kQueues;
      tx_running_ = true;
      return;
    }
  }
  tx_running_ = false;
}

bool Uec::tx_fetch(unsigned q, const sc_time& at) {
  TxQueue& tq = tx_[q];
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
  const uint64_t bd_addr = tq.cursor.addr();
  tq.cursor.advance(bd);
  bd.status &= uint16_t(~kBdReady);
  sched_.at(t, [this, bd, bd_addr, f, add_fcs] {
    uint8_t out[kBdBytes];
    encode(bd, out);
    qe_.access(tlm::TLM_WRITE_COMMAND, bd_addr, out, kBdBytes, now());
    stats_->add_busy(sc_core::SC_ZERO_TIME, f->len);
    ++tx_frames_;
    mac_.transmit(f, now(), add_fcs);
    tx_next();
  });
  return true;
}

}  // namespace ws::qe
