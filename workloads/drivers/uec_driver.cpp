#include "workloads/drivers/uec_driver.hpp"

namespace ws::drivers {

using namespace qe;

namespace {
void put_bd(Cpu& core, uint64_t addr, const Bd& bd) {
  uint8_t raw[kBdBytes];
  encode(bd, raw);
  core.write_uncached(addr, raw, kBdBytes);
}
Bd get_bd(Cpu& core, uint64_t addr) {
  uint8_t raw[kBdBytes];
  core.read_uncached(addr, raw, kBdBytes);
  return decode(raw);
}
}  // namespace

const Bindings<UecDriver::Costs>& UecDriver::Costs::bindings() {
  using K = ParamSpec::Kind;
  static const Bindings<Costs> b =
      Bindings<Costs>()
          .number("rx_driver_cycles", &Costs::rx_cycles, K::Real, 0, 100000, "cycles",
                  "driver per Rx BD: status test, buffer swap, re-arm")
          .number("tx_driver_cycles", &Costs::tx_cycles, K::Real, 0, 100000, "cycles",
                  "driver per Tx BD: BD fill, reclaim of sent BDs");
  return b;
}

void UecDriver::declare_ring_params(ParamTable& t, const std::string& uec) {
  using K = ParamSpec::Kind;
  t.declare_model(model_number(uec + ".rx_bds", K::Int, 8, 256, "BDs", uec + ": Rx BD ring per channel"));
  t.declare_model(model_number(uec + ".tx_bds", K::Int, 2, 256, "BDs", uec + ": Tx BD ring per channel"));
}

UecDriver::UecDriver(Uec& uec, const Layout& layout, lib::BufferPool& pool, const Costs& costs)
    : uec_(uec), layout_(layout), pool_(pool), costs_(costs), tx_buffers_(layout.tx_bds) {}

void UecDriver::init(Cpu& core) {
  for (uint32_t i = 0; i < layout_.rx_bds; ++i) {
    const uint16_t wrap = i + 1 == layout_.rx_bds ? kBdWrap : 0;
    put_bd(core, layout_.rx_ring + i * kBdBytes, Bd{uint16_t(kBdEmpty | kBdInterrupt | wrap), 0, uint32_t(pool_.take())});
  }
  for (uint32_t i = 0; i < layout_.tx_bds; ++i) {
    const uint16_t wrap = i + 1 == layout_.tx_bds ? kBdWrap : 0;
    put_bd(core, layout_.tx_ring + i * kBdBytes, Bd{wrap, 0, 0});
  }
  // The ring base registers (RBASE/TBASE in the queue's parameter RAM).
  core.reg_access([this] { uec_.set_rx_ring(layout_.queue, layout_.rx_ring, layout_.irq); });
  core.reg_access([this] { uec_.set_tx_ring(layout_.queue, layout_.tx_ring, layout_.irq); });
}

bool UecDriver::receive_one(Cpu& core, const std::function<void(uint64_t, uint32_t)>& deliver) {
  // Testing an empty BD costs only its uncached read: the per-BD work follows a hit.
  const uint64_t addr = layout_.rx_ring + uint64_t(rx_next_) * kBdBytes;
  const Bd bd = get_bd(core, addr);
  if (bd.status & kBdEmpty) return false;
  core.exec(costs_.rx_cycles);
  rx_next_ = (bd.status & kBdWrap) ? 0 : rx_next_ + 1;
  const uint64_t buf = bd.pointer;
  const bool keep = !pool_.empty();  // without a spare buffer the frame is dropped and its buffer reused
  const uint64_t fresh = keep ? pool_.take() : buf;
  put_bd(core, addr, Bd{uint16_t(kBdEmpty | kBdInterrupt | (bd.status & kBdWrap)), 0, uint32_t(fresh)});
  if (!keep) {
    ++rx_no_buffer_;
    return true;
  }
  // The UEC wrote the buffer behind the cache's back: drop stale lines before reading.
  core.invalidate(buf, bd.length);
  deliver(buf, bd.length - eth::kFcsBytes);
  return true;
}

void UecDriver::reclaim(Cpu& core) {
  while (tx_used_ > 0) {
    const Bd bd = get_bd(core, layout_.tx_ring + uint64_t(tx_tail_) * kBdBytes);
    if (bd.status & kBdReady) break;
    pool_.give(tx_buffers_[tx_tail_]);
    tx_tail_ = (tx_tail_ + 1) % layout_.tx_bds;
    --tx_used_;
  }
}

void UecDriver::send(Cpu& core, uint64_t buf, uint32_t len) {
  core.exec(costs_.tx_cycles);
  reclaim(core);
  waiting_.push_back({buf, len});
  fill(core);
}

void UecDriver::transmit_waiting(Cpu& core) {
  reclaim(core);
  fill(core);
}

void UecDriver::fill(Cpu& core) {
  bool filled = false;
  for (; !waiting_.empty() && tx_used_ < layout_.tx_bds; waiting_.pop_front(), filled = true) {
    const auto [buf, len] = waiting_.front();
    const uint16_t wrap = tx_head_ + 1 == layout_.tx_bds ? kBdWrap : 0;
    const uint16_t irq = tx_used_ + 1 == layout_.tx_bds ? kBdInterrupt : 0;  // the ring is full with it
    put_bd(core, layout_.tx_ring + uint64_t(tx_head_) * kBdBytes,
           Bd{uint16_t(kBdReady | kBdLast | kBdTxCrc | wrap | irq), uint16_t(len), uint32_t(buf)});
    tx_buffers_[tx_head_] = buf;
    tx_head_ = (tx_head_ + 1) % layout_.tx_bds;
    ++tx_used_;
  }
  if (filled) core.reg_access([this] { uec_.transmit_on_demand(); });  // UTODR
}

}  // namespace ws::drivers
