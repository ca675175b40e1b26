#include "platforms/common/lwip_guard.hpp"

#include "models/sim/param.hpp"

namespace ws {

void refuse_without_lwip(const std::string& workload) {
  throw InputError("workload " + workload + ": this build has no lwIP (scripts/fetch_lwip.sh, then rebuild)");
}

}  // namespace ws
