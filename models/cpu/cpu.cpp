// The Cpu's time cursor and the software's accesses through it: code, the L1
// (and L2) caches by region attribute, uncached, atomic and device register
// accesses, cache maintenance. The interrupt inputs are in cpu_interrupts.cpp,
// the pricing of copies and checksum loops in cpu_copy.cpp.
#include "models/cpu/cpu.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include "models/mem/dependent_reads.hpp"
#include "models/mem/repeated_access.hpp"

namespace ws {

Cpu::Cpu(sc_core::sc_module_name name, const Config& cfg, Scheduler& sched, StatsRegistry& stats, TraceWriter* trace,
         const std::string& resource)
    : sc_module(name),
      socket("socket"),
      cfg_(cfg),
      resource_(resource.empty() ? basename() : resource),
      clk_(cfg.hz),
      sched_(sched),
      busy_(stats.resource(resource_)),
      trace_(trace),
      l1d_(cfg.l1d),
      l1i_(cfg.l1i),
      line_buf_(cfg.l1d.line_bytes) {
  socket.register_invalidate_direct_mem_ptr(this, &Cpu::invalidate_direct_mem_ptr);
  if (cfg.l1i.line_bytes != cfg.l1d.line_bytes)
    throw std::invalid_argument(fmt::format("{}: L1 I and D lines differ ({} B, {} B)", basename(), cfg.l1i.line_bytes,
                                            cfg.l1d.line_bytes));
  if (cfg.l2.size_bytes) {
    if (cfg.l2.line_bytes != cfg.l1d.line_bytes)
      throw std::invalid_argument(fmt::format("{}: L2 and L1 lines differ ({} B, {} B)", basename(), cfg.l2.line_bytes,
                                              cfg.l1d.line_bytes));
    own_l2_ = std::make_unique<Cache>(cfg.l2), l2_ = own_l2_.get();
  }
}

void Cpu::exec_code(double instructions) {
  exec(instructions);
  if (icache_on_ && cfg_.code_footprint_bytes) {
    // A call runs a contiguous piece of the hot path's code, at a place of its
    // own: a fixed pseudo-random sequence (a 64-bit LCG), so runs repeat.
    code_seed_ = code_seed_ * 6364136223846793005ull + 1442695040888963407ull;
    code_cursor_ = (code_seed_ >> 33) % cfg_.code_footprint_bytes;
    uint64_t n = uint64_t(std::llround(instructions * cfg_.code_bytes_per_instruction));
    while (n > 0) {
      const uint64_t chunk = std::min<uint64_t>(n, cfg_.code_footprint_bytes - code_cursor_);
      fetch(code_addr_ + code_cursor_, uint32_t(chunk));
      code_cursor_ = (code_cursor_ + chunk) % cfg_.code_footprint_bytes;
      n -= chunk;
    }
  }
  if (!icache_on_)
    uncached_accesses(tlm::TLM_READ_COMMAND, code_addr_, cfg_.ifetch_bytes,
                      uint64_t(std::llround(instructions * 4 / cfg_.ifetch_bytes)));
  if (cfg_.data_accesses_per_instruction > 0 && attr(data_addr_) != MemAttr::Cacheable)
    uncached_accesses(tlm::TLM_READ_COMMAND, data_addr_, 4,
                      uint64_t(std::llround(instructions * cfg_.data_accesses_per_instruction)));
}

void Cpu::set_region(uint64_t base, uint64_t size, MemAttr attr) { regions_.push_back({base, size, attr}); }

MemAttr Cpu::attr(uint64_t addr) const {
  if (!mmu_on_) return MemAttr::StronglyOrdered;
  for (auto it = regions_.rbegin(); it != regions_.rend(); ++it)  // the latest mapping wins
    if (addr - it->base < it->size) return it->attr;
  return MemAttr::Cacheable;
}

void Cpu::fetch(uint64_t addr, uint32_t n) {
  // Code is never written, so an I-cache victim needs no write-back.
  l1i_.access(addr, n, false, [this](uint64_t l) { fill_line(l); }, [](uint64_t) {});
}

void Cpu::join(SnoopDomain& domain) {
  coherence_ = &domain;
  coherent_index_ = domain.join(l1d_);
  l2_ = &domain.l2();
  own_l2_.reset();
}

void Cpu::read(uint64_t addr, void* dst, uint32_t n) {
  if (const MemAttr a = attr(addr); a != MemAttr::Cacheable)
    return bus_access(tlm::TLM_READ_COMMAND, addr, static_cast<uint8_t*>(dst), n, a);
  if (coherence_) exec(coherence_->snoop(coherent_index_, addr, n, false));
  l1d_.access(addr, n, false, [this](uint64_t l) { fill_line(l); }, [this](uint64_t l) { write_back(l); });
  debug_access(tlm::TLM_READ_COMMAND, addr, static_cast<uint8_t*>(dst), n);
}

void Cpu::write(uint64_t addr, const void* src, uint32_t n) {
  if (const MemAttr a = attr(addr); a != MemAttr::Cacheable)
    return bus_access(tlm::TLM_WRITE_COMMAND, addr, static_cast<uint8_t*>(const_cast<void*>(src)), n, a);
  if (coherence_) exec(coherence_->snoop(coherent_index_, addr, n, true));
  l1d_.access(addr, n, true, [this](uint64_t l) { fill_line(l); }, [this](uint64_t l) { write_back(l); });
  debug_access(tlm::TLM_WRITE_COMMAND, addr, static_cast<uint8_t*>(const_cast<void*>(src)), n);
}

void Cpu::read_uncached(uint64_t addr, void* dst, uint32_t n) {
  timed_access(tlm::TLM_READ_COMMAND, addr, static_cast<uint8_t*>(dst), n, true);
}

void Cpu::write_uncached(uint64_t addr, const void* src, uint32_t n) {
  if (n > kPostedBytes) throw std::logic_error(fmt::format("{}: posted write of {} B", name(), n));
  std::array<uint8_t, kPostedBytes> data;
  std::memcpy(data.data(), src, n);
  sched_.at(t_, [this, addr, data, n]() mutable { direct_.timed(socket, tlm::TLM_WRITE_COMMAND, addr, data.data(), n); });
  exec(1);
}

std::string Cpu::transport_with(unsigned ext_id, tlm::tlm_extension_base* ext, tlm::tlm_command cmd, uint64_t addr, uint8_t* data,
                                uint32_t n, sc_core::sc_time& delay) {
  tlm::tlm_generic_payload& t = extended_payload_;
  t.set_command(cmd);
  t.set_address(addr);
  t.set_data_ptr(data);
  t.set_data_length(n);
  t.set_streaming_width(n);
  t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  t.set_extension(ext_id, ext);
  socket->b_transport(t, delay);
  t.set_extension(ext_id, nullptr);  // it lives on the caller's stack frame, not with the payload
  return t.is_response_error() ? t.get_response_string() : std::string();
}

void Cpu::read_uncached_chain(uint64_t addr, uint32_t n, uint32_t stride, unsigned count) {
  if (count == 0) return;
  uint8_t sink[8];
  if (n > sizeof sink) throw std::logic_error(fmt::format("{}: chained reads of {} B", name(), n));
  sc_core::sc_time delay = t_ - now();
  if (direct_.chain(socket, addr, sink, n, stride, count, delay)) {
    t_ = now() + delay;
    return;
  }
  DependentReads chain;
  chain.count = count;
  chain.stride = stride;
  if (const std::string err = transport_with(DependentReads::ID, &chain, tlm::TLM_READ_COMMAND, addr, sink, n, delay); !err.empty())
    throw std::runtime_error(fmt::format("{}: chained reads at {:#x} failed: {}", name(), addr, err));
  t_ = now() + delay;
}

// Uncached data accesses go out one bus word (4 B) at a time, as an in-order
// core without a cache issues them; reads wait for their data. A posted write
// lets the core go on, except strongly ordered ones, which wait for the one
// before to complete (so each waits for its own completion).
void Cpu::bus_access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n, MemAttr a) {
  constexpr uint32_t kWord = 4;
  const bool wait = cmd == tlm::TLM_READ_COMMAND || a == MemAttr::StronglyOrdered;
  for (uint32_t off = 0; off < n; off += kWord) {
    const uint32_t k = std::min(kWord, n - off);
    timed_access(cmd, addr + off, data + off, k, wait);
  }
}

