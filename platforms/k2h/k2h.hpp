#pragma once
// The 66AK2H EVM with TI-RTOS, an NDK-like stack (lwIP with NDK's profile)
// and the NIMU driver on the Multicore Navigator: the FTP study's server,
// get and put against a Windows PC. docs/k2h.md describes the blocks and
// parameters.
#include "platforms/platform.hpp"

namespace ws {

void declare_k2h_params(ParamTable& t);
void check_k2h_params(const ParamTable& p);
RunResult run_k2h(const ParamTable& p, const RunOptions& o);
Platform k2h_platform();

}  // namespace ws
