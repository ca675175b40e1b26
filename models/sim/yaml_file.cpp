#include "models/sim/yaml_file.hpp"

#include <cctype>
#include <cerrno>
#include <csignal>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>
#include <vector>
#include "models/sim/param.hpp"

// Built with AddressSanitizer (the fuzz target), which reserves terabytes of address space.
#if defined(__SANITIZE_ADDRESS__)
#define WS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WS_ASAN 1
#endif
#endif

namespace ws {
namespace {

constexpr uintmax_t kMaxBytes = 1 << 20;

std::string where(const std::string& path, int line) {
  return line > 0 ? fmt::format("{}:{}", path, line) : path;
}

[[noreturn]] void fail(const std::string& at, const std::string& what) {
  throw InputError(fmt::format("{}: {}", at, what));
}

// What yaml-cpp would accept but a user's YAML file must not have, line by line: a
// quoted value left open (it swallows the lines after it, which then silently
// keep their defaults), and anchors or aliases (a few lines of them expand to
// gigabytes). Quoted values close on their own line in such a file. A line that
// starts with ',' outside a [...] or {...} list, and a tag ("!,"), send yaml-cpp
// 0.7 into an endless loop that eats memory (found by tests/fuzz): they are
// refused first, and so are tags and directives, which such a file never needs;
// check_parser_finishes() guards against the rest.
// Valid UTF-8 without control characters (tab, line feed and carriage return aside).
void check_text(const std::string& path, const std::string& text, const std::string& noun) {
  int line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') ++line;
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
      fail(where(path, line), fmt::format("control character 0x{:02x}: a {} file is text", c, noun));
    if (c < 0x80) continue;
    // A lead byte, then its continuation bytes (10xxxxxx); no overlong 2-byte forms.
    const int more = c >= 0xf0 && c <= 0xf4 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 && c <= 0xdf ? 1 : -1;
    bool ok = more > 0;
    for (int k = 1; ok && k <= more; ++k) ok = i + size_t(k) < text.size() && (static_cast<unsigned char>(text[i + k]) & 0xc0) == 0x80;
    if (!ok) fail(where(path, line), fmt::format("not valid UTF-8: a {} file is text", noun));
    i += size_t(more);
  }
}

// yaml-cpp 0.7 loops forever, eating memory, on some malformed files (the
// patterns the fuzzer found are refused above; there may be more): a child
// process parses the file first, bounded in CPU time and memory.
void check_parser_finishes(const std::string& path, const std::string& text, const std::string& noun) {
  std::fflush(nullptr);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) fail(path, fmt::format("cannot check the {} file: fork failed", noun));
  if (pid == 0) {
    // The check must not outlive the command that asked for it.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1);
    const rlimit cpu{2, 2};
    setrlimit(RLIMIT_CPU, &cpu);
#ifndef WS_ASAN
    const rlimit memory{rlim_t(1) << 30, rlim_t(1) << 30};  // (AddressSanitizer reserves far more address space)
    setrlimit(RLIMIT_AS, &memory);
#endif
    try {
      YAML::LoadAll(text);
    } catch (...) {
    }
    _exit(0);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    fail(path, "the YAML parser did not finish on this file (malformed in a way yaml-cpp loops on); check its syntax");
}

void check_source(const std::string& path, const std::string& text, const std::string& noun) {
  check_text(path, text, noun);
  std::istringstream in(text);
  std::string line;
  int flow = 0;  // open [ and { across lines
  for (int n = 1; std::getline(in, line); ++n) {
    const auto first = line.find_first_not_of(" \t");
    if (flow <= 0 && first != std::string::npos && line[first] == ',')
      fail(where(path, n), "a line may not start with ',' outside a [...] or {...} list");
    char quote = 0;
    for (size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (quote == '"' && c == '\\') {
        ++i;
      } else if (quote) {
        if (c == quote && quote == '\'' && i + 1 < line.size() && line[i + 1] == '\'') ++i;  // '' inside '...'
        else if (c == quote) quote = 0;
      } else if (c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) {
        break;  // a comment
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '[' || c == '{') {
        ++flow;
      } else if (c == ']' || c == '}') {
        --flow;
        const auto next = line.find_first_not_of(" \t", i + 1);
        if (flow <= 0 && next != std::string::npos && line[next] == ',')
          fail(where(path, n), "',' after a closed [...] or {...} list, outside any list");
      } else if ((c == '&' || c == '*') && (i == 0 || std::strchr(" \t:[,{-", line[i - 1])) && i + 1 < line.size() &&
                 (std::isalnum(static_cast<unsigned char>(line[i + 1])) || line[i + 1] == '_')) {
        fail(where(path, n), fmt::format("YAML {} '{}': anchors and aliases are not supported in {} files",
                                         c == '&' ? "anchor" : "alias", line.substr(i, line.find_first_of(" ,]}", i) - i), noun));
      } else if ((c == '!' && (i == 0 || std::strchr(" \t:[,{-", line[i - 1]))) || (c == '%' && i == 0)) {
        fail(where(path, n), fmt::format("YAML {}: not supported in {} files (values are plain text)",
                                         c == '!' ? "tags ('!')" : "directives ('%')", noun));
      }
    }
    if (quote) fail(where(path, n), fmt::format("a {}-quoted value is not closed on its line", quote == '"' ? "double" : "single"));
  }
}

}  // namespace

int yaml_line(const YAML::Node& n) { return n.Mark().is_null() ? 0 : n.Mark().line + 1; }

std::string yaml_where(const std::string& path, const YAML::Node& n) { return where(path, yaml_line(n)); }

YAML::Node load_yaml_document(const std::string& path, const std::string& noun, bool in_child) {
  namespace fs = std::filesystem;
  std::error_code fec;
  if (fs::is_directory(path, fec)) fail(path, fmt::format("cannot read {} file: it is a directory", noun));
  const auto status = fs::status(path, fec);
  if (fec) fail(path, fmt::format("cannot read {} file: {}", noun, fec.message()));
  if (!fs::is_regular_file(status)) fail(path, fmt::format("cannot read {} file: not a regular file (a device or pipe?)", noun));
  if (fs::file_size(path, fec) > kMaxBytes)
    fail(path, fmt::format("{} file of {} bytes; the limit is {} bytes", noun, fs::file_size(path, fec), kMaxBytes));
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, fmt::format("cannot read {} file: {}", noun, std::strerror(errno)));
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) fail(path, fmt::format("cannot read {} file: read error", noun));
  check_source(path, buf.str(), noun);
  if (in_child) check_parser_finishes(path, buf.str(), noun);

  std::vector<YAML::Node> docs;
  try {
    docs = YAML::LoadAll(buf.str());
  } catch (const YAML::Exception& e) {
    fail(where(path, e.mark.is_null() ? 0 : e.mark.line + 1), fmt::format("YAML syntax error: {}", e.msg));
  }
  if (docs.size() > 1) fail(path, "expected one YAML document, found " + std::to_string(docs.size()));
  return docs.empty() ? YAML::Node() : docs.front();
}

}  // namespace ws
