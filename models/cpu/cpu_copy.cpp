// What the software's copies and checksum loops cost the Cpu: their
// instructions' issue, the L1 fills and write-backs of a cacheable end
// (streamed), and the waits of an uncached end.
#include "models/cpu/cpu.hpp"

#include <algorithm>
#include <cmath>

namespace ws {

void Cpu::price(uint64_t dst, uint64_t src, uint32_t n, const AccessPattern& p, bool stores) {
  if (n == 0) return;
  double issue = double(p.other_instructions);
  for (size_t k = 0; k < AccessPattern::kWidths.size(); ++k) {
    const uint32_t w = AccessPattern::kWidths[k];
    const double cycles = std::max(1.0, std::ceil(double(w) / cfg_.load_store_bytes_per_cycle));
    issue += cycles * double(p.loads[k] + p.stores[k]);
  }
  issue /= cfg_.loop_ipc;
  // A copy or checksum loop fits one instruction fetch buffer: with the I-cache
  // off its code is fetched once per call, not once per pass.
  if (!icache_on_) uncached_accesses(tlm::TLM_READ_COMMAND, code_addr_, cfg_.ifetch_bytes, 1);
  const MemAttr from = attr(src), to = stores ? attr(dst) : MemAttr::Cacheable;
  // The loop issues while its line fills stream in: the copy takes the longer of the two.
  const sc_core::sc_time issued = t_ + clk_.cycles(issue);
  streaming_ = true;
  stream_done_ = t_;
  if (from == MemAttr::Cacheable)
    l1d_.access(src, n, false, [this](uint64_t l) { fill_line(l); }, [this](uint64_t l) { write_back(l); });
  if (stores && to == MemAttr::Cacheable) {
    const uint64_t line = line_buf_.size(), first = (dst + line - 1) / line * line, last = (dst + n) / line * line;
    const bool stream = cfg_.write_streaming_lines && last > first && (last - first) / line >= cfg_.write_streaming_lines;
    l1d_.access(dst, n, true, [&](uint64_t l) {
      if (!stream || l < first || l >= last) fill_line(l);  // a whole line written needs no fill
    }, [this](uint64_t l) { write_back(l); });
  }
  streaming_ = false;
  t_ = std::max({t_, issued, stream_done_});
  for (size_t k = 0; k < AccessPattern::kWidths.size(); ++k) {
    const uint32_t w = AccessPattern::kWidths[k];
    if (from != MemAttr::Cacheable) uncached_accesses(tlm::TLM_READ_COMMAND, src, w, p.loads[k]);
    if (stores && (to == MemAttr::StronglyOrdered || to == MemAttr::Device))
      uncached_accesses(tlm::TLM_WRITE_COMMAND, dst, w, p.stores[k]);
  }
}

void Cpu::copy(uint64_t dst, uint64_t src, uint32_t n, const AccessPattern& p) {
  if (n == 0) return;
  copy_buf_.resize(n);
  debug_access(tlm::TLM_READ_COMMAND, src, copy_buf_.data(), n);
  debug_access(tlm::TLM_WRITE_COMMAND, dst, copy_buf_.data(), n);
  price(dst, src, n, p, true);
}

void Cpu::charge_copy(uint64_t dst, uint64_t src, uint32_t n, const AccessPattern& p) { price(dst, src, n, p, true); }

void Cpu::copy_to_host(uint8_t* host, uint64_t dst, uint64_t src, uint32_t n, const AccessPattern& p) {
  if (n == 0) return;
  debug_access(tlm::TLM_READ_COMMAND, src, host, n);
  price(dst, src, n, p, true);
}

void Cpu::copy_from_host(uint64_t dst, uint64_t src, const uint8_t* host, uint32_t n, const AccessPattern& p) {
  if (n == 0) return;
  debug_access(tlm::TLM_WRITE_COMMAND, dst, const_cast<uint8_t*>(host), n);
  price(dst, src, n, p, true);
}

void Cpu::charge_scan(uint64_t addr, uint32_t n, const AccessPattern& p) { price(0, addr, n, p, false); }

}  // namespace ws
