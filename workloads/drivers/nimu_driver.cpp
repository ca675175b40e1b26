#include "workloads/drivers/nimu_driver.hpp"

namespace ws::drivers {

NimuDriver::NimuDriver(const Config& cfg, Cpu& core) : cfg_(cfg), core_(core) {}

uint32_t NimuDriver::pop(unsigned queue) {
  uint8_t v[4];
  core_.read(cfg_.qm_base + uint64_t(queue) * nav::Qmss::kQueueStride + 12, v, 4);
  return uint32_t(v[0]) | uint32_t(v[1]) << 8 | uint32_t(v[2]) << 16 | uint32_t(v[3]) << 24;
}

void NimuDriver::push(unsigned queue, uint32_t desc) {
  const uint8_t v[4] = {uint8_t(desc), uint8_t(desc >> 8), uint8_t(desc >> 16), uint8_t(desc >> 24)};
  core_.write(cfg_.qm_base + uint64_t(queue) * nav::Qmss::kQueueStride + 12, v, 4);
}

// Every descriptor the DMA has given back goes onto the free queue; the walk
// ends with the pop that finds the return queue empty.
void NimuDriver::recycle() {
  while (const uint32_t d = pop(cfg_.tx_return_queue)) {
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

}  // namespace ws::drivers
