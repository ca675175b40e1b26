#include "models/bus/interconnect.hpp"
#include "models/mem/dependent_reads.hpp"
#include "models/mem/repeated_access.hpp"
#include "models/mem/timed_route.hpp"

#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <fmt/format.h>
#include "models/sim/sim_time.hpp"

namespace ws {

Interconnect::Interconnect(sc_core::sc_module_name name, const Config& cfg, StatsRegistry& stats)
    : sc_core::sc_module(name), in("in"), out("out"), cfg_(cfg), hop_(ns(cfg.hop_ns)), xfer_(cfg.bytes_per_ns),
      bus_(cfg.decoupled_initiators ? nullptr : stats.resource(fmt::format("{}.bus", this->name()))),
      gap_bus_(cfg.decoupled_initiators ? stats.resource(fmt::format("{}.bus", this->name())) : nullptr) {
  if (!cfg_.non_blocking && cfg_.bytes_per_ns <= 0) throw std::invalid_argument(fmt::format("{}: bytes_per_ns must be > 0", this->name()));
  in.register_b_transport(this, &Interconnect::b_transport);
  in.register_transport_dbg(this, &Interconnect::transport_dbg);
  in.register_get_direct_mem_ptr(this, &Interconnect::get_direct_mem_ptr);
  out.register_invalidate_direct_mem_ptr(this, &Interconnect::invalidate_direct_mem_ptr);
}

void Interconnect::map(unsigned out_index, uint64_t base, uint64_t size) {
  if (size == 0 || base + size - 1 < base)
    throw std::invalid_argument(fmt::format("{}: bad window {:#x}+{:#x}", name(), base, size));
  auto next = windows_.lower_bound(base);
  const bool hits_next = next != windows_.end() && next->first <= base + size - 1;
  const bool hits_prev = next != windows_.begin() && std::prev(next)->first + (std::prev(next)->second.size - 1) >= base;
  if (hits_next || hits_prev)
    throw std::invalid_argument(fmt::format("{}: window {:#x}+{:#x} overlaps another", name(), base, size));
  windows_.emplace(base, Window{size, out_index});
}

const Interconnect::Window* Interconnect::decode(uint64_t addr, uint64_t len, uint64_t& base) const {
  // Accesses cluster: try the window that served the last one first.
  if (last_ != windows_.end() && addr >= last_->first && addr - last_->first < last_->second.size &&
      len <= last_->second.size - (addr - last_->first)) {
    base = last_->first;
    return &last_->second;
  }
  auto it = windows_.upper_bound(addr);
  if (it == windows_.begin()) return nullptr;
  --it;
  const uint64_t off = addr - it->first;
  // A transaction straddling two windows is an error rather than silently split.
  if (off >= it->second.size || len > it->second.size - off) return nullptr;
  base = it->first;
  last_ = it;
  return &it->second;
}

void Interconnect::b_transport(int, tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
  const uint64_t addr = t.get_address();
  const uint64_t len = t.get_data_length();
  DependentReads* chain = t.get_extension<DependentReads>();
  uint64_t base = 0;
  const Window* w = decode(addr, chain ? chain->span(len) : len, base);
  if (!w) {
    t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  if (const RepeatedAccess* rep = t.get_extension<RepeatedAccess>()) {
    const sc_core::sc_time xfer = cfg_.non_blocking ? sc_core::SC_ZERO_TIME : xfer_.of(len);
    if (cfg_.decoupled_initiators && !cfg_.non_blocking) gap_bus_.account(rep->more, xfer, len, rep->until);
    else bus_.account(rep->more, xfer, len, rep->until);
  } else if (chain && !takes_chains()) {
    t.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  } else {
    delay = pass(len, delay);
    if (chain) chain->path += hop_;
  }
  t.set_address(addr - base);
  out[w->out]->b_transport(t, delay);
  t.set_address(addr);  // initiators may reuse the payload and expect their address back
}

sc_core::sc_time Interconnect::pass(uint64_t len, const sc_core::sc_time& delay) {
  const sc_core::sc_time& now = ws::now();
  if (cfg_.non_blocking) {
    bus_.serve(now + delay, sc_core::SC_ZERO_TIME, len);  // counts traffic; a crossbar is never busy as a whole
    return delay + hop_;
  }
  const sc_core::sc_time& xfer = xfer_.of(len);
  const sc_core::sc_time start =
      cfg_.decoupled_initiators ? gap_bus_.serve(now + delay, xfer, len) : bus_.serve(now + delay, xfer, len);
  return start + xfer + hop_ - now;
}

unsigned Interconnect::transport_dbg(int, tlm::tlm_generic_payload& t) {
  const uint64_t addr = t.get_address();
  uint64_t base = 0;
  const Window* w = decode(addr, t.get_data_length(), base);
  if (!w) {
    t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return 0;
  }
  t.set_address(addr - base);
  const unsigned n = out[w->out]->transport_dbg(t);
  t.set_address(addr);
  return n;
}

bool Interconnect::get_direct_mem_ptr(int, tlm::tlm_generic_payload& t, tlm::tlm_dmi& dmi) {
  const uint64_t addr = t.get_address();
  uint64_t base = 0;
  const Window* w = decode(addr, 1, base);
  if (!w) {  // a hole: refused over the hole, between the neighbouring windows
    auto next = windows_.upper_bound(addr);
    dmi.set_start_address(next == windows_.begin() ? 0 : std::prev(next)->first + std::prev(next)->second.size);
    dmi.set_end_address(next == windows_.end() ? ~uint64_t(0) : next->first - 1);
    return false;
  }
  TimedRoute* route = t.get_extension<TimedRoute>();
  if (route) route->add_hop(this);
  t.set_address(addr - base);
  const bool granted = out[w->out]->get_direct_mem_ptr(t, dmi);
  t.set_address(addr);
  // Into this side's addresses, within the window. A grant starts at or below the
  // address, so only its end (or a refusal's range) can lie past the window.
  dmi.set_start_address(base + std::min<uint64_t>(dmi.get_start_address(), w->size - 1));
  dmi.set_end_address(base + std::min<uint64_t>(dmi.get_end_address(), w->size - 1));
  return granted;
}

// A target's revoked range, in the addresses of every window it serves, to every initiator.
void Interconnect::invalidate_direct_mem_ptr(int target, sc_dt::uint64 start, sc_dt::uint64 end) {
  for (const auto& [base, w] : windows_) {
    if (int(w.out) != target || start >= w.size) continue;
    const uint64_t last = std::min<uint64_t>(end, w.size - 1);
    for (unsigned i = 0; i < in.size(); ++i) in[i]->invalidate_direct_mem_ptr(base + start, base + last);
  }
}

void Interconnect::end_of_elaboration() {
  // Catch a map() naming an unbound output now rather than at the first access.
  for (auto& [base, w] : windows_)
    if (w.out >= out.size())
      SC_REPORT_ERROR(name(), fmt::format("window {:#x} maps to out[{}] but only {} bound", base, w.out,
                                          out.size()).c_str());
}

Interconnect::Config Interconnect::from(const ParamTable& p, const std::string& prefix, Config base) {
  base.hop_ns = p.r(prefix + ".hop_ns");
  if (!base.non_blocking) base.bytes_per_ns = p.r(prefix + ".bytes_per_ns");
  return base;
}

Interconnect::Config Interconnect::from(const ParamTable& p, const std::string& prefix) {
  return from(p, prefix, Config{});
}

void Interconnect::declare_params(ParamTable& t, const std::string& prefix, bool non_blocking) {
  using K = ParamSpec::Kind;
  t.declare_model(model_number(prefix + ".hop_ns", K::Real, 0, 1000, "ns",
                               prefix + " traversal latency per access, after the transfer"));
  if (!non_blocking)
    t.declare_model(model_number(prefix + ".bytes_per_ns", K::Real, 0.1, 100, "B/ns", prefix + " shared data path"));
}

}  // namespace ws
