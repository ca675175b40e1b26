#include "models/eth/gigabit_mac.hpp"

#include "models/eth/headers.hpp"

namespace ws::eth {

GigabitMac::GigabitMac(const std::string& name, const Config& cfg, Scheduler& sched, StatsRegistry& stats,
                       FramePool& pool)
    : cfg_(cfg), pool_(pool), tx_(name + ".tx_wire", cfg.bits_per_s, sched, stats),
      rx_stats_(stats.resource(name + ".rx_fifo")) {}

uint32_t GigabitMac::fifo_bytes_at(const sc_core::sc_time& t) {
  uint32_t sum = 0;
  for (auto it = fifo_.begin(); it != fifo_.end();) {
    if (it->until <= t) {
      it = fifo_.erase(it);
    } else {
      sum += it->bytes;
      ++it;
    }
  }
  return sum;
}

void GigabitMac::receive(Frame* f) {
  ++received_;
  const auto t = now();
  if (!fcs_ok(f->bytes.data(), f->len)) {
    rx_stats_->drop("fcs_error");
    pool_.put(f);
    return;
  }
  const uint32_t held = fifo_bytes_at(t);
  rx_stats_->note_queue(held + f->len);
  if (held + f->len > cfg_.rx_fifo_bytes) {
    rx_stats_->drop("rx_fifo_full");
    pool_.put(f);
    return;
  }
  const auto drained = rx_(f);
  rx_stats_->add_busy(sc_core::SC_ZERO_TIME, f->len);  // counts frames and bytes; a FIFO has no busy time
  if (drained > t) fifo_.push_back({drained, f->len});
}

sc_core::sc_time GigabitMac::transmit(Frame* f, const sc_core::sc_time& ready) {
  f->len = uint32_t(append_fcs(f->bytes.data(), f->len));
  return tx_.transmit(f, ready);
}

}  // namespace ws::eth
