#pragma once
// EPIC, the embedded programmable interrupt controller: routes each interrupt
// source (here, one per UEC queue) to the core that owns it, after a delivery latency.
#include <systemc>
#include <cstdint>
#include <string>
#include <vector>

namespace ws {

class CoreExecutor;

class Epic {
 public:
  explicit Epic(double latency_ns) : latency_ns_(latency_ns) {}
  // Sends `source` to `core` as its interrupt line `line`; a source has one owner.
  void route(unsigned source, CoreExecutor* core, unsigned line);
  // A device asserts `source` now; throws std::logic_error for an unrouted source.
  void raise(unsigned source);

 private:
  struct Route {
    CoreExecutor* core = nullptr;
    unsigned line = 0;
  };
  double latency_ns_;
  std::vector<Route> routes_;
};

}  // namespace ws
