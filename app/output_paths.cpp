#include "app/output_paths.hpp"

#include <fcntl.h>
#include <unistd.h>
#include <fmt/format.h>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>
#include <vector>
#include "models/sim/param.hpp"

namespace ws {

void check_writable(const std::string& path, const std::string& opt) {
  namespace fs = std::filesystem;
  if (path.empty()) return;
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw InputError(fmt::format("{} {}: is a directory; give a file name", opt, path));
  const bool existed = fs::exists(path, ec);
  if (existed && !fs::is_regular_file(path, ec))
    throw InputError(fmt::format("{} {}: not a regular file", opt, path));
  const int fd = ::open(path.c_str(), O_WRONLY | (existed ? O_APPEND : O_CREAT | O_EXCL), 0644);
  if (fd < 0) throw InputError(fmt::format("{} {}: cannot write there ({})", opt, path, std::strerror(errno)));
  ::close(fd);
  if (!existed) fs::remove(path, ec);
}

void check_writable_dir(const std::string& path, const std::string& opt) {
  namespace fs = std::filesystem;
  if (path.empty()) return;
  std::error_code ec;
  if (fs::exists(path, ec) && !fs::is_directory(path, ec))
    throw InputError(fmt::format("{} {}: exists and is not a directory", opt, path));
  fs::create_directories(path, ec);
  if (ec) throw InputError(fmt::format("{} {}: cannot create the directory ({})", opt, path, ec.message()));
  check_writable((fs::path(path) / ".wirespeed_probe").string(), opt);
}

void check_distinct(const std::string& out, const std::string& trace, const std::string& pcap) {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, std::string>> given;
  for (auto [opt, path] : {std::pair{"--out", &out}, std::pair{"--trace", &trace}, std::pair{"--pcap", &pcap}})
    if (!path->empty()) given.emplace_back(opt, fs::weakly_canonical(*path).string());
  for (size_t i = 0; i < given.size(); ++i)
    for (size_t j = i + 1; j < given.size(); ++j)
      if (given[i].second == given[j].second)
        throw InputError(fmt::format("{} and {} both name {}; give each output its own place", given[i].first,
                                     given[j].first, given[i].second));
}

}  // namespace ws
