#include "models/nav/accumulator.hpp"

#include <stdexcept>

namespace ws::nav {

Pacing pacing_from_name(const std::string& name) {
  if (name == "none") return Pacing::None;
  if (name == "last_interrupt") return Pacing::LastInterrupt;
  if (name == "first_new_packet") return Pacing::FirstNewPacket;
  if (name == "last_new_packet") return Pacing::LastNewPacket;
  throw std::invalid_argument("unknown accumulator pacing mode " + name);
}

void Accumulator::declare_params(ParamTable& t, const std::string& prefix) {
  using K = ParamSpec::Kind;
  t.declare_model(model_number(prefix + ".list_entries", K::Int, 1, 256, "descriptors",
                               "one page of the accumulator's list: the interrupt threshold"));
  t.declare_model(model_choice(prefix + ".pacing_mode", {"none", "last_interrupt", "first_new_packet", "last_new_packet"},
                               "-", "the accumulator's interrupt pacing"));
  t.declare_model(model_number(prefix + ".tick_us", K::Real, 1, 1000, "us", "the accumulator firmware's tick"));
  t.declare_model(model_number(prefix + ".timer_load_count", K::Int, 0, 1000, "ticks",
                               "the accumulator's pacing timer (timerLoadCount)"));
}

Accumulator::Config Accumulator::from(const ParamTable& p, const std::string& prefix, unsigned queue,
                                      uint64_t list_base) {
  return {queue, unsigned(p.i(prefix + ".list_entries")), list_base, pacing_from_name(p.s(prefix + ".pacing_mode")),
          unsigned(p.i(prefix + ".timer_load_count")), p.r(prefix + ".tick_us")};
}

Accumulator::Accumulator(sc_core::sc_module_name name, const Config& cfg, Qmss& qmss, Scheduler& sched,
                         IrqController& pic, unsigned irq_source)
    : sc_module(name), socket("socket"), cfg_(cfg), qmss_(qmss), sched_(sched), pic_(pic), irq_(irq_source),
      tick_(cfg.tick_us, sc_core::SC_US), since_interrupt_(cfg.timer_load_count) {
  socket.register_invalidate_direct_mem_ptr(this, &Accumulator::invalidate_direct_mem_ptr);
  if (cfg.entries == 0) throw std::invalid_argument("an accumulator page holds at least one entry");
  qmss_.watch(cfg.queue, [this] { arm(); });
}

// Ticks fall on the firmware's grid (multiples of the tick from time zero),
// the next strictly after now, in whole time units: a floating-point quotient
// can land on now and re-arm at it for ever.
void Accumulator::arm() {
  if (armed_) return;
  armed_ = true;
  const uint64_t period = tick_.value(), next = (now().value() / period + 1) * period;
  sched_.at(sc_core::sc_time::from_value(next), [this] { tick(); });
}

void Accumulator::tick() {
  armed_ = false;
  if (since_interrupt_ < cfg_.timer_load_count) ++since_interrupt_;
  if (timing_ && countdown_ > 0) --countdown_;
  // Move what waits into the page being filled, while the firmware owns it.
  bool new_entries = false;
  while (!host_owns_[fill_page_] && filled_ < cfg_.entries && qmss_.count(cfg_.queue) > 0) {
    const uint32_t d = qmss_.pop(cfg_.queue);
    uint8_t w[4] = {uint8_t(d), uint8_t(d >> 8), uint8_t(d >> 16), uint8_t(d >> 24)};
    direct_.timed(socket, tlm::TLM_WRITE_COMMAND, page_address(fill_page_) + 4 + uint64_t(filled_) * 4, w, 4);
    if (filled_++ == 0 && cfg_.pacing == Pacing::FirstNewPacket) timing_ = true, countdown_ = cfg_.timer_load_count;
    new_entries = true;
  }
  if (new_entries && cfg_.pacing == Pacing::LastNewPacket) timing_ = true, countdown_ = cfg_.timer_load_count;
  bool fire = filled_ == cfg_.entries;
  if (filled_ > 0) {
    if (cfg_.pacing == Pacing::LastInterrupt) fire |= since_interrupt_ >= cfg_.timer_load_count;
    if (cfg_.pacing == Pacing::FirstNewPacket || cfg_.pacing == Pacing::LastNewPacket) fire |= timing_ && countdown_ == 0;
  }
  if (fire && !host_owns_[fill_page_]) raise();
  if (qmss_.count(cfg_.queue) > 0 || filled_ > 0) arm();
}

void Accumulator::raise() {
  uint8_t w[4] = {uint8_t(filled_), uint8_t(filled_ >> 8), 0, 0};  // word 0: the entry count
  direct_.timed(socket, tlm::TLM_WRITE_COMMAND, page_address(fill_page_), w, 4);
  host_owns_[fill_page_] = true;
  host_page_ = fill_page_;
  fill_page_ ^= 1;
  filled_ = 0;
  timing_ = false;
  since_interrupt_ = 0;
  pic_.raise(irq_);
}

// Pages go to the host in turn, so the oldest it holds is the one the
// firmware fills next when it holds both.
void Accumulator::ack() {
  host_owns_[host_owns_[fill_page_] ? fill_page_ : host_page_] = false;
  if (qmss_.count(cfg_.queue) > 0 || filled_ > 0) arm();
}

}  // namespace ws::nav
