#pragma once
// A PC as a PCIe endpoint's DMA sees it: host memory behind a root port. The
// root port is a PcieController: it answers a read after the host's read latency
// (pcie.completer_latency_ns beyond the memory access: the uncore, the memory
// controller's queue, the snoop), in completions of pcie.cpl_bytes that end on
// their multiples (the split at the Read Completion Boundary), and gives back
// the credits it advertises (pcie.*_credits) as memory takes the data. It forms
// completions at its own rate (host.completion_bytes_per_ns); its per-request
// costs are inside the read latency. Host memory stores real bytes at 0 of its
// own address space; an inbound window maps bus addresses to it.
#include <systemc>
#include "models/mem/memory.hpp"
#include "models/pcie/pcie_controller.hpp"
#include "models/sim/param.hpp"
#include "models/sim/rng.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"
#include "models/sim/trace_writer.hpp"

namespace ws::pcie {

class PcRootComplex : public sc_core::sc_module {
 public:
  static constexpr uint64_t kMemorySize = 1ull << 32;  // host memory modelled (sparse)

  PcRootComplex(sc_core::sc_module_name name, const ParamTable& p, Scheduler& sched, StatsRegistry& stats, Rng& rng,
                TraceWriter& trace);
  // "host.completion_bytes_per_ns" and host memory's "host_mem.latency_ns",
  // "host_mem.bytes_per_ns"; the root port takes the link's "pcie.*" keys as the
  // Root Complex end.
  static void declare_params(ParamTable& t);

  Memory memory;
  PcieController port;
};

}  // namespace ws::pcie
