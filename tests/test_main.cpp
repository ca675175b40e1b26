// SystemC's library provides main() and calls sc_main; gtest runs from here.
// SystemC elaborates once per process, so every test needs a process of its
// own: ctest gives it one (it runs each test by name). Run by hand with more
// than one test selected, this program runs itself once per test and sums up.
#include <gtest/gtest.h>
#include <systemc>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>

namespace {

constexpr const char* kChildEnv = "WS_TEST_CHILD";

// The tests the arguments select, as "Suite.Name", from --gtest_list_tests.
std::vector<std::string> selected(const std::string& self, const std::vector<std::string>& args) {
  std::string cmd = std::string(kChildEnv) + "=1 '" + self + "' --gtest_list_tests";
  for (auto& a : args) cmd += " '" + a + "'";
  std::vector<std::string> names;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return names;
  char line[1024];
  std::string suite;
  while (std::fgets(line, sizeof line, p)) {
    std::string l(line);
    if (const auto hash = l.find('#'); hash != std::string::npos) l.erase(hash);
    while (!l.empty() && (l.back() == '\n' || l.back() == ' ')) l.pop_back();
    if (l.empty()) continue;
    if (l[0] != ' ') suite = l;
    else names.push_back(suite + l.substr(l.find_first_not_of(' ')));
  }
  pclose(p);
  return names;
}

int run_each(const std::string& self, const std::vector<std::string>& names, const std::vector<std::string>& args) {
  std::vector<std::string> failed;
  std::printf("[ws] %zu tests, each in its own process\n", names.size());
  for (auto& n : names) {
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
      setenv(kChildEnv, "1", 1);
      std::vector<std::string> own{self, "--gtest_filter=" + n, "--gtest_brief=1"};
      for (auto& a : args)
        if (a.rfind("--gtest_filter", 0) != 0) own.push_back(a);
      std::vector<char*> argv;
      for (auto& a : own) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(self.c_str(), argv.data());
      _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) failed.push_back(n);
  }
  std::printf("[ws] %zu passed, %zu failed\n", names.size() - failed.size(), failed.size());
  for (auto& n : failed) std::printf("[ws] FAILED %s\n", n.c_str());
  return failed.empty() ? 0 : 1;
}

}  // namespace

int sc_main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  bool listing = false;
  for (auto& a : args) listing |= a.rfind("--gtest_list_tests", 0) == 0 || a == "--help" || a == "-h";
  if (!std::getenv(kChildEnv) && !listing) {
    char self[4096];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
      self[n] = 0;
      const auto names = selected(self, args);
      if (names.size() > 1) return run_each(self, names, args);
    }
  }
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
