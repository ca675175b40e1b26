#include "models/eth/gigabit_mac.hpp"

#include "models/eth/headers.hpp"

namespace ws::eth {

GigabitMac::GigabitMac(const std::string& name, const Config& cfg, Scheduler& sched, StatsRegistry& stats,
                       FramePool& pool)
    : cfg_(cfg), pool_(pool), tx_(name + ".tx_wire", cfg.bits_per_s, sched, stats),
      rx_stats_(stats.resource(name + ".rx_fifo")), name_(name) {}

void GigabitMac::receive(Frame* f) {
  if (!fcs_ok(*f)) {
    rx_stats_->drop("fcs_error");
    pool_.put(f);
    return;
  }
  if (!admit(f->len)) {
    pool_.put(f);
    return;
  }
  held_ += f->len;
  if (trace_) trace_->counter(name_ + ".rx_fifo", "bytes", now(), held_);
  rx_stats_->add_busy(sc_core::SC_ZERO_TIME, f->len);  // counts frames and bytes; a FIFO has no busy time
  if (!rx_takes_unmade_) f->need();
  rx_(f);
}

bool GigabitMac::admit(uint32_t len) {
  rx_stats_->note_queue(held_ + len, "B");
  if (fits(len)) return true;
  rx_stats_->drop("rx_fifo_full");
  return false;
}

sc_core::sc_time GigabitMac::transmit(Frame* f, const sc_core::sc_time& ready, bool add_fcs) {
  if (add_fcs) seal(*f, f->len);
  return tx_.transmit(f, ready);
}

}  // namespace ws::eth
