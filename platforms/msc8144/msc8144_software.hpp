#pragma once
// The software image of every core of the MSC8144 UDP echo, wired to the SoC as
// the plan says: a stack and an echo application per core, a driver and buffer
// pool per interface, SmartDSP OS binding each interface's Rx interrupt to its
// core.
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "models/sim/param.hpp"
#include "platforms/msc8144/msc8144_plan.hpp"
#include "platforms/msc8144/msc8144_board.hpp"
#include "workloads/apps/udp_echo_app.hpp"
#include "workloads/drivers/uec_driver.hpp"
#include "workloads/lib/buffer_pool.hpp"
#include "workloads/os/sdos/smartdsp_os.hpp"

namespace ws::msc8144 {

struct Msc8144Software {
  net::SoftwareCosts costs;
  drivers::UecDriver::Costs driver_costs;
  net::NetStack::ArpCache arp;
  std::vector<std::unique_ptr<net::NetStack>> stacks;          // per core
  std::vector<std::unique_ptr<apps::UdpEchoApp>> apps;         // per core
  std::vector<std::unique_ptr<lib::BufferPool>> pools;         // per interface
  std::vector<std::unique_ptr<drivers::UecDriver>> drivers;    // per interface
  std::unique_ptr<os::SmartDspOs> sdos;

  Msc8144Software(const ParamTable& p, const Plan& pl, Msc8144Board& board, StatsRegistry& stats);
  static net::SoftwareCosts software_costs(const ParamTable& p);
  // Frames the software dropped so far, by reason ("driver.rx_no_buffer",
  // "stack.no_socket", ...), every core and interface together.
  std::map<std::string, uint64_t> drops() const;
  // Frames waiting in the drivers for a Tx BD.
  size_t tx_waiting() const;
  // Core 0's boot: program the UEC tables, write every ring, then the rest of init.
  void init(Cpu& core0, const Plan& pl, Msc8144Board& board);
};

}  // namespace ws::msc8144
