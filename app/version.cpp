#include "app/version.hpp"

#include <systemc>
#include <fmt/format.h>
#include "ws_version.hpp"

namespace ws {

nlohmann::json version_info() {
  return {{"wirespeed", WS_GIT_VERSION},
          {"build_type", WS_BUILD_TYPE},
          {"systemc", sc_core::sc_release()},
#ifdef WS_HAVE_LWIP
          {"lwip", "2.1.3 (Debian source 2.1.3+dfsg1-2; instances: board, pc)"},
#else
          {"lwip", "not built (scripts/fetch_lwip.sh was not run)"},
#endif
          {"compiler", __VERSION__}};
}

std::string version_text() {
  const auto v = version_info();
  return fmt::format("wirespeed {} ({} build)\nSystemC {}\nlwIP: {}\ncompiler: {}\n", v["wirespeed"].get<std::string>(),
                     v["build_type"].get<std::string>(), v["systemc"].get<std::string>(),
                     v["lwip"].get<std::string>(), v["compiler"].get<std::string>());
}

}  // namespace ws
