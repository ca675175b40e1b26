#include "models/eth/nic_throttle.hpp"

#include <algorithm>

namespace ws::eth {

NicThrottle::NicThrottle(const Config& cfg, Scheduler& sched)
    : cfg_(cfg), sched_(sched), itr_(cfg.mode == Mode::Fixed ? cfg.fixed_hz : cfg.low_hz) {}

sc_core::sc_time NicThrottle::gap() const {
  if (cfg_.mode == Mode::Off || itr_ <= 0) return sc_core::SC_ZERO_TIME;
  return sc_core::sc_time(1.0 / itr_, sc_core::SC_SEC);
}

void NicThrottle::received(uint32_t bytes, Deliver deliver) {
  ++rx_packets_;
  ++received_;
  rx_bytes_ += bytes;
  waiting_.push_back(std::move(deliver));
  if (pending_) return;
  pending_ = true;
  const sc_core::sc_time earliest = any_irq_ ? last_irq_ + gap() : sc_core::SC_ZERO_TIME;
  sched_.at(std::max(now(), earliest), [this] { interrupt(); });
}

void NicThrottle::sent(uint32_t bytes) {
  // A burst of one output call (same instant) is one TSO packet.
  if (!cfg_.tso || tx_packets_ == 0 || now() != last_tx_) ++tx_packets_;
  tx_bytes_ += bytes;
  last_tx_ = now();
}

// The poll takes every frame that has landed; the stack answers `stack` later.
void NicThrottle::interrupt() {
  pending_ = false;
  any_irq_ = true;
  last_irq_ = now();
  ++interrupts_;
  std::vector<Deliver> batch;
  batch.swap(waiting_);
  sched_.after(sc_core::sc_time(cfg_.stack_us, sc_core::SC_US), [this, batch = std::move(batch)] {
    for (auto& d : batch) {
      ++delivered_;
      d();
    }
  });
  if (cfg_.mode == Mode::Dynamic) set_itr();
}

// e1000e netdev.c e1000_update_itr, one direction's traffic since the last interrupt.
NicThrottle::Class NicThrottle::update(Class c, uint64_t packets, uint64_t bytes) {
  if (packets == 0) return c;
  switch (c) {
    case kLowest:
      if (bytes / packets > 8000) return kBulk;
      if (packets < 5 && bytes > 512) return kLow;
      return c;
    case kLow:
      if (bytes > 10000) {
        if (bytes / packets > 8000) return kBulk;  // TSO
        if (packets < 10 || bytes / packets > 1200) return kBulk;
        if (packets > 35) return kLowest;
        return c;
      }
      if (bytes / packets > 2000) return kBulk;
      if (packets <= 2 && bytes < 512) return kLowest;
      return c;
    case kBulk:
      if (bytes > 25000) return packets > 35 ? kLow : c;
      if (bytes < 6000) return kLow;
      return c;
  }
  return c;
}

// e1000_set_itr: conservative mode never takes the lowest class; the slower
// of the two directions wins; a higher rate is reached in quarter steps.
void NicThrottle::set_itr() {
  tx_class_ = update(tx_class_, tx_packets_, tx_bytes_);
  if (tx_class_ == kLowest) tx_class_ = kLow;
  rx_class_ = update(rx_class_, rx_packets_, rx_bytes_);
  if (rx_class_ == kLowest) rx_class_ = kLow;
  rx_packets_ = rx_bytes_ = tx_packets_ = tx_bytes_ = 0;
  const double target = std::max(rx_class_, tx_class_) == kBulk ? cfg_.bulk_hz : cfg_.low_hz;
  itr_ = target > itr_ ? std::min(itr_ + target / 4, target) : target;
}

}  // namespace ws::eth
