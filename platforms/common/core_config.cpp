#include "platforms/common/core_config.hpp"

namespace ws {

Cpu::Config core_config(const ParamTable& p, const std::string& prefix, uint32_t l2_ways) {
  const auto [l1d, l1i] = Cpu::cache_configs(p, prefix);
  Cpu::Config c{p.r("soc.core_mhz") * 1e6, l1d, l1i, p.r(prefix + ".isr_entry_cycles"),
                p.r(prefix + ".isr_exit_cycles"), p.r(prefix + ".cache_op_cycles"), p.r(prefix + ".reg_access_ns")};
  c.data_accesses_per_instruction = p.r(prefix + ".data_accesses_per_instruction");
  if (l2_ways) {
    c.l2 = Cache::Config{uint32_t(p.i(prefix + ".l2_kb") * 1024), l2_ways, l1d.line_bytes};
    c.l2_hit_cycles = p.r(prefix + ".l2_hit_cycles");
  }
  return c;
}

}  // namespace ws
