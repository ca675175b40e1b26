#include "models/irq/mpic.hpp"

#include <fmt/format.h>
#include <stdexcept>
#include "models/cpu/cpu.hpp"

namespace ws {

Mpic::Mpic(double latency_ns, std::vector<Cpu*> cpus) : IrqController("MPIC", latency_ns), cpus_(std::move(cpus)) {}

unsigned Mpic::check(unsigned mask) const {
  if (mask == 0 || mask >> cpus_.size())
    throw std::logic_error(fmt::format("MPIC: destination mask {:#x} names no CPU or one beyond CPU{}", mask,
                                       cpus_.size() - 1));
  return mask;
}

Mpic::Source& Mpic::source_of(unsigned source) {
  if (source >= sources_.size() || sources_[source].mask == 0)
    throw std::logic_error(fmt::format("MPIC source {} used but not configured", source));
  return sources_[source];
}

void Mpic::configure(unsigned source, unsigned line, unsigned priority, unsigned mask) {
  if (priority < 1 || priority > 15) throw std::logic_error("MPIC priorities are 1..15 (0 masks the source)");
  if (source >= sources_.size()) sources_.resize(source + 1);
  sources_[source] = Source{line, check(mask), 0};
  for (Cpu* c : cpus_) c->set_line_priority(line, priority);
}

void Mpic::set_mask(unsigned source, unsigned mask) { source_of(source).mask = check(mask); }

unsigned Mpic::mask(unsigned source) const { return source < sources_.size() ? sources_[source].mask : 0; }

void Mpic::raise(unsigned source) {
  Source& s = source_of(source);
  unsigned cpu = s.next % unsigned(cpus_.size());
  while (!(s.mask >> cpu & 1)) cpu = (cpu + 1) % unsigned(cpus_.size());
  s.next = cpu + 1;
  route(source, cpus_[cpu], s.line);
  IrqController::raise(source);
}

void Mpic::ipi(unsigned mask, unsigned line) {
  for (unsigned c = 0; c < cpus_.size(); ++c)
    if (check(mask) >> c & 1) cpus_[c]->raise(line, now() + ns(latency_ns()));
}

}  // namespace ws
