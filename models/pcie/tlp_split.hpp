#pragma once
// How a transfer is cut into TLPs (PCIe Base Spec 1.1 §2.2.7, §2.3.1.1): no
// request may cross a 4 KB address boundary; writes carry at most MPS bytes and
// reads ask for at most MRRS. Like most DMA engines, the MSC8156's cuts at
// naturally aligned multiples of the size limit, so a buffer that is not aligned
// costs one more TLP. (Completions are cut by the completer: pcie_controller.cpp.)
#include <cstdint>
#include <vector>

namespace ws::pcie {

struct Piece {
  uint64_t addr;
  uint32_t len;
};

// Cuts [addr, addr+n) into pieces of at most `max` bytes that do not cross a
// `max`-aligned boundary (max a power of two) nor a 4 KB boundary.
std::vector<Piece> split_aligned(uint64_t addr, uint64_t n, uint32_t max);
// The first piece split_aligned would cut.
Piece first_piece(uint64_t addr, uint64_t n, uint32_t max);

}  // namespace ws::pcie
