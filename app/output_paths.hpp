#pragma once
// Checks of the places a run will write its outputs (--out, --trace, --pcap),
// made before the run so that it fails before the work, not after; each throws
// InputError naming the option.
#include <string>

namespace ws {

// A file we will write after the run. It is opened for writing to find out
// (permissions do not stop root, a read-only or virtual file system does), and
// left as it was. An empty path: nothing to check.
void check_writable(const std::string& path, const std::string& opt);
// A directory we will write files into: made now if missing, and probed with a file.
void check_writable_dir(const std::string& path, const std::string& opt);
// --out, --trace and --pcap must not name the same place (empty: not given).
void check_distinct(const std::string& out, const std::string& trace, const std::string& pcap);

}  // namespace ws
