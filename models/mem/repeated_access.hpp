#pragma once
// A TLM-2.0 extension for the statistics of repeats a core timed by their
// first: a long run of identical uncached accesses (code fetched with the
// I-cache off, a copy out of uncached memory) is timed as one access times the
// count (Cpu::uncached_accesses), so that the simulation pays one call, not
// millions. A transaction carrying this extension moves no data and no time:
// each resource on its path books `more` further operations of this length in
// its statistics, the last ending by `until`, so utilisation shows the memory
// busy during such a copy. The repeats do not delay other initiators (their
// bookings are in the statistics only), which is what the timing shortcut
// assumed already; targets that cannot book them refuse the transaction.
#include <systemc>
#include <tlm>

namespace ws {

struct RepeatedAccess : tlm::tlm_extension<RepeatedAccess> {
  uint64_t more = 0;
  sc_core::sc_time until = sc_core::SC_ZERO_TIME;

  tlm::tlm_extension_base* clone() const override { return new RepeatedAccess(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const RepeatedAccess&>(other);
  }
};

}  // namespace ws
