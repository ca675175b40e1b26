#pragma once
// The 66AK2H EVM of the FTP study and its test network: one Cortex-A15 (L1 I
// and D, L2) with DDR3 and the MSMC SRAM behind the interconnect, the GIC,
// the Multicore Navigator (the queue manager, NETCP's packet DMA, one
// accumulator channel on the Rx queue) and NETCP's gigabit switch port (SGMII
// port 0), to which the PC's cable plugs: the packet DMA's Tx channel sends on
// port_tx, what arrives (port_rx) goes to its Rx flow, each through the
// switch's latency. Address map as the SoC's:
// DDR3A at 0x8000_0000 (1 GiB here), MSMC SRAM at 0x0C00_0000; the Queue N
// registers' region at the address below.
#include <systemc>
#include <memory>
#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/eth/wire.hpp"
#include "models/irq/gic.hpp"
#include "models/mem/memory.hpp"
#include "models/nav/accumulator.hpp"
#include "models/nav/packet_dma.hpp"
#include "models/nav/qmss.hpp"
#include "models/sim/param.hpp"
#include "platforms/common/run_context.hpp"

namespace ws::k2h {

constexpr uint64_t kDdr = 0x8000'0000;
constexpr uint64_t kDdrSize = 1ull << 30;
constexpr uint64_t kCode = kDdr + 0x0010'0000;        // the image's code
constexpr uint64_t kData = kDdr + 0x0020'0000;        // stacks and the kernel's data
constexpr uint64_t kLwipWindow = kDdr + 0x0100'0000;  // the stand-in stack's memory and the application's buffers
constexpr uint64_t kHeap = kDdr + 0x0200'0000;        // BIOS.heapSize's heap (at most 16 MB)
constexpr uint64_t kPbm = kDdr + 0x0300'0000;         // PBM packet buffers: the DMA buffers
constexpr uint64_t kFile = kDdr + 0x0800'0000;        // the FTP server's RAM file (at most 256 MB)
constexpr uint64_t kMsmc = 0x0C00'0000;        // MSMC SRAM, 6 MB
constexpr uint64_t kMsmcSize = 6ull << 20;
constexpr uint64_t kDescs = kMsmc;             // host descriptors (non-cacheable), 64 B apart
constexpr uint64_t kAccList = kMsmc + 0x10000; // the accumulator's ping/pong list (non-cacheable)
constexpr uint64_t kQm = 0x3400'0000;          // the Queue N registers (device memory)
constexpr unsigned kQueues = 1024;
constexpr unsigned kTxQueue = 648;             // NETCP's Tx queue for the switch port (Linux k2hk netcp dtsi)
constexpr unsigned kTxFree = 900, kTxReturn = 901, kRxFree = 902, kRxQueue = 903;  // general-purpose queues
constexpr unsigned kAccSource = 0, kAccLine = 0;  // GIC source and core line of the accumulator's interrupt
constexpr unsigned kTimeoutSource = 1, kTimeoutLine = 30;
constexpr uint32_t kBoardIp = 0xC0A80102, kPcIp = 0xC0A80101, kMask = 0xFFFFFF00;  // 192.168.1.x

class K2hBoard : public sc_core::sc_module {
 public:
  K2hBoard(sc_core::sc_module_name name, const ParamTable& p, RunContext& run);
  // A frame from the cable into SGMII port 0.
  void port_rx(eth::Frame* f);

  Memory ddr;
  Memory msmc;
  Interconnect bus;
  Cpu core;
  Gic gic;
  nav::Qmss qm;
  nav::PacketDma pktdma;
  nav::Accumulator acc;
  eth::Wire port_tx;  // SGMII port 0 to the PC

 private:
  RunContext& run_;
  const sc_core::sc_time hop_;  // through NETCP's switch
  unsigned rx_flow_;
};

}  // namespace ws::k2h
