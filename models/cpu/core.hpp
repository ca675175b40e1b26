#pragma once
// A processor core as the software running on it sees it: one instruction stream,
// so the work it is given runs one piece after another, each costing cycles of the
// core's clock (host-compiled software annotated with exec()).
#include <systemc>
#include <string>
#include "models/sim/busy_server.hpp"
#include "models/sim/clock_domain.hpp"
#include "models/sim/stats.hpp"
#include "models/sim/trace_writer.hpp"

namespace ws {

class Core {
 public:
  Core(const std::string& name, double hz, StatsRegistry& stats, TraceWriter* trace = nullptr)
      : name_(name), clk_(hz), busy_(stats.resource(name)), trace_(trace) {}
  // Runs `cycles` of work as soon as the core is free at or after `at`; returns when
  // it ends. `what` names the work on the core's trace track.
  sc_core::sc_time exec(const sc_core::sc_time& at, double cycles, const char* what = "work") {
    const auto d = clk_.cycles(cycles);
    const auto start = busy_.serve(at, d);
    if (trace_ && trace_->enabled()) trace_->complete(name_, what, start, d);
    return start + d;
  }
  const ClockDomain& clock() const { return clk_; }

 private:
  std::string name_;
  ClockDomain clk_;
  BusyServer busy_;
  TraceWriter* trace_;
};

}  // namespace ws
