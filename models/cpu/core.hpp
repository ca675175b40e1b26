#pragma once
// A processor core as the software running on it sees it: one instruction stream,
// so the work it is given runs one piece after another, each costing cycles of the
// core's clock (host-compiled software annotated with exec()).
#include <systemc>
#include <string>
#include "models/sim/busy_server.hpp"
#include "models/sim/clock_domain.hpp"
#include "models/sim/stats.hpp"

namespace ws {

class Core {
 public:
  Core(const std::string& name, double hz, StatsRegistry& stats)
      : clk_(name + ".clk", hz), busy_(stats.resource(name)) {}
  // Runs `cycles` of work as soon as the core is free at or after `at`; returns when it ends.
  sc_core::sc_time exec(const sc_core::sc_time& at, double cycles) {
    const auto d = clk_.cycles(cycles);
    return busy_.serve(at, d) + d;
  }
  const ClockDomain& clock() const { return clk_; }

 private:
  ClockDomain clk_;
  BusyServer busy_;
};

}  // namespace ws
