#include "workloads/drivers/nimu_driver.hpp"

namespace ws::drivers {

const Bindings<NimuDriver::Config>& NimuDriver::bindings() {
  using C = Config;
  const auto instructions = [](const char* key, const char* meaning) {
    return model_number(key, ParamSpec::Kind::Real, 0, 1e6, "instructions", meaning);
  };
  const auto set = [](double C::*member) {
    return [member](C& c, const ParamTable& p, const std::string& key) { c.*member = p.r(key); };
  };
  static const Bindings<C> b =
      Bindings<C>()
          .flag("tx_recycle", &C::recycle_per_send, {"per_send", "batched"}, "per_send",
                "per_send: every EmacSend() walks the Tx return queue; batched: only when the free queue is empty")
          .derived(instructions("send_instructions", "EmacSend()'s own work: checks, descriptor fields, statistics"),
                   set(&C::send_instructions))
          .derived(instructions("recycle_instructions",
                                "taking one descriptor back from the Tx return queue (its PBM freed)"),
                   set(&C::recycle_instructions))
          .derived(instructions("rx_isr_instructions", "EmacRxPktISR()'s own work per interrupt"),
                   set(&C::rx_isr_instructions))
          .derived(instructions("rx_packet_instructions",
                                "per received packet: PBM fields, the stack's Rx queue, a new buffer"),
                   set(&C::rx_packet_instructions));
  return b;
}

NimuDriver::NimuDriver(const Config& cfg, Cpu& core) : cfg_(cfg), core_(core) {}

uint32_t NimuDriver::read_word(uint64_t addr) {
  uint8_t v[4];
  core_.read(addr, v, 4);
  return uint32_t(v[0]) | uint32_t(v[1]) << 8 | uint32_t(v[2]) << 16 | uint32_t(v[3]) << 24;
}

uint32_t NimuDriver::pop(unsigned queue) { return read_word(cfg_.qm_base + uint64_t(queue) * nav::Qmss::kQueueStride + 12); }

void NimuDriver::push(unsigned queue, uint32_t desc) {
  const uint8_t v[4] = {uint8_t(desc), uint8_t(desc >> 8), uint8_t(desc >> 16), uint8_t(desc >> 24)};
  core_.write(cfg_.qm_base + uint64_t(queue) * nav::Qmss::kQueueStride + 12, v, 4);
}

void NimuDriver::recycle() {
  const uint32_t n = read_word(cfg_.qm_base + uint64_t(cfg_.tx_return_queue) * nav::Qmss::kQueueStride);  // register A
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t d = pop(cfg_.tx_return_queue);
    core_.exec_code(cfg_.recycle_instructions);
    push(cfg_.tx_free_queue, d);
  }
}

bool NimuDriver::send(uint64_t buf, uint32_t len) {
  const sc_core::sc_time t0 = core_.time();
  if (cfg_.recycle_per_send) recycle();
  core_.exec_code(cfg_.send_instructions);
  uint32_t d = pop(cfg_.tx_free_queue);
  if (!d && !cfg_.recycle_per_send) {  // batched: take back everything sent so far, then try again
    recycle();
    d = pop(cfg_.tx_free_queue);
  }
  bool ok = d != 0;
  if (ok) {
    // Words 0 and 2-4: packet length, return queue, buffer length and pointer.
    nav::HostDesc h{len, 0, cfg_.tx_return_queue, len, uint32_t(buf), 0, len, uint32_t(buf)};
    uint8_t raw[nav::kDescBytes];
    h.encode(raw);
    core_.write(d, raw, nav::kDescBytes);
    core_.flush(buf, len);  // the DMA reads memory, not the cache
    push(cfg_.tx_queue, d);
  }
  last_cycles_ = (core_.time() - t0).to_seconds() * core_.clock().hz();
  return ok;
}


// Pages alternate; a page the host has taken reads a zero count. Two
// interrupts merged into one run find both pages full: both are taken.
unsigned NimuDriver::receive_page(nav::Accumulator& acc, const std::function<void(uint64_t, uint32_t)>& deliver) {
  core_.exec_code(cfg_.rx_isr_instructions);
  unsigned taken = 0;
  for (int pages = 0; pages < 2; ++pages) {
    const uint64_t page = acc.page_address(next_page_);
    const uint32_t n = read_word(page);
    if (n == 0) break;
    for (uint32_t i = 0; i < n; ++i) {
      const uint32_t d = read_word(page + 4 + uint64_t(i) * 4);
      uint8_t raw[nav::kDescBytes];
      core_.read(d, raw, nav::kDescBytes);
      nav::HostDesc h = nav::HostDesc::decode(raw);
      core_.invalidate(h.buffer, h.packet_len);
      core_.exec_code(cfg_.rx_packet_instructions);
      deliver(h.buffer, h.packet_len);
      // The descriptor keeps its buffer: the packet was copied out of it.
      h.packet_len = h.buffer_len = 0;
      h.encode(raw);
      core_.write(d, raw, nav::kDescBytes);
      push(cfg_.rx_free_queue, d);
    }
    const uint8_t zero[4] = {0, 0, 0, 0};
    core_.write(page, zero, 4);
    core_.reg_access([&acc] { acc.ack(); });  // the page's EOI: the firmware may fill it again
    next_page_ ^= 1;
    taken += n;
  }
  return taken;
}

}  // namespace ws::drivers
