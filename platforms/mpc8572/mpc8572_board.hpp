#pragma once
// The MPC8572DS of the IP forwarding study: two e500 cores (L1 I and D) kept
// coherent by snooping, with the shared 1 MB L2 (SnoopDomain), DDR behind the
// CCB, the MPIC, and two eTSECs (eth0, eth1) whose DMA snoops the caches.
// Address map: DDR at 0 (1 GiB).
#include <systemc>
#include <memory>
#include <vector>
#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/eth/etsec.hpp"
#include "models/irq/mpic.hpp"
#include "models/mem/memory.hpp"
#include "models/mem/snoop_domain.hpp"
#include "models/eth/ethernet.hpp"
#include "models/sim/param.hpp"
#include "platforms/common/run_context.hpp"

namespace ws::mpc8572 {

constexpr uint64_t kDdrSize = 1ull << 30;
constexpr uint64_t kCode = 0x0010'0000;    // the kernel's text
constexpr uint64_t kData = 0x0080'0000;    // per-CPU data, stacks
constexpr uint64_t kLocks = 0x0090'0000;   // spinlock words, one line each
constexpr uint64_t kStats = 0x0091'0000;   // the forwarding counters
constexpr uint64_t kRoutes = 0x0091'1000;  // the route cache entries' refcounts, a line each
constexpr uint64_t kDevStats = 0x0091'2000;  // each net_device's stats, its first line
constexpr uint64_t kFastPath = 0x0092'0000;  // gianfar's fast-path tables (per CPU, at most 64 KB each)
constexpr uint64_t kRings = 0x0100'0000;   // BD rings, 4 KB each (512 BDs at most)
constexpr uint64_t kSkbStructs = 0x0180'0000;  // the packet buffers' sk_buffs, 192 B each (at most 4.4 MB)
constexpr uint64_t kSkbs = 0x0200'0000;    // packet buffers, 2 KB each, at most kSkbsPerPort a port (47 MB)
constexpr uint64_t kSkbsPerPort = 2 * 512 + 512 + 10000;  // the Rx ring and recycle queue, Tx ring, qdisc at their largest
constexpr unsigned kPorts = 2;
// MPIC sources and core inputs per port: Tx, Rx, error (the eTSEC's three lines).
constexpr unsigned kTxSource[kPorts] = {0, 3}, kRxSource[kPorts] = {1, 4}, kErrSource[kPorts] = {2, 5};
// The test network: 10.0/16 on eth0, 10.1/16 on eth1, a tester port on each.
constexpr uint32_t kNet[kPorts] = {0x0A000000, 0x0A010000}, kMask = 0xFFFF0000;
constexpr uint32_t kTesterIp[kPorts] = {0x0A000002, 0x0A010002};
inline eth::MacAddr port_mac(unsigned i) { return eth::local_mac(0x02, i + 1); }
inline eth::MacAddr tester_mac(unsigned i) { return eth::local_mac(0x54, i); }

class Mpc8572Board : public sc_core::sc_module {
 public:
  Mpc8572Board(sc_core::sc_module_name name, const ParamTable& p, RunContext& run);
  std::vector<Cpu*> cpus() const;
  Memory ddr;
  Interconnect bus;
  SnoopDomain coherence;
  std::vector<std::unique_ptr<Cpu>> cores;
  Mpic mpic;
  std::vector<std::unique_ptr<eth::Etsec>> eth;
};

}  // namespace ws::mpc8572