bool Cpu::atomic_rmw_by(uint64_t addr, uint32_t n, bool (*modify)(void*, uint8_t*), void* f) {
  uint8_t v[8];
  if (n > sizeof v) throw std::logic_error(fmt::format("{}: atomic access of {} B", name(), n));
  if (attr(addr) == MemAttr::Cacheable) {
    if (coherence_) exec(coherence_->snoop(coherent_index_, addr, n, true));  // the reservation takes the line exclusive
    l1d_.access(addr, n, true, [this](uint64_t l) { fill_line(l); }, [this](uint64_t l) { write_back(l); });
    debug_access(tlm::TLM_READ_COMMAND, addr, v, n);
  } else {
    timed_access(tlm::TLM_READ_COMMAND, addr, v, n, true);
  }
  exec(2);  // the reserved load and the conditional store
  const bool r = modify(f, v);
  if (attr(addr) == MemAttr::Cacheable) debug_access(tlm::TLM_WRITE_COMMAND, addr, v, n);
  else timed_access(tlm::TLM_WRITE_COMMAND, addr, v, n, true);
  return r;
}

void Cpu::uncached_accesses(tlm::tlm_command cmd, uint64_t addr, uint32_t width, uint64_t count) {
  if (count == 0) return;
  uint8_t probe[64];
  const sc_core::sc_time before = t_;
  debug_access(tlm::TLM_READ_COMMAND, addr, probe, width);  // a write probe writes back what is there
  timed_access(cmd, addr, probe, width, true);
  const sc_core::sc_time first = t_ - before;
  t_ += first * double(count - 1);
  if (count == 1) return;
  // The repeats in the path's statistics (they move no data and no time).
  RepeatedAccess rep;
  rep.more = count - 1;
  rep.until = t_;
  sc_core::sc_time delay = before - now();
  if (const std::string err = transport_with(RepeatedAccess::ID, &rep, cmd, addr, probe, width, delay); !err.empty())
    throw std::logic_error(
        fmt::format("{}: the repeats of an uncached access at {:#x} cannot be booked: {}", name(), addr, err));
}

