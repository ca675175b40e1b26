#include "models/mem/snoop_domain.hpp"

namespace ws {

void SnoopDomain::declare_params(ParamTable& t, const std::string& prefix) {
  using K = ParamSpec::Kind;
  t.declare_model(model_number(prefix + ".intervention_cycles", K::Real, 0, 10000, "cycles",
                               "a miss served by another core's modified line, beyond an L2 hit"));
  t.declare_model(model_number(prefix + ".invalidate_cycles", K::Real, 0, 10000, "cycles",
                               "taking a line exclusive: the invalidation of the other cores' copies"));
}

SnoopDomain::SnoopDomain(const Config& cfg) : cfg_(cfg), l2_(cfg.l2) {}

unsigned SnoopDomain::join(Cache& l1d) {
  if (l1d.config().line_bytes != cfg_.l2.line_bytes)
    throw std::invalid_argument("a coherent L1 must have the shared L2's line size");
  l1s_.push_back(&l1d);
  return unsigned(l1s_.size() - 1);
}

double SnoopDomain::snoop(unsigned core, uint64_t addr, uint64_t n, bool write) {
  const uint64_t step = cfg_.l2.line_bytes;
  double cycles = 0;
  for (uint64_t line = addr & ~(step - 1); line < addr + n; line += step) {
    bool others = false;
    for (unsigned c = 0; c < l1s_.size(); ++c) {
      if (c == core || !l1s_[c]->holds(line)) continue;
      others = true;
      if (l1s_[c]->dirty(line)) {  // Modified there: it supplies the line, which goes into the L2
        ++interventions_;
        cycles += cfg_.intervention_cycles;
        l1s_[c]->flush(line, step, [](uint64_t) {});
        l2_.access(line, step, true, [](uint64_t) {}, [](uint64_t) {});
      }
      if (write) {
        ++invalidations_;
        l1s_[c]->invalidate(line, step);
      }
    }
    if (write && others) cycles += cfg_.invalidate_cycles;
  }
  return cycles;
}

void SnoopDomain::device_write(uint64_t addr, uint64_t n) {
  for (Cache* l1 : l1s_) invalidations_ += l1->invalidate(addr, n);
  l2_.invalidate(addr, n);
}

void SnoopDomain::device_read(uint64_t addr, uint64_t n) {
  for (Cache* l1 : l1s_) interventions_ += l1->flush(addr, n, [](uint64_t) {});
}

}  // namespace ws
