#include "models/qe/quicc_engine.hpp"

#include <algorithm>

namespace ws::qe {

QuiccEngine::QuiccEngine(sc_core::sc_module_name name, const Config& cfg, StatsRegistry& stats)
    : sc_module(name), socket("socket"), cfg_(cfg), clk_(cfg.hz), data_path_(stats.resource(std::string(basename()) + ".data_path")) {
  for (unsigned i = 0; i < cfg.riscs; ++i)
    riscs_.emplace_back(stats.resource(std::string(basename()) + ".risc" + std::to_string(i)));
  socket.register_invalidate_direct_mem_ptr(this, &QuiccEngine::invalidate_direct_mem_ptr);
}

sc_core::sc_time QuiccEngine::risc(const sc_core::sc_time& at, double cycles) {
  const auto d = clk_.cycles(cycles);
  auto r = std::min_element(riscs_.begin(), riscs_.end(),
                            [&](const GapServer& a, const GapServer& b) { return a.probe(at, d) < b.probe(at, d); });
  return r->serve(at, d) + d;
}

sc_core::sc_time QuiccEngine::data_path(const sc_core::sc_time& at, uint32_t bytes) {
  const auto d = clk_.cycles(double(bytes) / cfg_.data_path_bytes_per_cycle);
  return data_path_.serve(at, d, bytes) + d;
}

sc_core::sc_time QuiccEngine::access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n,
                                     const sc_core::sc_time& at) {
  return now() + direct_.timed(socket, cmd, addr, data, n, at - now());
}

}  // namespace ws::qe
