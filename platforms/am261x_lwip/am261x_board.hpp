#pragma once
// The TI AM261x board of the lwIP study (shared/reference/am261x-lwip.md): a
// Cortex-R5F (L1 I and D, no L2) on on-chip MSRAM, an OSPI flash executing in
// place behind the RL2 read cache, the VIM, and the CPSW's host port with its
// CPDMA on an RGMII gigabit link to the PC. Address map (the SoC's:
// mcupsdk-core cslr_soc_baseaddress.h): MSRAM at 0x7000_0000, OSPI flash at
// 0x6000_0000; in MSRAM the example's regions (its example.syscfg): the CPPI
// descriptors (non-cached, 0x7004_0000), code, data, the Rx packet buffers,
// and lwIP's window. The model's MSRAM is larger than the SoC's 1.5 MB: lwIP's
// host arrays stand in a 16 MB window (lwip_on_core.hpp).
#include <systemc>
#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/eth/cpdma.hpp"
#include "models/irq/gic.hpp"
#include "models/mem/memory.hpp"
#include "models/mem/xip_flash.hpp"
#include "models/sim/param.hpp"
#include "platforms/common/run_context.hpp"

namespace ws::am261x {

constexpr uint64_t kMsram = 0x7000'0000, kMsramModelled = 32ull << 20;
constexpr uint64_t kDescriptors = 0x7004'0000, kDescriptorBytes = 0x4000;  // CPPI_DESC, non-cached
constexpr uint64_t kCodeMsram = 0x7005'0000;   // .text in MSRAM
constexpr uint64_t kData = 0x700C'0000;        // stacks and the kernel's data
constexpr uint64_t kRxBuffers = 0x7010'0000;   // ENET_DMA_PKT_MEMPOOL
constexpr uint64_t kLwipWindow = 0x7100'0000;  // lwIP's memory and the application's buffers
constexpr uint64_t kFlash = 0x6000'0000, kFlashBytes = 32ull << 20;  // IS25LX256
constexpr uint64_t kCodeFlash = 0x6010'0000;   // .text executing in place
constexpr unsigned kCpswIrq = 0, kTimeoutSource = 2;  // VIM sources
constexpr unsigned kRxLine = 0, kTxLine = 1, kTimeoutLine = 30;
constexpr uint32_t kBoardIp = 0xC0A80102, kPcIp = 0xC0A80101, kMask = 0xFFFFFF00;  // 192.168.1.x

class Am261xBoard : public sc_core::sc_module {
 public:
  Am261xBoard(sc_core::sc_module_name name, const ParamTable& p, RunContext& run);

  Memory msram;
  XipFlash flash;
  Interconnect bus;
  Cpu core;
  Gic vim;  // the R5F's VIM: a priority and an enable per source, one target
  eth::Cpdma cpsw;
  const bool xip;  // code.placement: the code in the flash
};

}  // namespace ws::am261x
