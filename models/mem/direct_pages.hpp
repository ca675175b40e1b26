#pragma once
// An initiator's TLM-2.0 DMI answers by 4 KB of address (a software TLB): a
// grant's host pointer and rights, or a refusal (pointer null) over its range;
// with a grant, the TimedRoute its request found. An untimed access's bytes go
// by the pointer; a plain timed access goes by the route where there is one
// (the same bookings as b_transport, without the sockets), else by b_transport,
// as does a write to a grant for reading only. The initiator passes its
// socket's revocations to invalidate().
#include <systemc>
#include <tlm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>
#include "models/mem/timed_route.hpp"
#include "models/mem/tlm_access.hpp"

namespace ws {

class DirectPages {
 public:
  // `entries` a power of two: a slot is picked by a mask (a modulo by a size
  // known only at run time is a division on every access).
  explicit DirectPages(size_t entries = 1024) : pages_(entries), mask_(entries - 1) {
    if (entries == 0 || (entries & mask_)) throw std::invalid_argument("DirectPages: entries must be a power of two");
  }

  // A timed access of `n` bytes at `addr` starting `offset` after now: its
  // delay from now to completion, as tlm_access returns it.
  template <typename Socket>
  sc_core::sc_time timed(Socket& socket, tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n,
                         const sc_core::sc_time& offset = sc_core::SC_ZERO_TIME) {
    Page* p = routed(*socket.operator->(), cmd, addr, n);
    if (!p) return tlm_access(socket, cmd, addr, data, n, offset);
    const sc_core::sc_time delay = p->route.time(addr - p->start, n, offset);
    p->move(cmd, addr, data, n);
    return delay;
  }
  // timed() for an access whose bytes matter to nobody (a cache's line fill,
  // whose bytes a tags-only cache does not keep, or its write-back of what
  // the memory already holds): its delay into `delay` where the route times
  // it, no byte moved; false (nothing booked) where timed() would take the
  // transport, which the caller then takes with real bytes.
  template <typename Socket>
  bool time_only(Socket& socket, tlm::tlm_command cmd, uint64_t addr, uint32_t n, const sc_core::sc_time& offset,
                 sc_core::sc_time& delay) {
    Page* p = routed(*socket.operator->(), cmd, addr, n);
    if (p) delay = p->route.time(addr - p->start, n, offset);
    return p != nullptr;
  }
  // A chain of `count` >= 1 dependent reads of `n` bytes `stride` apart from
  // `addr` (DependentReads) by the route, the first read's bytes into `data`:
  // its delay from now to the last one's completion, as b_transport returns
  // it; false (nothing done) where there is no route for the whole span.
  template <typename Socket>
  bool chain(Socket& socket, uint64_t addr, uint8_t* data, uint32_t n, uint32_t stride, unsigned count,
             sc_core::sc_time& delay) {
    const uint64_t span = uint64_t(count - 1) * stride + n;
    if (span > kPageBytes) return false;
    Page& p = page(*socket.operator->(), addr, uint32_t(span));
    if (!p.route.usable() || !p.allows(tlm::TLM_READ_COMMAND, addr, uint32_t(span)) ||
        !p.route.time_chain(addr - p.start, n, stride, count, delay))
      return false;
    p.move(tlm::TLM_READ_COMMAND, addr, data, n);
    return true;
  }
  // An untimed access's bytes by the grant's pointer; false where there is none.
  template <typename Socket>
  bool copy(Socket& socket, tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n) {
    Page& p = page(*socket.operator->(), addr, n);
    if (!p.allows(cmd, addr, n)) return false;
    p.move(cmd, addr, data, n);
    return true;
  }
  // A target revoked [start, end]: every entry overlapping it asks again.
  void invalidate(uint64_t start, uint64_t end);

 private:
  struct Page {
    uint64_t start = 1, end = 0;  // empty
    uint8_t* ptr = nullptr;
    bool writable = false;  // else read only (a memory's page nobody wrote yet)
    TimedRoute route;       // usable once the request reached a Memory
    bool covers(uint64_t addr, uint32_t n) const { return n && start <= addr && addr + n - 1 <= end; }
    bool allows(tlm::tlm_command cmd, uint64_t addr, uint32_t n) const {
      return ptr && covers(addr, n) && (cmd == tlm::TLM_READ_COMMAND || writable);
    }
    void move(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n) const {
      uint8_t* p = ptr + (addr - start);
      uint8_t* to = cmd == tlm::TLM_READ_COMMAND ? data : p;
      const uint8_t* from = cmd == tlm::TLM_READ_COMMAND ? p : data;
      // A word or a descriptor (most software accesses) as one load and
      // store, not a call into the library's memcpy.
      if (n == 4) std::memcpy(to, from, 4);
      else if (n == 8) std::memcpy(to, from, 8);
      else std::memcpy(to, from, n);
    }
  };
  // By page, the higher bits folded in (memories sit at 256 MB bases); asked
  // again of the target unless the entry covers [addr, addr+n).
  Page& page(tlm::tlm_fw_transport_if<>& fw, uint64_t addr, uint32_t n) {
    Page& p = slot(addr);
    return p.covers(addr, n) ? p : ask(fw, p, addr);
  }
  static constexpr unsigned kPageBits = 12;
  static constexpr uint64_t kPageBytes = uint64_t{1} << kPageBits;
  Page& slot(uint64_t addr) { return pages_[((addr >> kPageBits) ^ (addr >> (kPageBits + 10))) & mask_]; }
  Page& ask(tlm::tlm_fw_transport_if<>& fw, Page& p, uint64_t addr);
  // The entry whose route times [addr, addr+n) for `cmd`, or null (the transport's).
  Page* routed(tlm::tlm_fw_transport_if<>& fw, tlm::tlm_command cmd, uint64_t addr, uint32_t n) {
    Page& p = page(fw, addr, n);
    return p.route.usable() && p.allows(cmd, addr, n) ? &p : nullptr;
  }
  std::vector<Page> pages_;
  uint64_t mask_;
  tlm::tlm_generic_payload request_;  // reused: constructing one allocates
};

}  // namespace ws
