#include "models/irq/epic.hpp"

#include <stdexcept>
#include "models/cpu/core_executor.hpp"

namespace ws {

void Epic::route(unsigned source, CoreExecutor* core, unsigned line) {
  if (source >= routes_.size()) routes_.resize(source + 1);
  if (routes_[source].core) throw std::logic_error("EPIC source " + std::to_string(source) + " routed twice");
  routes_[source] = {core, line};
}

void Epic::raise(unsigned source) {
  if (source >= routes_.size() || !routes_[source].core)
    throw std::logic_error("EPIC source " + std::to_string(source) + " raised but not routed");
  routes_[source].core->raise(routes_[source].line, now() + ns(latency_ns_));
}

}  // namespace ws
