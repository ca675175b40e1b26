#pragma once
// The workloads on the real lwIP (iperf, FTP) exist in builds that have it
// (scripts/fetch_lwip.sh fetches its source; cmake/lwip.cmake builds it). Their
// run functions are defined only then: a platform calls one under
// `if constexpr (kHaveLwip)` and refuses the workload otherwise.
#include <string>

namespace ws {

#ifdef WS_HAVE_LWIP
inline constexpr bool kHaveLwip = true;
#else
inline constexpr bool kHaveLwip = false;
#endif

// Refuses `workload` (InputError, exit 2): this build has no lwIP.
[[noreturn]] void refuse_without_lwip(const std::string& workload);
// Does nothing in a build with lwIP; refuses `workload` in one without.
inline void require_lwip(const std::string& workload) {
  if constexpr (!kHaveLwip) refuse_without_lwip(workload);
}

}  // namespace ws
