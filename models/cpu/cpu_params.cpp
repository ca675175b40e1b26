// The Cpu's parameters: the L1 geometry and the cost of cache maintenance.
#include "models/cpu/cpu.hpp"

#include <fmt/format.h>
#include <string>

namespace ws {

void Cpu::declare_params(ParamTable& t, const std::string& prefix) {
  using K = ParamSpec::Kind;
  t.declare_model(model_number(prefix + ".l1d_kb", K::Int, 4, 64, "KB", "L1 data cache size"));
  t.declare_model(model_number(prefix + ".l1d_ways", K::Int, 1, 16, "ways", "L1 data cache associativity"));
  t.declare_model(model_number(prefix + ".l1d_line_bytes", K::Int, 32, 256, "B", "L1 data and instruction cache line"));
  t.declare_model(model_number(prefix + ".l1i_kb", K::Int, 4, 64, "KB", "L1 instruction cache size"));
  t.declare_model(model_number(prefix + ".l1i_ways", K::Int, 1, 16, "ways", "L1 instruction cache associativity"));
  t.declare_model(model_number(prefix + ".cache_op_cycles", K::Real, 0, 100, "cycles/line",
                               "invalidate or flush sweep cost per line"));
}

std::pair<Cache::Config, Cache::Config> Cpu::cache_configs(const ParamTable& p, const std::string& prefix) {
  const auto line = uint32_t(p.i(prefix + ".l1d_line_bytes"));
  return {Cache::Config{uint32_t(p.i(prefix + ".l1d_kb") * 1024), uint32_t(p.i(prefix + ".l1d_ways")), line},
          Cache::Config{uint32_t(p.i(prefix + ".l1i_kb") * 1024), uint32_t(p.i(prefix + ".l1i_ways")), line}};
}

void Cpu::check_cache_params(const ParamTable& p, const std::string& prefix) {
  const std::string line_key = prefix + ".l1d_line_bytes";
  const int64_t line = p.i(line_key);
  if (line & (line - 1))
    throw InputError(fmt::format("{}: key '{}': {} B is not a power of two (valid: 32, 64, 128, 256)",
                                 p.origin(line_key), line_key, line));
  for (const char* which : {"l1d", "l1i"}) {
    const std::string kb = prefix + "." + which + "_kb", ways = prefix + "." + which + "_ways";
    const int64_t bytes = p.i(kb) * 1024, w = p.i(ways), sets = bytes / std::max<int64_t>(1, w * line);
    if (bytes % (w * line) == 0 && sets > 0 && !(sets & (sets - 1))) continue;
    std::string valid;
    for (int64_t k = 1; k <= bytes / line && k <= 16; k *= 2) valid += (valid.empty() ? "" : ", ") + std::to_string(k);
    throw InputError(fmt::format("{}: key '{}': {} ways of {} B lines in {} KB make {:.1f} sets, not a power of two "
                                 "(valid: {})", p.origin({ways.c_str(), kb.c_str()}), ways, w, line, p.i(kb),
                                 double(bytes) / double(w * line), valid));
  }
}

}  // namespace ws
