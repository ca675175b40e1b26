#pragma once
// Address translation windows of a PCIe controller: outbound windows map a range
// of the local address map onto PCIe bus addresses; inbound windows map PCIe bus
// addresses onto local memory.
#include <cstdint>
#include <optional>
#include <vector>

namespace ws::pcie {

struct AddressWindow {
  uint64_t from;  // first address of the window on the source side
  uint64_t size;
  uint64_t to;    // where `from` lands on the other side
};

class WindowMap {
 public:
  void add(AddressWindow w) { windows_.push_back(w); }
  // Translates [addr, addr+len); empty when no single window holds it all.
  std::optional<uint64_t> translate(uint64_t addr, uint64_t len) const {
    for (const auto& w : windows_)
      if (addr >= w.from && len <= w.size && addr - w.from <= w.size - len) return w.to + (addr - w.from);
    return std::nullopt;
  }

 private:
  std::vector<AddressWindow> windows_;
};

}  // namespace ws::pcie
