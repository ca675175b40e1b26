#pragma once
// The Cortex-A7 board with RT-Thread and the real lwIP (the RT-Thread study):
// iperf TCP and UDP against a PC through a gigabit switch, and the memcpy
// timing. docs/a7_rtthread.md describes the blocks and parameters.
#include "platforms/platform.hpp"
#include "workloads/net/lwip_options.hpp"

namespace ws {

RunResult run_iperf(const ParamTable& p, const RunOptions& o);  // in builds with lwIP (lwip_guard.hpp)
RunResult run_memcpy(const ParamTable& p, const RunOptions& o);
Platform a7_platform();
// lwIP's options: the build lwip.options names, with the lwip.* keys over its
// values (no Nagle: netutils iperf sets TCP_NODELAY).
net::LwipOptions a7_lwip_options(const ParamTable& p);

}  // namespace ws
