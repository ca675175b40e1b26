#pragma once
// An interrupt controller: devices raise and lower their source; each source is
// routed to one interrupt input of one core, after the controller's delivery
// latency. Routing is configuration and may change while running (IRQ
// affinity, irqbalance): an assertion goes where the source is routed when it
// is raised. EPIC (MSC8144), GIC (Cortex-A) and MPIC (e500) derive from this.
#include <systemc>
#include "models/sim/param.hpp"
#include "models/sim/sim_time.hpp"
#include <cstdint>
#include <string>
#include <vector>

namespace ws {

class Cpu;

class IrqController {
 public:
  IrqController(std::string name, double latency_ns) : name_(std::move(name)), latency_ns_(latency_ns) {}
  virtual ~IrqController() = default;
  // "<prefix>.latency_ns": source to core input.
  static void declare_params(ParamTable& t, const std::string& prefix);
  // The "<prefix>.latency_ns" declare_params declared.
  static double latency_ns(const ParamTable& p, const std::string& prefix) { return p.r(prefix + ".latency_ns"); }
  // Sends `source` to input `line` of `cpu`; routing a source again moves it.
  void route(unsigned source, Cpu* cpu, unsigned line);
  // A device asserts `source` now; throws std::logic_error for an unrouted source.
  // A controller that picks the target per assertion (the MPIC) overrides it.
  virtual void raise(unsigned source);
  // A level-sensitive source deasserts: an assertion not yet taken is withdrawn.
  void lower(unsigned source);
  const Cpu* routed_to(unsigned source) const;
  uint64_t raised(unsigned source) const { return source < routes_.size() ? routes_[source].raised : 0; }
  double latency_ns() const { return latency_ns_; }

 private:
  struct Route {
    Cpu* cpu = nullptr;
    unsigned line = 0;
    uint64_t raised = 0;
  };
  const Route& route_of(unsigned source, const char* what) const;
  std::string name_;
  double latency_ns_;
  std::vector<Route> routes_;
};

}  // namespace ws
