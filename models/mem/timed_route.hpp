#pragma once
// A plain timed access (no extension) without the transport's layers. An
// initiator asks for a route with a TLM-2.0 DMI request that carries this
// extension: each Interconnect on the way adds itself, the Memory at the end
// names itself and where the grant starts in its own addresses. An access
// inside the grant then books the same resources (each Interconnect's data
// path, then the memory's port) in the same order, by the same functions
// b_transport calls, and its bytes go through the grant's pointer. A route
// lives as long as its grant: a revocation drops both. Anything else (a
// target that is not a Memory, an access with an extension) takes b_transport.
#include <systemc>
#include <tlm>
#include <array>
#include <cstdint>

namespace ws {

class Interconnect;
class Memory;

class TimedRoute : public tlm::tlm_extension<TimedRoute> {
 public:
  // While the DMI request passes: the Interconnects in order, then the memory.
  void add_hop(Interconnect* ic) {
    if (hops_ < kMaxHops) hop_[hops_] = ic;
    ++hops_;
  }
  void set_target(Memory* m, uint64_t local_start) { target_ = m, local_start_ = local_start; }
  // Whether the request reached a Memory through few enough Interconnects.
  bool usable() const { return target_ && hops_ <= kMaxHops; }

  // A plain access of `n` bytes at `offset` past the grant's start, arriving
  // `delay` after now: its delay from now to completion, as b_transport would
  // return it. The caller moves the bytes.
  sc_core::sc_time time(uint64_t offset, uint32_t n, sc_core::sc_time delay) const;
  // A chain of `count` dependent reads of `n` bytes, `stride` apart from
  // `offset` (DependentReads), the first arriving `delay` after now: the last
  // one's completion from now, as b_transport would return it; false (nothing
  // booked) where an Interconnect on the way cannot take chains.
  bool time_chain(uint64_t offset, uint32_t n, uint32_t stride, unsigned count, sc_core::sc_time& delay) const;

  tlm::tlm_extension_base* clone() const override { return new TimedRoute(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override { *this = static_cast<const TimedRoute&>(other); }

 private:
  static constexpr unsigned kMaxHops = 2;
  std::array<Interconnect*, kMaxHops> hop_{};
  unsigned hops_ = 0;
  Memory* target_ = nullptr;
  uint64_t local_start_ = 0;  // the grant's first byte in the memory's addresses
};

}  // namespace ws
