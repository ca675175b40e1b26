#pragma once
// The 66AK2H EVM with TI-RTOS, an NDK-like stack (lwIP with NDK's profile)
// and the NIMU driver on the Multicore Navigator: the FTP study's server,
// get and put against a Windows PC. docs/k2h.md describes the blocks and
// parameters.
#include "platforms/platform.hpp"

namespace ws {

RunResult run_ftp(const ParamTable& p, const RunOptions& o);  // in builds with lwIP (lwip_guard.hpp)
Platform k2h_platform();

}  // namespace ws
