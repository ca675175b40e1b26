#include "models/pcie/tlp_split.hpp"

#include <algorithm>

namespace ws::pcie {

Piece first_piece(uint64_t addr, uint64_t n, uint32_t max) {
  const uint64_t step = std::min<uint64_t>(max, 4096);
  const uint64_t to_boundary = step - (addr & (step - 1));
  return {addr, static_cast<uint32_t>(std::min<uint64_t>(n, to_boundary))};
}

std::vector<Piece> split_aligned(uint64_t addr, uint64_t n, uint32_t max) {
  std::vector<Piece> out;
  while (n > 0) {
    out.push_back(first_piece(addr, n, max));
    addr += out.back().len;
    n -= out.back().len;
  }
  return out;
}

}  // namespace ws::pcie
