// The Cpu's parameters: its caches, interrupt entry and exit, register and
// cache maintenance costs, and how its code and copies are priced. The clock
// is the board's (a SoC's cores share it).
#include "models/cpu/cpu.hpp"

#include <fmt/format.h>
#include <string>

namespace ws {

const Bindings<Cpu::Config>& Cpu::bindings() {
  using C = Config;
  using K = ParamSpec::Kind;
  // KB to bytes; the line is both L1s' and the L2's.
  const auto kb = [](Cache::Config C::*cache) {
    return [cache](C& c, const ParamTable& p, const std::string& key) { (c.*cache).size_bytes = uint32_t(p.i(key) * 1024); };
  };
  const auto ways = [](Cache::Config C::*cache) {
    return [cache](C& c, const ParamTable& p, const std::string& key) { (c.*cache).ways = uint32_t(p.i(key)); };
  };
  static const Bindings<C> b =
      Bindings<C>()
          .derived(model_number("l1d_kb", K::Int, 4, 64, "KB", "L1 data cache size"), kb(&C::l1d))
          .derived(model_number("l1d_ways", K::Int, 1, 16, "ways", "L1 data cache associativity"), ways(&C::l1d))
          .derived(model_number("l1d_line_bytes", K::Int, 32, 256, "B", "L1 data and instruction cache line"),
                   [](C& c, const ParamTable& p, const std::string& key) {
                     c.l1d.line_bytes = c.l1i.line_bytes = c.l2.line_bytes = uint32_t(p.i(key));
                   })
          .derived(model_number("l1i_kb", K::Int, 4, 64, "KB", "L1 instruction cache size"), kb(&C::l1i))
          .derived(model_number("l1i_ways", K::Int, 1, 16, "ways", "L1 instruction cache associativity"), ways(&C::l1i))
          .number("cache_op_cycles", &C::cache_op_cycles, K::Real, 0, 100, "cycles/line",
                  "invalidate or flush sweep cost per line")
          .number("isr_entry_cycles", &C::isr_entry_cycles, K::Real, 0, 10000, "cycles",
                  "exception entry to the handler's first instruction (run as that many instructions of one "
                  "cycle: with the I-cache off their fetches cost more)")
          .optional()
          .number("isr_exit_cycles", &C::isr_exit_cycles, K::Real, 0, 10000, "cycles",
                  "the handler's return to the interrupted context (run as isr_entry_cycles is)")
          .optional()
          .number("reg_access_ns", &C::reg_access_ns, K::Real, 0, 10000, "ns",
                  "one device register access over the peripheral bus")
          .optional()
          .number("data_accesses_per_instruction", &C::data_accesses_per_instruction, K::Real, 0, 1, "accesses",
                  "loads and stores per instruction of the kernel's code")
          .optional()
          .derived(model_number("l2_kb", K::Int, 128, 4096, "KB", "L2"), kb(&C::l2))
          .optional()
          .number("l2_hit_cycles", &C::l2_hit_cycles, K::Real, 0, 200, "cycles", "an L1 miss served by the L2")
          .optional()
          .number("write_streaming_lines", &C::write_streaming_lines, K::Int, 0, 64, "lines",
                  "whole lines a copy writes before the L1 stops reading them first (write streaming; 0: never)")
          .optional()
          .number("ifetch_bytes", &C::ifetch_bytes, K::Int, 4, 64, "B", "one instruction fetch with the I-cache off")
          .optional()
          .number("loop_ipc", &C::loop_ipc, K::Real, 1, 3, "instructions/cycle",
                  "what a tight copy or checksum loop issues per cycle")
          .optional()
          .number("load_store_bytes_per_cycle", &C::load_store_bytes_per_cycle, K::Int, 4, 32, "B/cycle",
                  "what the load/store unit moves per cycle (LDM, VLDM)")
          .optional()
          .derived(model_number("code_footprint_kb", K::Real, 0, 4096, "KB",
                                "the hot path's code, run as a loop through the I-cache (0: the I-cache always hits)"),
                   [](C& c, const ParamTable& p, const std::string& key) {
                     c.code_footprint_bytes = uint32_t(p.r(key) * 1024);
                   })
          .optional()
          .number("code_bytes_per_instruction", &C::code_bytes_per_instruction, K::Real, 2, 4, "B",
                  "code bytes per instruction (Thumb-2 mixes 2 and 4 B)")
          .optional();
  return b;
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
