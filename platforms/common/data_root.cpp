#include "platforms/common/data_root.hpp"

#include <cstdlib>

namespace ws {

std::string data_path(const std::string& relative) {
  const char* home = std::getenv("WIRESPEED_HOME");
  return std::string(home && *home ? home : WS_SOURCE_DIR) + "/" + relative;
}

}  // namespace ws
