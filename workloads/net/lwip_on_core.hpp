#pragma once
// An lwIP instance as software on a simulated core: what lwIP does is charged
// to that core. lwIP keeps its pools, heap and pbufs in its own arrays; they
// stand at simulated addresses in a window of the board's RAM (each host page
// gets the next page of the window when first touched, its offset kept: the
// alignment is the host's, and unlike host addresses, which ASLR moves, the
// addresses repeat from run to run, and with them every cache miss; the
// application's buffers, which the host heap places where it likes, are
// mapped at fixed addresses by `map_buffer`), so
// the core's memory map (cacheable or not, MMU on or off) and its cache state
// price every access. Every MEMCPY lwIP makes is priced as the board's memcpy
// routine copying between those addresses, every checksum as lwIP's
// algorithm 2 (a halfword loop) reading them, and lwIP's per-call work by the
// documented instruction counts of `LwipCallCosts`.
#ifdef WS_HAVE_LWIP
#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>
#include <string>
#include "models/cpu/cpu.hpp"
#include "models/sim/param.hpp"
#include "workloads/lib/cycle_ledger.hpp"
#include "workloads/lib/memcpy_routines.hpp"
#include "workloads/net/lwip_call_costs.hpp"
#include "workloads/net/lwip_stack.hpp"

namespace ws::net {

// The checksum loop's accesses over n bytes at `addr` (LWIP_CHKSUM_ALGORITHM 2).
AccessPattern checksum_pattern(uint64_t addr, size_t n);

class LwipOnCore {
 public:
  static constexpr uint64_t kWindow = 16 << 20;
  // `name`: what the ledger calls the stack ("lwIP", or "NDK" for its stand-in).
  LwipOnCore(LwipStack& stack, Cpu& core, lib::Memcpy routine, uint64_t window_base, const LwipCallCosts& costs,
             std::string name = "lwIP");
  const std::string& name() const { return name_; }
  // The simulated address a host byte of lwIP's (or of the application's buffers) stands at.
  uint64_t sim(const void* host);
  // The application's buffer [host, host+n) stands at a fixed, 64 B aligned address.
  uint64_t map_buffer(const void* host, size_t n);
  lib::Memcpy routine() const { return routine_; }
  // Core time by what the software did ("lwIP memcpy", "driver Rx copy", ...):
  // `book(what, since)` adds the core's time since `since` (a core time).
  void book(const std::string& what, const sc_core::sc_time& since) { ledger_[what] += core_.time() - since; }
  lib::Ledger& ledger() { return ledger_; }
  const LwipCallCosts& costs() const { return costs_; }
  // Off: lwIP's copies move the bytes uncharged (a zero-copy API's stand-in, NDK's recvnc()).
  void set_charge_copies(bool on) { charge_copies_ = on; }
  Cpu& core() { return core_; }

 private:
  LwipStack& stack_;
  Cpu& core_;
  lib::Memcpy routine_;
  uint64_t base_;
  LwipCallCosts costs_;
  std::string name_;
  bool charge_copies_ = true;
  lib::Ledger ledger_;
  std::unordered_map<uintptr_t, uint64_t> pages_;  // host page -> its page in the window
  struct Buffer {
    uintptr_t host;
    size_t n;
    uint64_t sim;
  };
  std::vector<Buffer> buffers_;
  uint64_t next_buffer_ = 0;  // from the top of the window down: kBufferRoom
  static constexpr uint64_t kBufferRoom = 1 << 20;
  static constexpr uint64_t kStackRoom = 64 << 10;  // host stack addresses, by their distance from sim()'s frame
};

}  // namespace ws::net
#endif
