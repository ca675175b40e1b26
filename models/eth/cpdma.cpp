#include "models/eth/cpdma.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <stdexcept>
#include "models/eth/inet_checksum.hpp"
#include "models/sim/sim_time.hpp"

namespace ws::eth {

Cpdma::Cpdma(sc_core::sc_module_name name, const Config& cfg, Scheduler& sched, StatsRegistry& stats,
             FramePool& pool, IrqController& pic, unsigned irq_base)
    : MacDma(name, cfg.bits_per_s, cfg.rx_fifo_bytes, sched, stats, pool),
      cfg_(cfg),
      rx_pace_(sched, cfg.rx_irq_per_ms, cfg.pace_tick_us, [&pic, irq_base] { pic.raise(irq_base + kRxIrq); }),
      tx_pace_(sched, cfg.tx_irq_per_ms, cfg.pace_tick_us, [&pic, irq_base] { pic.raise(irq_base + kTxIrq); }) {}

cpdma::Desc Cpdma::read_desc(uint64_t addr, sc_core::sc_time& delay) {
  uint8_t raw[cpdma::kDescBytes];
  delay = fetch(addr, raw, cpdma::kDescBytes, cfg_.desc_ns);
  return cpdma::decode(raw);
}

// The flags word (the fourth) goes back last: the host sees OWNER clear only when the rest is done.
void Cpdma::write_flags(uint64_t addr, uint32_t flags, const sc_core::sc_time& at) { write_word(addr + 12, flags, at); }

// The host writes a head pointer only to a channel that has ended its queue
// (the CPDMA's rule); one that still has a descriptor to fetch refuses it, as
// a driver that broke the rule would have the DMA restart mid-queue.
void Cpdma::write_rx_hdp(uint64_t desc) {
  if (rx_cur_) throw_active("Rx", desc, rx_cur_);
  rx_cur_ = desc;
  if (!rx_busy_) rx_step();
}

// The oldest frame in the FIFO into the current free buffer.
void Cpdma::rx_step() {
  if (rx_waiting_.empty() || rx_cur_ == 0) return;  // nothing to store, or starved: the FIFO holds on
  rx_busy_ = true;
  sc_core::sc_time fetch;
  const uint64_t desc = rx_cur_;
  const cpdma::Desc d = read_desc(desc, fetch);
  if (!(d.flags_len & cpdma::kOwner)) throw_host_error("Rx", desc);
  Frame* f = take_oldest();
  ++rx_storing_;
  const uint32_t len = f->len;
  uint32_t flags = cpdma::kSop | cpdma::kEop | (len & cpdma::kLengthMask);
  const sc_core::sc_time at = fetch;
  sc_core::sc_time done = at;
  if (len <= (d.off_len & 0xFFFF)) {
    done = access(tlm::TLM_WRITE_COMMAND, d.buffer, f->bytes.data(), len, at);
    if (cfg_.checksum_offload && !checksums_ok(f->bytes.data(), len - kFcsBytes)) flags |= cpdma::kRxChecksumError;
  } else {
    mac_.rx_stats().drop("rx_buffer_too_small");
  }
  if (d.next == 0) flags |= cpdma::kEoq;
  rx_dma_->add_busy(done, len, now() + done);
  pool_.put(f);
  rx_cur_ = d.next;
  write_flags(desc, flags, now() + done);
  stored_at(now() + done, len, [this] { rx_pace_.request(); });
}

void Cpdma::write_tx_hdp(uint64_t desc) {
  if (tx_cur_) throw_active("Tx", desc, tx_cur_);
  tx_cur_ = desc;
  if (!tx_busy_) tx_step();
}

void Cpdma::throw_active(const char* channel, uint64_t desc, uint64_t cur) const {
  throw std::logic_error(fmt::format("{}: {} head pointer written ({:#x}) while the channel is at {:#x}", name(),
                                     channel, desc, cur));
}

// The CPDMA's host error (DMA_STATUS: "ownership bit not set in SOP buffer"):
// the driver handed over a descriptor it had not given the DMA.
void Cpdma::throw_host_error(const char* channel, uint64_t desc) const {
  throw std::logic_error(fmt::format("{}: {} host error: descriptor {:#x} reached without its OWNER flag{}", name(),
                                     channel, desc, channel[0] == 'T' ? " (or SOP)" : ""));
}

// One packet, SOP to EOP, gathered onto the wire; the next starts as it does.
void Cpdma::tx_step() {
  if (tx_cur_ == 0) {
    tx_busy_ = false;
    return;
  }
  tx_busy_ = true;
  Frame* f = pool_.get();
  f->len = 0;
  sc_core::sc_time t = sc_core::SC_ZERO_TIME;
  const uint64_t sop = tx_cur_;
  bool checksum = false;
  uint64_t cur = tx_cur_, last = 0;
  cpdma::Desc d;
  for (;;) {
    sc_core::sc_time fetch;
    d = read_desc(cur, fetch);
    if (cur == sop && (d.flags_len & (cpdma::kSop | cpdma::kOwner)) != (cpdma::kSop | cpdma::kOwner))
      throw_host_error("Tx", cur);
    t += fetch;
    const uint32_t n = d.off_len & 0xFFFF;
    if (d.flags_len & cpdma::kChecksumEncap) {
      checksum = true;  // the checksum word: where to put the sums (here: the frame's own headers say)
    } else {
      t = access(tlm::TLM_READ_COMMAND, d.buffer, f->bytes.data() + f->len, n, t);
      f->len += n;
    }
    last = cur;
    if ((d.flags_len & cpdma::kEop) || d.next == 0) break;
    cur = d.next;
  }
  if (checksum) insert_checksums(f->bytes.data(), f->len);
  tx_dma_->add_busy(t, f->len, now() + t);
  const sc_core::sc_time ready = now() + t;
  const sc_core::sc_time on_wire = wire_time(std::max<uint32_t>(f->len, 60) + kFcsBytes, cfg_.bits_per_s);
  const sc_core::sc_time end = mac_.transmit(f, ready);
  ++tx_frames_;
  tx_cur_ = d.next;
  // OWNER cleared on the SOP once the packet is out (EOQ on its last when the queue ends).
  write_flags(sop, (d.next == 0 ? cpdma::kEoq : 0u), end);
  if (last != sop && d.next == 0) write_flags(last, cpdma::kEoq, end);
  sched_.at(end, [this] { tx_pace_.request(); });
  sched_.at(std::max(end - on_wire, ready), [this] { tx_step(); });
}

}  // namespace ws::eth
