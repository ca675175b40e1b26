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

const std::vector<Platform>& platforms() {
  static const std::vector<Platform> all = {
      msc815x_pcie_platform(),
      msc8144_platform(),
      a7_platform(),
      k2h_platform(),
      mpc8572_platform(),
      mpc8572_platform("platforms/mpc8572/p2020.yaml"),  // a variant: its board file only
      polarfire_pcie_platform(),
      am261x_platform(),
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
