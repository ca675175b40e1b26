#include "models/eth/dw_emac.hpp"

#include "models/eth/headers.hpp"
#include "models/eth/inet_checksum.hpp"

namespace ws::eth {

void DwEmac::declare_params(ParamTable& t, const std::string& prefix) {
  using K = ParamSpec::Kind;
  t.declare_model(model_number(prefix + ".rx_fifo_bytes", K::Int, 1024, 65536, "B", "the MAC's Rx FIFO"));
  t.declare_model(model_number(prefix + ".desc_ns", K::Real, 0, 10000, "ns",
                               "the DMA's work on one descriptor beyond its bus accesses"));
  t.declare_model(model_choice(prefix + ".irq_trigger", {"level", "edge"}, "-",
                               "how the interrupt controller takes the EMAC's interrupt output: level (a status bit "
                               "left set interrupts again) or edge (only a rising output interrupts)"));
}

DwEmac::Config DwEmac::from(const ParamTable& p, const std::string& prefix, double bits_per_s) {
  return Config{bits_per_s, uint32_t(p.i(prefix + ".rx_fifo_bytes")), p.r(prefix + ".desc_ns"),
                p.s(prefix + ".irq_trigger") == "edge"};
}

DwEmac::DwEmac(sc_core::sc_module_name name, const Config& cfg, Scheduler& sched, StatsRegistry& stats,
               FramePool& pool, IrqController& pic, unsigned irq_source)
    : MacDma(name, cfg.bits_per_s, cfg.rx_fifo_bytes, sched, stats, pool),
      cfg_(cfg),
      pic_(pic),
      irq_(irq_source) {}

void DwEmac::set_interrupt_enable(uint32_t bits) {
  const bool was = status_ & enable_;
  enable_ = bits;
  if ((status_ & enable_) && (!cfg_.edge_irq || !was)) pic_.raise(irq_);
}

void DwEmac::clear_status(uint32_t bits) {
  status_ &= ~bits;
  if ((status_ & enable_) && !cfg_.edge_irq) pic_.raise(irq_);  // level: what is left still interrupts
}

void DwEmac::raise(uint32_t bits) {
  const bool was = status_ & enable_;
  status_ |= bits;
  if (!was && (status_ & enable_)) pic_.raise(irq_);
}

dw::Desc DwEmac::read_desc(uint64_t addr, sc_core::sc_time& delay) {
  uint8_t raw[dw::kDescBytes];
  delay = fetch(addr, raw, dw::kDescBytes, cfg_.desc_ns);
  return dw::decode(raw);
}

uint64_t DwEmac::next(uint64_t cur, uint64_t base, const dw::Desc& d) const {
  if (d.des1 & dw::kEndOfRing) return base;
  if (d.des1 & dw::kChained) return d.des3;
  return cur + dw::kDescBytes;
}

void DwEmac::rx_poll_demand() {
  rx_suspended_ = false;
  if (!rx_busy_) rx_step();
}

// The oldest frame in the FIFO into the current descriptor's buffer.
void DwEmac::rx_step() {
  if (rx_waiting_.empty()) return;
  rx_busy_ = true;
  sc_core::sc_time fetch;
  const dw::Desc d = read_desc(rx_cur_, fetch);
  sched_.at(now() + fetch, [this, d] {
    if (!(d.des0 & dw::kOwn)) {  // no buffer from the host: suspend, the frame at the top is missed
      rx_busy_ = false;
      if (!rx_suspended_) raise(kRu);
      rx_suspended_ = true;
      drop_oldest("rx_missed");
      return;
    }
    rx_suspended_ = false;
    Frame* f = take_oldest();
    ++rx_storing_;
    rx_store(f, d, now());
  });
}

void DwEmac::rx_store(Frame* f, const dw::Desc& d, const sc_core::sc_time& at) {
  const uint64_t desc = rx_cur_;
  const uint32_t len = f->len;
  uint32_t des0 = dw::kRxFirst | dw::kRxLast | (len << dw::kRxLengthShift);
  sc_core::sc_time done = at;
  if (len <= (d.des1 & dw::kBufferSize)) {
    done = at + access(tlm::TLM_WRITE_COMMAND, d.des2, f->bytes.data(), len);
    if (rx_checksum_ && !checksums_ok(f->bytes.data(), len - kFcsBytes))
      des0 |= dw::kRxErrorSummary | dw::kRxIpHeaderError | dw::kRxPayloadChecksumError;
  } else {
    des0 |= dw::kRxErrorSummary;  // the frame does not fit its buffer: flagged, not stored
    mac_.rx_stats().drop("rx_buffer_too_small");
  }
  rx_dma_->add_busy(done - at, len, done);
  pool_.put(f);
  rx_cur_ = next(rx_cur_, rx_base_, d);
  write_word(desc, des0, done);  // DES0 last: OWN clears when the rest is done
  stored_at(done, len, [this] { raise(kRi); });
}

void DwEmac::tx_poll_demand() {
  if (!tx_busy_) tx_step();
}

// The current Tx descriptor's frame onto the wire; the next is fetched as it starts.
void DwEmac::tx_step() {
  tx_busy_ = true;
  sc_core::sc_time fetch;
  const uint64_t desc = tx_cur_;
  const dw::Desc d = read_desc(desc, fetch);
  sched_.at(now() + fetch, [this, d, desc] {
    if (!(d.des0 & dw::kOwn)) {  // nothing more to send: suspended until a poll demand
      tx_busy_ = false;
      raise(kTu);
      return;
    }
    Frame* f = pool_.get();
    f->len = d.des1 & dw::kBufferSize;
    const sc_core::sc_time read = access(tlm::TLM_READ_COMMAND, d.des2, f->bytes.data(), f->len);
    if ((d.des1 & dw::kTxChecksumFull) == dw::kTxChecksumFull) insert_checksums(f->bytes.data(), f->len);
    tx_dma_->add_busy(read, f->len, now() + read);
    const sc_core::sc_time ready = now() + read;
    const sc_core::sc_time on_wire = wire_time(f->len + kFcsBytes, cfg_.bits_per_s);
    const sc_core::sc_time end = mac_.transmit(f, ready);  // the wire has the frame from here
    const sc_core::sc_time start = end - on_wire;
    ++tx_frames_;
    tx_cur_ = next(tx_cur_, tx_base_, d);
    write_word(desc, 0, end);  // OWN clear once the frame is out
    if (d.des1 & dw::kTxIrqOnComplete) sched_.at(end, [this] { raise(kTi); });
    sched_.at(std::max(start, ready), [this] { tx_step(); });
  });
}

}  // namespace ws::eth
