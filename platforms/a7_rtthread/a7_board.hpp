#pragma once
// The Cortex-A7 board of the RT-Thread study and its test network: the core
// (L1 I and D, L2), DDR behind the AXI interconnect, the GIC, the EMAC (100
// Mbit/s) or EMAC1 (1 Gbit/s) and a gigabit store-and-forward switch, whose
// port kPcPort takes the PC's cable. Address map: DDR at 0 (1 GiB); the
// regions below.
#include <systemc>
#include <memory>
#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/eth/dw_emac.hpp"
#include "models/eth/switch.hpp"
#include "models/irq/gic.hpp"
#include "models/mem/memory.hpp"
#include "models/sim/param.hpp"
#include "platforms/common/run_context.hpp"

namespace ws::a7 {

constexpr uint64_t kDdrSize = 1ull << 30;
constexpr uint64_t kCode = 0x0010'0000;          // the image's code
constexpr uint64_t kData = 0x0020'0000;          // stacks and the kernel's data
constexpr uint64_t kLwipWindow = 0x0100'0000;    // lwIP's memory and the application's buffers (lwip_on_core.hpp)
constexpr uint64_t kRings = 0x0300'0000;         // EMAC descriptor rings (uncached)
constexpr uint64_t kDmaBuffers = 0x0301'0000;    // EMAC buffers (non-cacheable with drv.dma_buffers=uncached)
constexpr uint64_t kDmaBufferRoom = 0x00F0'0000;
constexpr uint64_t kCopySrc = 0x0800'0000;       // the memcpy workload's buffers
constexpr uint64_t kCopyDst = 0x1000'0000;
constexpr unsigned kEmacSource = 0;              // GIC sources and core lines
constexpr unsigned kEmacLine = 0;
constexpr unsigned kTimeoutSource = 1;
constexpr unsigned kTimeoutLine = 30;
constexpr unsigned kBoardPort = 0, kPcPort = 1;  // switch ports
constexpr uint32_t kBoardIp = 0xC0A80A02, kPcIp = 0xC0A80A01, kMask = 0xFFFFFF00;  // 192.168.10.x

class A7Board : public sc_core::sc_module {
 public:
  A7Board(sc_core::sc_module_name name, const ParamTable& p, RunContext& run);
  // soc.caches: MMU, D-cache (with L2) and I-cache on or off; the DMA buffers
  // non-cacheable when `dma_uncached`.
  void map_memory(bool caches_on, bool dma_uncached);

  Memory ddr;
  Interconnect bus;
  Cpu core;
  Gic gic;
  eth::DwEmac emac;
  eth::Switch sw;
};

}  // namespace ws::a7
