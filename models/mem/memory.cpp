#include "models/mem/memory.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <fmt/format.h>
#include "models/sim/sim_time.hpp"

namespace ws {

Memory::Memory(sc_core::sc_module_name name, const Config& cfg, StatsRegistry& stats)
    : sc_core::sc_module(name), socket("socket"), cfg_(cfg) {
  if (cfg_.size > (uint64_t{1} << 40)) throw std::invalid_argument(fmt::format("{}: size above 2^40", this->name()));
  if (cfg_.ports == 0 || cfg_.bytes_per_ns <= 0)
    throw std::invalid_argument(fmt::format("{}: needs ports >= 1 and bytes_per_ns > 0", this->name()));
  for (unsigned i = 0; i < cfg_.ports; ++i)
    if (cfg.decoupled_initiators) gap_ports_.emplace_back(stats.resource(fmt::format("{}.port{}", this->name(), i)));
    else ports_.emplace_back(stats.resource(fmt::format("{}.port{}", this->name(), i)));
  socket.register_b_transport(this, &Memory::b_transport);
  socket.register_transport_dbg(this, &Memory::transport_dbg);
}

void Memory::write(uint64_t addr, const uint8_t* p, size_t n) {
  if (!in_range(addr, n)) throw std::out_of_range(fmt::format("{}: write [{:#x}, +{}) out of range", name(), addr, n));
  while (n > 0) {
    const uint64_t off = addr & (kPageSize - 1);
    const size_t chunk = std::min<uint64_t>(n, kPageSize - off);
    auto& page = pages_[addr >> kPageBits];
    if (!page) page = std::make_unique<Page>();  // value-initialised: unwritten bytes read 0
    std::memcpy(page->data() + off, p, chunk);
    addr += chunk, p += chunk, n -= chunk;
  }
}

void Memory::read(uint64_t addr, uint8_t* p, size_t n) const {
  if (!in_range(addr, n)) throw std::out_of_range(fmt::format("{}: read [{:#x}, +{}) out of range", name(), addr, n));
  while (n > 0) {
    const uint64_t off = addr & (kPageSize - 1);
    const size_t chunk = std::min<uint64_t>(n, kPageSize - off);
    auto it = pages_.find(addr >> kPageBits);
    if (it == pages_.end()) std::memset(p, 0, chunk);
    else std::memcpy(p, it->second->data() + off, chunk);
    addr += chunk, p += chunk, n -= chunk;
  }
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
  const sc_core::sc_time arrival = now + delay;
  const sc_core::sc_time xfer = ns(static_cast<double>(len) / cfg_.bytes_per_ns);
  sc_core::sc_time start;
  if (cfg_.decoupled_initiators) {
    // The port that can start it first serves the request (lowest index on a tie).
    GapServer* best = &gap_ports_[0];
    sc_core::sc_time best_start = best->probe(arrival, xfer);
    for (size_t i = 1; i < gap_ports_.size() && best_start > arrival; ++i) {
      const sc_core::sc_time s = gap_ports_[i].probe(arrival, xfer);
      if (s < best_start) best_start = s, best = &gap_ports_[i];
    }
    start = best->serve(arrival, xfer, len);
  } else {
    // The port that frees earliest serves the request; with equal ports idle the
    // lowest index wins, so a single stream always uses port 0.
    auto port = std::min_element(ports_.begin(), ports_.end(),
                                 [](const BusyServer& a, const BusyServer& b) { return a.free_at() < b.free_at(); });
    start = port->serve(arrival, xfer, len);
  }
  delay = start + xfer + ns(cfg_.latency_ns) - now;
  move_data(t);
}

unsigned Memory::transport_dbg(int, tlm::tlm_generic_payload& t) {
  if (!accept(t)) return 0;
  move_data(t);
  return t.get_data_length();
}

}  // namespace ws
