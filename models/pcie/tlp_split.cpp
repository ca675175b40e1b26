#include "models/pcie/tlp_split.hpp"

#include <algorithm>

namespace ws::pcie {

std::vector<Piece> split_aligned(uint64_t addr, uint64_t n, uint32_t max) {
  std::vector<Piece> out;
  const uint64_t step = std::min<uint64_t>(max, 4096);
  while (n > 0) {
    const uint64_t to_boundary = step - (addr & (step - 1));
    const uint32_t len = static_cast<uint32_t>(std::min<uint64_t>(n, to_boundary));
    out.push_back({addr, len});
    addr += len;
    n -= len;
  }
  return out;
}

}  // namespace ws::pcie
