#pragma once
// The TI AM261x board with FreeRTOS and the real lwIP (TI MCU+ SDK's lwIP
// example on the CPSW): iperf 2 TCP and UDP against a PC over a gigabit link.
// A board nobody calibrated: every figure is a prediction (docs/am261x.md).
#include "platforms/platform.hpp"
#include "workloads/net/lwip_options.hpp"

namespace ws {

RunResult run_am261x_iperf(const ParamTable& p, const RunOptions& o);  // in builds with lwIP
Platform am261x_platform();
// lwIP's options: the MCU+ SDK's build with the lwip.* keys over its values,
// a pool pbuf per Rx packet (the SDK's Rx custom pbufs) and the CPSW's checksums.
net::LwipOptions am261x_lwip_options(const ParamTable& p);

}  // namespace ws
