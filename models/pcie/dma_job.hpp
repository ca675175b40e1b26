#pragma once
// One DMA transfer between local memory and the far side of a PCIe link, as
// software hands it to a DMA engine.
#include <cstdint>
#include <functional>

namespace ws::pcie {

struct DmaJob {
  bool write = true;             // true: local -> peer (MWr); false: peer -> local (MRd)
  uint64_t local = 0;            // local memory address
  uint64_t remote = 0;           // address in the controller's outbound window
  uint32_t len = 0;
  std::function<void()> done;
};

}  // namespace ws::pcie
