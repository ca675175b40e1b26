#include "models/mem/memory.hpp"
#include "models/mem/dependent_reads.hpp"
#include "models/mem/repeated_access.hpp"
#include "models/mem/timed_route.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>
#include <fmt/format.h>
#include "models/sim/sim_time.hpp"

namespace ws {

Memory::Memory(sc_core::sc_module_name name, const Config& cfg, StatsRegistry& stats)
    : sc_core::sc_module(name), socket("socket"), cfg_(cfg), latency_(ns(cfg.latency_ns)), xfer_(cfg.bytes_per_ns) {
  if (cfg_.size > (uint64_t{1} << 40)) throw std::invalid_argument(fmt::format("{}: size above 2^40", this->name()));
  if (cfg_.ports == 0 || cfg_.bytes_per_ns <= 0)
    throw std::invalid_argument(fmt::format("{}: needs ports >= 1 and bytes_per_ns > 0", this->name()));
  const uint64_t pages = (cfg_.size + kPageSize - 1) >> kPageBits;
  leaves_.resize((pages + (uint64_t{1} << kLeafBits) - 1) >> kLeafBits);
  for (unsigned i = 0; i < cfg_.ports; ++i)
    if (cfg.decoupled_initiators) gap_ports_.emplace_back(stats.resource(fmt::format("{}.port{}", this->name(), i)));
    else ports_.emplace_back(stats.resource(fmt::format("{}.port{}", this->name(), i)));
  if (std::has_single_bit(cfg_.interleave_bytes) && std::has_single_bit(cfg_.ports))
    interleave_shift_ = std::countr_zero(cfg_.interleave_bytes);
  socket.register_b_transport(this, &Memory::b_transport);
  socket.register_transport_dbg(this, &Memory::transport_dbg);
  socket.register_get_direct_mem_ptr(this, &Memory::get_direct_mem_ptr);
}

uint8_t* Memory::new_page(uint64_t number) {
  auto& leaf = leaves_[number >> kLeafBits];
  if (!leaf) leaf = std::make_unique<Leaf>();  // value-initialised: no page yet
  uint8_t*& slot = (*leaf)[number & ((uint64_t{1} << kLeafBits) - 1)];
  slot = arena_.take();  // zeros: unwritten bytes read 0
  // An initiator may hold a read-only grant of the zero page for it: it asks again.
  if (zero_granted_)
    for (unsigned i = 0; i < socket.size(); ++i)
      socket[int(i)]->invalidate_direct_mem_ptr(number << kPageBits, ((number + 1) << kPageBits) - 1);
  return slot;
}

void Memory::throw_out_of_range(const char* what, uint64_t addr, uint64_t n) const {
  throw std::out_of_range(fmt::format("{}: {} [{:#x}, +{}) out of range", name(), what, addr, n));
}

uint8_t* Memory::zeros() {
  static std::array<uint8_t, kPageSize> page{};
  return page.data();
}

void Memory::write(uint64_t addr, const uint8_t* p, size_t n) {
  edit(addr, n, [p](uint8_t* d, uint64_t at, size_t k) { std::memcpy(d, p + at, k); });
}

void Memory::read(uint64_t addr, uint8_t* p, size_t n) const {
  view(addr, n, [p](const uint8_t* s, uint64_t at, size_t k) { std::memcpy(p + at, s, k); });
}

bool Memory::accept(tlm::tlm_generic_payload& t) const {
  const auto cmd = t.get_command();
  if (cmd != tlm::TLM_READ_COMMAND && cmd != tlm::TLM_WRITE_COMMAND) {
    t.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
  } else if (!in_range(t.get_address(), t.get_data_length())) {
    t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
  } else if (t.get_byte_enable_ptr()) {
    // Byte enables are not modelled; rejecting beats silently writing masked bytes.
    t.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
  } else if (t.get_streaming_width() != 0 && t.get_streaming_width() < t.get_data_length()) {
    // Streaming (FIFO-style) bursts are not modelled either; 0 means the
    // initiator left the field unset, which many initiators do.
    t.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
  } else {
    return true;
  }
  return false;
}

void Memory::move_data(tlm::tlm_generic_payload& t) {
  if (t.is_read()) read(t.get_address(), t.get_data_ptr(), t.get_data_length());
  else write(t.get_address(), t.get_data_ptr(), t.get_data_length());
  t.set_response_status(tlm::TLM_OK_RESPONSE);
}

void Memory::b_transport(int, tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
  if (!accept(t)) return;
  const uint64_t len = t.get_data_length();
  const sc_core::sc_time now = ws::now();
  if (const RepeatedAccess* rep = t.get_extension<RepeatedAccess>()) {
    const sc_core::sc_time& xfer = xfer_.of(len);
    // Repeats of an access already timed: the statistics of the port it used
    // (by address when interleaved, else the first, which a lone stream uses).
    const size_t i = cfg_.interleave_bytes ? port_of(t.get_address()) : 0;
    if (cfg_.decoupled_initiators) gap_ports_[i].account(rep->more, xfer, len, rep->until);
    else ports_[i].account(rep->more, xfer, len, rep->until);
    t.set_response_status(tlm::TLM_OK_RESPONSE);
    return;
  }
  const DependentReads* chain = t.get_extension<DependentReads>();
  if (chain && (!t.is_read() || chain->count == 0)) {
    t.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    return;
  }
  if (chain && !in_range(t.get_address(), chain->span(len))) {
    t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  // Each read of a chain arrives when the previous one's data is back and has
  // travelled the path again.
  const sc_core::sc_time done = chain ? serve_chain(t.get_address(), len, chain->count, chain->stride, chain->path, now + delay)
                                      : serve(t.get_address(), len, now + delay);
  delay = done - now;
  move_data(t);
}

sc_core::sc_time Memory::port_start(uint64_t addr, const sc_core::sc_time& arrival, const sc_core::sc_time& xfer,
                                    uint64_t len) {
  if (cfg_.interleave_bytes) {
    const size_t i = port_of(addr);
    return cfg_.decoupled_initiators ? gap_ports_[i].serve(arrival, xfer, len) : ports_[i].serve(arrival, xfer, len);
  }
  if (cfg_.decoupled_initiators) {
    if (gap_ports_.size() == 1) return gap_ports_[0].serve(arrival, xfer, len);
    // The port that can start it first serves the request (lowest index on a tie).
    GapServer* best = &gap_ports_[0];
    sc_core::sc_time best_start = best->probe(arrival, xfer);
    for (size_t i = 1; i < gap_ports_.size() && best_start > arrival; ++i) {
      const sc_core::sc_time s = gap_ports_[i].probe(arrival, xfer);
      if (s < best_start) best_start = s, best = &gap_ports_[i];
    }
    return best->serve(arrival, xfer, len);
  }
  // The port that frees earliest serves the request; with equal ports idle the
  // lowest index wins, so a single stream always uses port 0.
  auto port = std::min_element(ports_.begin(), ports_.end(),
                               [](const BusyServer& a, const BusyServer& b) { return a.free_at() < b.free_at(); });
  return port->serve(arrival, xfer, len);
}

unsigned Memory::transport_dbg(int, tlm::tlm_generic_payload& t) {
  if (!accept(t)) return 0;
  move_data(t);
  return t.get_data_length();
}

bool Memory::get_direct_mem_ptr(int, tlm::tlm_generic_payload& t, tlm::tlm_dmi& dmi) {
  const uint64_t addr = t.get_address();
  if (addr >= cfg_.size) {  // refused past the end only
    dmi.set_start_address(cfg_.size);
    dmi.set_end_address(~uint64_t(0));
    return false;
  }
  const uint64_t number = addr >> kPageBits;
  uint8_t* pg = page(number);
  // A page nobody wrote reads 0: granted as a shared page of zeros, for reading
  // only (its write allocates the page and revokes this grant).
  dmi.set_dmi_ptr(pg ? pg : zeros());
  dmi.set_start_address(number << kPageBits);
  dmi.set_end_address(std::min((number + 1) << kPageBits, cfg_.size) - 1);
  if (pg) dmi.allow_read_write();
  else dmi.allow_read(), zero_granted_ = true;
  if (TimedRoute* route = t.get_extension<TimedRoute>()) route->set_target(this, number << kPageBits);
  return true;
}

Memory::Config Memory::from(const ParamTable& p, const std::string& prefix, uint64_t size, unsigned ports,
                            bool decoupled_initiators) {
  return Config{size, p.r(prefix + ".latency_ns"), p.r(prefix + ".bytes_per_ns"), ports, decoupled_initiators};
}

Memory::Config Memory::from_clocked(const ParamTable& p, const std::string& prefix, double mhz, uint64_t size,
                                    unsigned ports, uint64_t interleave) {
  return Config{size, p.r(prefix + ".latency_cycles") * 1e3 / mhz, p.r(prefix + ".bytes_per_cycle") * mhz / 1e3, ports,
                true, interleave};
}

void Memory::declare_params(ParamTable& t, const std::string& prefix, bool clocked) {
  using K = ParamSpec::Kind;
  if (clocked) {
    t.declare_model(model_number(prefix + ".latency_cycles", K::Real, 0, 100, "cycles",
                                 prefix + " access latency after the port transfer, in its own clock"));
    t.declare_model(model_number(prefix + ".bytes_per_cycle", K::Real, 1, 32, "B/cycle", prefix + " port width"));
    return;
  }
  t.declare_model(model_number(prefix + ".latency_ns", K::Real, 0, 1000, "ns",
                               prefix + " access latency after the port transfer"));
  t.declare_model(model_number(prefix + ".bytes_per_ns", K::Real, 0.1, 100, "B/ns", prefix + " bandwidth per port"));
}

}  // namespace ws
