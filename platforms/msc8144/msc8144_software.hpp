#pragma once
// The software image of every core of the MSC8144 UDP echo, wired to the SoC as
// the plan says: a stack and an echo application per core, a driver and buffer
// pool per interface, the SmartDSP-like runtime binding each interface's Rx
// interrupt to its core.
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "models/sim/param.hpp"
#include "platforms/msc8144/msc8144_plan.hpp"
#include "platforms/msc8144/msc8144_soc.hpp"
#include "workloads/udp_echo/sdos_runtime.hpp"
#include "workloads/udp_echo/udp_echo_app.hpp"

namespace ws::msc8144 {

struct Software {
  udp_echo::SoftwareCosts costs;
  udp_echo::NetStack::ArpCache arp;
  std::vector<std::unique_ptr<udp_echo::NetStack>> stacks;      // per core
  std::vector<std::unique_ptr<udp_echo::UdpEchoApp>> apps;      // per core
  std::vector<std::unique_ptr<udp_echo::BufferPool>> pools;     // per interface
  std::vector<std::unique_ptr<udp_echo::UecDriver>> drivers;    // per interface
  std::unique_ptr<udp_echo::SdosRuntime> runtime;

  Software(const ParamTable& p, const Plan& pl, Msc8144Soc& soc);
  static udp_echo::SoftwareCosts software_costs(const ParamTable& p);
  // Frames the software dropped so far, by reason ("driver.tx_ring_full",
  // "stack.no_socket", ...), every core and interface together.
  std::map<std::string, uint64_t> drops() const;
  // Core 0's boot: program the UEC tables, write every ring, then the rest of init.
  void init(CoreExecutor& core0, const Plan& pl, Msc8144Soc& soc);
};

}  // namespace ws::msc8144
