#include "models/mem/snoop_domain.hpp"

namespace ws {

void SnoopDomain::declare_params(ParamTable& t, const std::string& prefix) {
  using K = ParamSpec::Kind;
  t.declare_model(model_number(prefix + ".intervention_cycles", K::Real, 0, 10000, "cycles",
                               "a miss served by another core's modified line, beyond an L2 hit"));
  t.declare_model(model_number(prefix + ".invalidate_cycles", K::Real, 0, 10000, "cycles",
                               "taking a line exclusive: the invalidation of the other cores' copies"));
}

void SnoopDomain::declare_l2_params(ParamTable& t, const std::string& prefix) {
  using K = ParamSpec::Kind;
  t.declare_model(model_number(prefix + ".kb", K::Int, 64, 8192, "KB", "the cores' shared L2"));
  t.declare_model(model_number(prefix + ".hit_cycles", K::Real, 0, 200, "cycles", "an L1 miss served by the shared L2"));
}

SnoopDomain::Config SnoopDomain::from(const ParamTable& p, const std::string& prefix, const std::string& l2_prefix,
                                      uint32_t ways, uint32_t line_bytes) {
  return Config{Cache::Config{uint32_t(p.i(l2_prefix + ".kb") * 1024), ways, line_bytes},
                p.r(prefix + ".intervention_cycles"), p.r(prefix + ".invalidate_cycles")};
}

SnoopDomain::SnoopDomain(const Config& cfg) : cfg_(cfg), l2_(cfg.l2) {}

unsigned SnoopDomain::join(Cache& l1d) {
  if (l1d.config().line_bytes != cfg_.l2.line_bytes)
    throw std::invalid_argument("a coherent L1 must have the shared L2's line size");
  l1s_.push_back(&l1d);
  return unsigned(l1s_.size() - 1);
}

void SnoopDomain::name_region(uint64_t base, uint64_t size, std::string name) {
  regions_.push_back({base, size, std::move(name), {}});
}

SnoopDomain::Moves& SnoopDomain::region(uint64_t addr) {
  for (Region& r : regions_)
    if (addr >= r.base && addr - r.base < r.size) return r.moves;
  return other_.moves;
}

std::map<std::string, SnoopDomain::Moves> SnoopDomain::moves() const {
  std::map<std::string, Moves> out;
  for (const Region& r : regions_) out[r.name] = r.moves;
  if (other_.moves.core_to_core || other_.moves.to_device || other_.moves.invalidations) out["other"] = other_.moves;
  return out;
}

double SnoopDomain::snoop_others(unsigned core, uint64_t addr, uint64_t n, bool write) {
  const uint64_t step = cfg_.l2.line_bytes;
  double cycles = 0;
  for (uint64_t line = addr & ~(step - 1); line < addr + n; line += step) {
    bool others = false;
    for (unsigned c = 0; c < l1s_.size(); ++c) {
      if (c == core) continue;
      const Cache::Held held = l1s_[c]->held(line);
      if (held == Cache::Held::No) continue;
      others = true;
      if (held == Cache::Held::Dirty) {  // Modified there: it supplies the line, which goes into the L2
        ++interventions_;
        ++region(line).core_to_core;
        cycles += cfg_.intervention_cycles;
        l1s_[c]->flush(line, step, [](uint64_t) {});
        l2_.access(line, step, true, [](uint64_t) {}, [](uint64_t) {});
      }
      if (write) {
        ++invalidations_;
        ++region(line).invalidations;
        l1s_[c]->invalidate(line, step);
      }
    }
    if (write && others) cycles += cfg_.invalidate_cycles;
  }
  return cycles;
}

void SnoopDomain::device_write(uint64_t addr, uint64_t n) {
  for (Cache* l1 : l1s_) {
    if (l1->untouched()) continue;
    if (const uint64_t k = l1->invalidate(addr, n)) {
      invalidations_ += k;
      region(addr).invalidations += k;
    }
  }
  l2_.invalidate(addr, n);
}

void SnoopDomain::device_read(uint64_t addr, uint64_t n) {
  for (Cache* l1 : l1s_) {
    if (l1->untouched()) continue;
    if (const uint64_t k = l1->flush(addr, n, [](uint64_t) {})) {
      interventions_ += k;
      region(addr).to_device += k;
    }
  }
}

}  // namespace ws
