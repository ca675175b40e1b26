#include "models/eth/etsec.hpp"

#include "models/sim/sim_time.hpp"

namespace ws::eth {

namespace {
constexpr uint32_t kTxGroup = Etsec::kTxFrame, kRxGroup = Etsec::kRxFrame, kErrGroup = Etsec::kBusy;
}

void Etsec::declare_params(ParamTable& t, const std::string& prefix) {
  using K = ParamSpec::Kind;
  t.declare_model(model_number(prefix + ".rx_fifo_bytes", K::Int, 1536, 65536, "B", "the MAC's Rx FIFO"));
  t.declare_model(model_number(prefix + ".bd_ns", K::Real, 0, 10000, "ns",
                               "the DMA's work on one buffer descriptor beyond its bus accesses"));
}

Etsec::Config Etsec::from(const ParamTable& p, const std::string& prefix, double bits_per_s) {
  return Config{bits_per_s, uint32_t(p.i(prefix + ".rx_fifo_bytes")), p.r(prefix + ".bd_ns")};
}

Etsec::Etsec(sc_core::sc_module_name name, const Config& cfg, Scheduler& sched, StatsRegistry& stats, FramePool& pool,
             IrqController& pic, const Irqs& irqs)
    : MacDma(name, cfg.bits_per_s, cfg.rx_fifo_bytes, sched, stats, pool),
      cfg_(cfg),
      pic_(pic),
      irqs_(irqs) {}

// 64 clocks of the interface (GMII: a byte per clock) in time.
sc_core::sc_time Etsec::tick() const { return sc_core::sc_time(64 * 8 / cfg_.bits_per_s, sc_core::SC_SEC); }

void Etsec::set_imask(uint32_t bits) {
  imask_ = bits;
  assert_lines();
}

void Etsec::clear_ievent(uint32_t bits) {
  ievent_ &= ~bits;
  assert_lines();
}

void Etsec::raise(uint32_t bits) {
  // Events already pending change no line (assert_lines ran when they were set).
  if ((ievent_ & bits) == bits) return;
  ievent_ |= bits;
  assert_lines();
}

// A source is raised when its group's unmasked events go from none to some.
void Etsec::assert_lines() {
  const std::pair<uint32_t, unsigned> groups[] = {{kTxGroup, irqs_.tx}, {kRxGroup, irqs_.rx}, {kErrGroup, irqs_.err}};
  for (auto [bits, source] : groups) {
    const bool active = ievent_ & imask_ & bits, rising = active && !(asserted_ & bits);
    asserted_ = active ? asserted_ | bits : asserted_ & ~bits;
    if (rising) pic_.raise(source);
  }
}

void Etsec::complete(Coalescer& c, const Coalescing& cfg, uint32_t event) {
  if (!cfg.on) return raise(event);
  if (++c.count >= cfg.frames) {
    c.count = 0, c.timer = 0;
    return raise(event);
  }
  if (c.count == 1 && cfg.ticks > 0) {
    const uint64_t gen = c.timer = ++timers_;
    sched_.after(tick() * double(cfg.ticks), [this, &c, gen, event] {
      if (c.timer != gen || c.count == 0) return;  // the count fired first, or a later timer runs
      c.count = 0, c.timer = 0;
      raise(event);
    });
  }
}

qe::Bd Etsec::read_bd(uint64_t addr, sc_core::sc_time& delay) {
  uint8_t raw[qe::kBdBytes];
  if (snoop_) snoop_->device_read(addr, qe::kBdBytes);
  delay = fetch(addr, raw, qe::kBdBytes, cfg_.bd_ns);
  return qe::decode(raw);
}

void Etsec::write_status(uint64_t addr, const qe::Bd& bd, const sc_core::sc_time& at) {
  sched_.at(at, [this, addr, bd] {
    uint8_t raw[qe::kBdBytes];
    qe::encode(bd, raw);
    if (snoop_) snoop_->device_write(addr, 4);
    access(tlm::TLM_WRITE_COMMAND, addr, raw, 4);  // status and length; the pointer stays
  });
}

// The oldest frame in the FIFO into the BD at the cursor, or dropped if it is not empty.
void Etsec::rx_step() {
  if (rx_waiting_.empty() || rx_halted_) return;
  rx_busy_ = true;
  sc_core::sc_time fetch;
  const uint64_t at = rx_.addr();
  const qe::Bd bd = read_bd(at, fetch);
  sched_.at(now() + fetch, [this, bd, at] {
    if (!(bd.status & qe::kBdEmpty)) {  // the ring is full: the frame is lost
      drop_oldest("rx_ring_full");
      raise(kBusy);
      rx_busy_ = false;
      rx_halted_ = true;  // RSTAT[QHLT]: no BD is read until software clears it
      mac_.stop_draining();
      return;
    }
    Frame* f = take_oldest();
    const uint32_t len = f->len;
    ++rx_storing_;
    if (snoop_) snoop_->device_write(bd.pointer, len);
    const sc_core::sc_time done = now() + access(tlm::TLM_WRITE_COMMAND, bd.pointer, f->bytes.data(), len);
    rx_dma_->add_busy(done - now(), len, done);
    pool_.put(f);
    rx_.advance(bd);
    write_status(at, qe::Bd{uint16_t((bd.status & (qe::kBdWrap | qe::kBdInterrupt)) | qe::kBdFirst | qe::kBdLast),
                            uint16_t(len), bd.pointer}, done);
    stored_at(done, len, [this] { complete(rx_co_, rx_ic_, kRxFrame); });
  });
}

// The frames that waited in the FIFO meanwhile go on from the BD at the cursor.
void Etsec::clear_rx_halt() {
  rx_halted_ = false;
  mac_.resume_draining();
  if (!rx_busy_) rx_step();
}

void Etsec::transmit_demand() {
  if (!tx_busy_) return tx_step();
  demanded_ = true;
}

// The BD at the Tx cursor onto the wire while it is ready; the next is fetched as the frame starts.
void Etsec::tx_step() {
  tx_busy_ = true;
  demanded_ = false;
  sc_core::sc_time fetch;
  const uint64_t at = tx_.addr();
  const qe::Bd bd = read_bd(at, fetch);
  sched_.at(now() + fetch, [this, bd, at] {
    if (!(bd.status & qe::kBdReady)) {
      // Nothing more: halted until the next demand. A demand made since the
      // BD was read (the driver readied it while the DMA worked on the read)
      // is not lost: the DMA reads it again.
      if (demanded_) return tx_step();
      tx_busy_ = false;
      return;
    }
    Frame* f = pool_.get();
    f->len = bd.length;
    if (snoop_) snoop_->device_read(bd.pointer, f->len);
    const sc_core::sc_time read = access(tlm::TLM_READ_COMMAND, bd.pointer, f->bytes.data(), f->len);
    tx_dma_->add_busy(read, f->len, now() + read);
    const sc_core::sc_time ready = now() + read;
    const sc_core::sc_time end = mac_.transmit(f, ready);
    const sc_core::sc_time start = end - wire_time(bd.length + kFcsBytes, cfg_.bits_per_s);
    ++tx_frames_;
    tx_.advance(bd);
    write_status(at, qe::Bd{uint16_t(bd.status & ~qe::kBdReady), bd.length, bd.pointer}, end);
    sched_.at(end, [this] { complete(tx_co_, tx_ic_, kTxFrame); });
    sched_.at(std::max(start, ready), [this] { tx_step(); });
  });
}

}  // namespace ws::eth
