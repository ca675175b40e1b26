#pragma once
// The MSC8144 as the UDP echo sees it: SC3400 cores with their L1 data caches,
// the CLASS fabric, M2 (four ports), M3 (one port, its own clock) and DDR, the
// EPIC, and the QUICC Engine with its UECs. The address map is the model's own
// (bases are not the SoC's); sizes follow the reference.
#include <systemc>
#include <memory>
#include <vector>
#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/irq/epic.hpp"
#include "models/mem/memory.hpp"
#include "models/qe/uec.hpp"
#include "models/sim/param.hpp"
#include "platforms/common/run_context.hpp"

namespace ws {

class Msc8144Board : public sc_core::sc_module {
 public:
  static constexpr uint64_t kDdrBase = 0x40000000, kDdrSize = 512ull << 20;
  static constexpr uint64_t kM2Base = 0xC0000000, kM2Size = 512ull << 10;
  static constexpr uint64_t kM3Base = 0xD0000000, kM3Size = 10ull << 20;
  // `uecs` controllers are built; `cores` cores.
  Msc8144Board(sc_core::sc_module_name name, const ParamTable& p, unsigned cores, unsigned uecs, RunContext& run);

  Memory m2, m3, ddr;
  Interconnect fabric;
  qe::QuiccEngine qe;
  Epic epic;
  std::vector<std::unique_ptr<Cpu>> cores;
  std::vector<std::unique_ptr<qe::Uec>> uecs;
};

}  // namespace ws
