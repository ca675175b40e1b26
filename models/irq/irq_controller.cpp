#include "models/irq/irq_controller.hpp"

#include <fmt/format.h>
#include <stdexcept>
#include "models/cpu/cpu.hpp"

namespace ws {

void IrqController::declare_params(ParamTable& t, const std::string& prefix) {
  t.declare_model(model_number(prefix + ".latency_ns", ParamSpec::Kind::Real, 0, 1000, "ns",
                               "delivery from an interrupt source to the core's input"));
}

void IrqController::route(unsigned source, Cpu* cpu, unsigned line) {
  if (source >= routes_.size()) routes_.resize(source + 1);
  routes_[source].cpu = cpu;
  routes_[source].line = line;
}

const IrqController::Route& IrqController::route_of(unsigned source, const char* what) const {
  if (source >= routes_.size() || !routes_[source].cpu)
    throw std::logic_error(fmt::format("{} source {} {} but not routed", name_, source, what));
  return routes_[source];
}

void IrqController::raise(unsigned source) {
  const Route& r = route_of(source, "raised");
  ++routes_[source].raised;
  r.cpu->raise(r.line, now() + ns(latency_ns_));
}

void IrqController::lower(unsigned source) {
  const Route& r = route_of(source, "lowered");
  r.cpu->lower(r.line);
}

const Cpu* IrqController::routed_to(unsigned source) const {
  return source < routes_.size() ? routes_[source].cpu : nullptr;
}

}  // namespace ws
