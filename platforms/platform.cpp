#include "platforms/platform.hpp"

#include "platforms/a7_rtthread/a7_rtthread.hpp"
#include "platforms/am261x_lwip/am261x.hpp"
#include "platforms/common/board_file.hpp"
#include "platforms/k2h/k2h.hpp"
#include "platforms/mpc8572/mpc8572.hpp"
#include "platforms/msc8144/msc8144.hpp"
#include "platforms/msc815x_pcie/msc815x_pcie.hpp"
#include "platforms/polarfire_pcie/polarfire_pcie.hpp"

namespace ws {

namespace {
Platform with_scenario(Platform p, std::string scenario) {
  p.scenario = std::move(scenario);
  return p;
}
}  // namespace

// Each with its default scenario: the study's headline configuration.
const std::vector<Platform>& platforms() {
  static const std::vector<Platform> all = {
      with_scenario(msc815x_pcie_platform(), "workloads/pcie_dma/scenarios/x4_write_32k.yaml"),
      with_scenario(msc8144_platform(), "workloads/udp_echo/scenarios/echo_64b.yaml"),
      with_scenario(a7_platform(), "workloads/iperf/scenarios/s5_final.yaml"),
      with_scenario(k2h_platform(), "workloads/ftp/scenarios/s5_final.yaml"),
      with_scenario(mpc8572_platform(), "workloads/ipfwd/scenarios/default_smp.yaml"),
      // A variant: its board file only.
      with_scenario(mpc8572_platform("platforms/mpc8572/p2020.yaml"), "workloads/ipfwd/scenarios/p2020_smp.yaml"),
      with_scenario(polarfire_pcie_platform(), "workloads/pcie_dma/scenarios/fpga_to_pc.yaml"),
      with_scenario(am261x_platform(), "workloads/iperf/scenarios/am261x.yaml"),
  };
  return all;
}

const Platform* find_platform(const std::string& name) {
  if (name.size() > 5 && name.ends_with(".yaml")) return &file_platform(name);
  for (const auto& p : platforms())
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace ws
