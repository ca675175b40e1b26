#pragma once
// The MPC8572DS with SMP Linux forwarding IPv4 between its two eTSECs (the
// SMP IP forwarding study): two e500 cores, coherent caches, the MPIC's IRQ
// affinity, NAPI and ksoftirqd, the gianfar driver, against a two-port tester.
// docs/mpc8572.md describes the blocks and parameters.
#include <string>
#include "platforms/platform.hpp"

namespace ws {

RunResult run_ipfwd(const ParamTable& p, const RunOptions& o);
// The board its file describes (relative to the data root): the MPC8572DS, or a variant of it.
Platform mpc8572_platform(const std::string& board_path = "platforms/mpc8572/board.yaml");

}  // namespace ws
