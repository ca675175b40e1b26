#pragma once
// A TLM-2.0 extension for a chain of dependent reads: `count` reads of the
// payload's length, `stride` bytes apart, each issued when the previous one's
// data is back (a core walking shared structures uncached: descriptors, lock
// words, queue heads). One transaction stands for the chain so that the
// initiator pays one call, not `count`; the targets that know the extension
// (Interconnect, Memory) time every read as if issued on its own, so the result
// is the same as `count` separate transactions issued back to back. The data
// returned is the first read's.
#include <systemc>
#include <tlm>

namespace ws {

struct DependentReads : tlm::tlm_extension<DependentReads> {
  unsigned count = 1;
  uint32_t stride = 0;
  // Latency each further read spends on the way to the target (added by the
  // interconnects on the path, as they add it to the first read's delay).
  sc_core::sc_time path = sc_core::SC_ZERO_TIME;
  // Bytes the chain spans from the payload's address.
  uint64_t span(uint64_t len) const { return uint64_t(count - 1) * stride + len; }

  tlm::tlm_extension_base* clone() const override { return new DependentReads(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const DependentReads&>(other);
  }
};

}  // namespace ws