// Maintenance by address to the point of coherency (DCIMVAC, DCCMVAC): every
// cache level, so a device sees memory and the core then reads the device's bytes.
void Cpu::invalidate(uint64_t addr, uint32_t n) {
  exec(cfg_.cache_op_cycles * l1d_.lines(addr, n));
  l1d_.invalidate(addr, n);
  if (l2_) l2_->invalidate(addr, n);
}

void Cpu::flush(uint64_t addr, uint32_t n) {
  exec(cfg_.cache_op_cycles * l1d_.lines(addr, n));
  const auto to_memory = [this](uint64_t l) { memory_line(tlm::TLM_WRITE_COMMAND, l, false); };
  l1d_.flush(addr, n, to_memory);
  if (l2_) l2_->flush(addr, n, to_memory);
}

void Cpu::reg_access(std::function<void()> effect) {
  t_ += ns(cfg_.reg_access_ns);
  if (effect) sched_.at(t_, std::move(effect));
}

// A miss stalls the core for the whole line (no critical-word-first restart),
// from the L2 when it holds the line, else from memory. Both L1s have the same
// line size (checked at construction).
void Cpu::fill_line(uint64_t line) {
  if (!l2_) return memory_line(tlm::TLM_READ_COMMAND, line, true);
  bool hit = true;
  l2_->access(line, line_buf_.size(), false, [&](uint64_t l) { hit = false, memory_line(tlm::TLM_READ_COMMAND, l, true); },
              [this](uint64_t l) { memory_line(tlm::TLM_WRITE_COMMAND, l, false); });
  if (hit) exec(cfg_.l2_hit_cycles);
}

// The memory already holds the line's bytes (the caches keep tags only), so a
// write-back writes them back unchanged: it costs the port time and nothing
// else. An L1 victim goes into the L2 (a whole line: no fill), whose victim
// goes to memory.
void Cpu::write_back(uint64_t line) {
  if (!l2_) return memory_line(tlm::TLM_WRITE_COMMAND, line, false);
  l2_->access(line, line_buf_.size(), true, [](uint64_t) {},
              [this](uint64_t l) { memory_line(tlm::TLM_WRITE_COMMAND, l, false); });
  exec(1);
}

// The caches hold tags only: a fill's bytes are not kept and a write-back
// writes back what the memory holds, so where a route times the access no
// byte moves; elsewhere (the transport) the line's bytes go and come back.
void Cpu::memory_line(tlm::tlm_command cmd, uint64_t line, bool wait) {
  const auto n = uint32_t(line_buf_.size());
  const sc_core::sc_time offset = t_ - now();
  sc_core::sc_time delay;
  if (!direct_.time_only(socket, cmd, line, n, offset, delay)) {
    if (cmd == tlm::TLM_WRITE_COMMAND) debug_access(tlm::TLM_READ_COMMAND, line, line_buf_.data(), n);
    delay = direct_.timed(socket, cmd, line, line_buf_.data(), n, offset);
  }
  const sc_core::sc_time done = now() + delay;
  // A copy's fills and write-backs are issued and all waited for at the copy's end.
  if (streaming_) stream_done_ = std::max(stream_done_, done);
  if (wait && !streaming_) t_ = done;
  else exec(1);
}

sc_core::sc_time Cpu::timed_access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n, bool wait) {
  const sc_core::sc_time done = now() + direct_.timed(socket, cmd, addr, data, n, t_ - now());
  if (wait) t_ = done;
  else exec(1);
  return done;
}

void Cpu::invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) { direct_.invalidate(start, end); }

void Cpu::debug_transport(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n) {
  tlm::tlm_generic_payload& t = debug_payload_;
  t.set_command(cmd);
  t.set_address(addr);
  t.set_data_ptr(data);
  t.set_data_length(n);
  if (socket->transport_dbg(t) != n)
    throw std::runtime_error(fmt::format("{}: access to {:#x} (+{}) hits no memory", name(), addr, n));
}

}  // namespace ws
