#include "models/irq/gic.hpp"

#include <stdexcept>
#include "models/cpu/cpu.hpp"

namespace ws {

void Gic::connect(unsigned source, Cpu* cpu, unsigned line, unsigned priority) {
  if (priority > 255) throw std::logic_error("GIC priorities are 0..255");
  route(source, cpu, line);
  if (source >= sources_.size()) sources_.resize(source + 1);
  sources_[source] = {cpu, line};
  cpu->set_line_priority(line, 256 - priority);  // 0 (most urgent) -> 256
}

void Gic::set_enabled(unsigned source, bool on) {
  if (source >= sources_.size() || !sources_[source].cpu) throw std::logic_error("GIC source not connected");
  sources_[source].cpu->set_line_enabled(sources_[source].line, on);
}

}  // namespace ws
