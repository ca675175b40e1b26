#include "models/irq/mpic.hpp"

#include <fmt/format.h>
#include <stdexcept>
#include "models/cpu/cpu.hpp"

namespace ws {

Mpic::Mpic(double latency_ns, std::vector<Cpu*> cpus) : IrqController("MPIC", latency_ns), cpus_(std::move(cpus)) {}

unsigned Mpic::check_cpu(unsigned cpu) const {
  if (cpu >= cpus_.size()) throw std::logic_error(fmt::format("MPIC: no CPU{} (CPUs 0..{})", cpu, cpus_.size() - 1));
  return cpu;
}

Mpic::Source& Mpic::source_of(unsigned source) {
  if (source >= sources_.size() || !sources_[source].configured)
    throw std::logic_error(fmt::format("MPIC source {} used but not configured", source));
  return sources_[source];
}

void Mpic::configure(unsigned source, unsigned line, unsigned priority, unsigned cpu) {
  if (priority < 1 || priority > 15) throw std::logic_error("MPIC priorities are 1..15 (0 masks the source)");
  if (source >= sources_.size()) sources_.resize(source + 1);
  sources_[source] = Source{true, line, check_cpu(cpu), std::vector<uint64_t>(cpus_.size())};
  for (Cpu* c : cpus_) c->set_line_priority(line, priority);
}

void Mpic::set_destination(unsigned source, unsigned cpu) { source_of(source).cpu = check_cpu(cpu); }

unsigned Mpic::destination(unsigned source) const {
  if (source >= sources_.size() || !sources_[source].configured)
    throw std::logic_error(fmt::format("MPIC source {} not configured", source));
  return sources_[source].cpu;
}

uint64_t Mpic::count(unsigned source, unsigned cpu) const {
  return source < sources_.size() && cpu < cpus_.size() && sources_[source].configured ? sources_[source].counts[cpu] : 0;
}

void Mpic::raise(unsigned source) {
  Source& s = source_of(source);
  ++s.counts[s.cpu];
  route(source, cpus_[s.cpu], s.line);
  IrqController::raise(source);
}

void Mpic::ipi(unsigned mask, unsigned line) {
  if (mask == 0 || mask >> cpus_.size())
    throw std::logic_error(fmt::format("MPIC: IPI mask {:#x} names no CPU or one beyond CPU{}", mask, cpus_.size() - 1));
  for (unsigned c = 0; c < cpus_.size(); ++c)
    if (mask >> c & 1) cpus_[c]->raise(line, now() + ns(latency_ns()));
}

}  // namespace ws
