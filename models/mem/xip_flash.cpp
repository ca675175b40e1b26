#include "models/mem/xip_flash.hpp"

#include <cstring>
#include "models/mem/repeated_access.hpp"
#include "models/sim/sim_time.hpp"

namespace ws {

XipFlash::XipFlash(sc_core::sc_module_name name, const Config& cfg, StatsRegistry& stats)
    : sc_module(name), socket("socket"), cfg_(cfg), ospi_(stats.resource(std::string(basename()) + ".ospi")) {
  if (cfg.rl2_kb) cache_ = std::make_unique<Cache>(Cache::Config{cfg.rl2_kb * 1024, cfg.rl2_ways, kLine});
  socket.register_b_transport(this, &XipFlash::b_transport);
}

sc_core::sc_time XipFlash::line_read() const {
  const double cycles = cfg_.command_cycles + cfg_.dummy_cycles + kLine / cfg_.bytes_per_cycle;
  return ns(cycles * 1e3 / cfg_.ospi_mhz);
}

void XipFlash::b_transport(int, tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
  const uint64_t addr = t.get_address(), n = t.get_data_length();
  if (!t.is_read() || addr > cfg_.size || n > cfg_.size - addr) {
    t.set_response_status(t.is_read() ? tlm::TLM_ADDRESS_ERROR_RESPONSE : tlm::TLM_COMMAND_ERROR_RESPONSE);
    return;
  }
  if (const RepeatedAccess* rep = t.get_extension<RepeatedAccess>()) {
    // Repeats of a read already timed: without the RL2 each reads its lines
    // from the flash again; with it they hit the lines the first one kept.
    const uint64_t lines = (addr + n + kLine - 1) / kLine - addr / kLine;
    if (!cache_) lines_ += rep->more * lines, ospi_.account(rep->more * lines, line_read(), kLine, rep->until);
    t.set_response_status(tlm::TLM_OK_RESPONSE);
    return;
  }
  std::memset(t.get_data_ptr(), 0, n);
  // Each line of the request: from the RL2's bank, or read from the flash and kept.
  sc_core::sc_time at = now() + delay;
  const sc_core::sc_time hit = ns(cfg_.rl2_hit_ns);
  for (uint64_t line = addr / kLine * kLine; line < addr + n; line += kLine) {
    bool missed = !cache_;
    if (cache_) cache_->access(line, kLine, false, [&](uint64_t) { missed = true; }, [](uint64_t) {});
    if (missed) {
      ++lines_;
      at = ospi_.serve(at, line_read(), kLine) + line_read();
    } else {
      at += hit;
    }
  }
  delay = at - now();
  t.set_response_status(tlm::TLM_OK_RESPONSE);
}

const Bindings<XipFlash::Config>& XipFlash::Config::ospi_bindings() {
  using C = XipFlash::Config;
  using K = ParamSpec::Kind;
  static const Bindings<C> b =
      Bindings<C>()
          .number("ospi_mhz", &C::ospi_mhz, K::Real, 1, 200, "MHz", "the OSPI clock")
          .number("command_cycles", &C::command_cycles, K::Real, 0, 100, "OSPI clocks",
                  "a read's command and address phases")
          .number("dummy_cycles", &C::dummy_cycles, K::Real, 0, 64, "OSPI clocks", "a read's dummy cycles")
          .number("bytes_per_cycle", &C::bytes_per_cycle, K::Real, 0.125, 2, "B/clock",
                  "data per OSPI clock: the data lines / 8, x 2 for DDR");
  return b;
}

const Bindings<XipFlash::Config>& XipFlash::Config::rl2_bindings() {
  using C = XipFlash::Config;
  using K = ParamSpec::Kind;
  static const Bindings<C> b =
      Bindings<C>()
          .derived(model_choice("kb", {"none", "8", "16", "32", "64", "128"}, "KB",
                                "the RL2 read cache in front of the flash (its bank in on-chip SRAM); none: off"),
                   [](C& c, const ParamTable& p, const std::string& key) {
                     const std::string v = p.s(key);
                     c.rl2_kb = v == "none" ? 0 : uint32_t(std::stoul(v));
                   })
          .number("ways", &C::rl2_ways, K::Int, 1, 16, "ways", "the RL2's ways (LRU), a power of two as its sets are")
          .number("hit_ns", &C::rl2_hit_ns, K::Real, 0, 1000, "ns", "a 32 B line from the RL2's SRAM bank");
  return b;
}

}  // namespace ws
