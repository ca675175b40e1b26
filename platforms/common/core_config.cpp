#include "platforms/common/core_config.hpp"

namespace ws {

Cpu::Config core_config(const ParamTable& p, const std::string& prefix, uint32_t l2_ways) {
  Cpu::Config c = Cpu::bindings().build(p, prefix);
  c.hz = p.r("soc.core_mhz") * 1e6;
  c.l2.ways = l2_ways;
  if (!l2_ways) c.l2.size_bytes = 0;
  return c;
}

}  // namespace ws
