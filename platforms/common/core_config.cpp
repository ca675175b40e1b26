#include "platforms/common/core_config.hpp"

namespace ws {

void declare_core_clock(ParamTable& t) {
  t.declare_model(model_number("soc.core_mhz", ParamSpec::Kind::Real, 10, 5000, "MHz",
                               "the cores' clock: their cycles' length"));
}

double core_hz(const ParamTable& p) { return p.r("soc.core_mhz") * 1e6; }

void declare_core_config(ParamTable& t, const std::string& prefix) {
  declare_core_clock(t);
  Cpu::bindings().declare(t, prefix);
}

Cpu::Config core_config(const ParamTable& p, const std::string& prefix, uint32_t l2_ways) {
  Cpu::Config c = Cpu::bindings().build(p, prefix);
  c.hz = core_hz(p);
  c.l2.ways = l2_ways;
  if (!l2_ways) c.l2.size_bytes = 0;
  return c;
}

}  // namespace ws
