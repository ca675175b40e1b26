#pragma once
// The MPC8572DS with SMP Linux forwarding IPv4 between its two eTSECs (the
// SMP IP forwarding study): two e500 cores, coherent caches, the MPIC's IRQ
// affinity, NAPI and ksoftirqd, the gianfar driver, against a two-port tester.
// docs/mpc8572.md describes the blocks and parameters.
#include "platforms/platform.hpp"

namespace ws {

void declare_mpc8572_params(ParamTable& t);
RunResult run_ipfwd(const ParamTable& p, const RunOptions& o);
Platform mpc8572_platform();

}  // namespace ws
