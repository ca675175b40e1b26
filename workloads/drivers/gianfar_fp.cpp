#include "workloads/drivers/gianfar_fp.hpp"

#include <stdexcept>

namespace ws::drivers {

GianfarFastPath::GianfarFastPath(const Config& cfg) : cfg_(cfg) {
  if (cfg.entries == 0 || (cfg.entries & (cfg.entries - 1)))
    throw std::logic_error("the fast path's table has a power-of-two number of entries");
}

uint64_t GianfarFastPath::slot(unsigned cpu, uint32_t dst) const {
  const uint32_t hash = (dst ^ (dst >> 16)) * 0x9E3779B1u;  // Fibonacci hashing of the address
  const uint64_t index = hash >> 16 & (cfg_.entries - 1);
  return cfg_.base + (uint64_t(cpu) * cfg_.entries + index) * kTableBytesPerEntry;
}

// An entry: the destination, then the out port + 1 (0: empty).
std::optional<unsigned> GianfarFastPath::lookup(Cpu& core, unsigned cpu, uint32_t dst) {
  uint32_t e[2];
  core.read(slot(cpu, dst), e, sizeof e);
  if (e[1] != 0 && e[0] == dst) {
    ++hits_;
    return e[1] - 1;
  }
  ++misses_;
  return std::nullopt;
}

void GianfarFastPath::learn(Cpu& core, unsigned cpu, uint32_t dst, unsigned out) {
  const uint32_t e[2] = {dst, out + 1};
  core.write(slot(cpu, dst), e, sizeof e);
}

}  // namespace ws::drivers
