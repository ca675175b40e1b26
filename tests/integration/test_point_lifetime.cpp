// A sweep's point processes never outlive the command that started them.
#include <gtest/gtest.h>
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct ProcStat {
  char state = 0;  // 0: no such process
  pid_t ppid = 0;
  unsigned long long start = 0;  // clock ticks after boot: tells a reused pid apart
};

// Fields 3, 4 and 22 of /proc/PID/stat; the command name before them may hold spaces.
ProcStat stat_of(const std::string& pid) {
  std::ifstream f("/proc/" + pid + "/stat");
  std::string stat;
  std::getline(f, stat);
  ProcStat s;
  const auto close = stat.rfind(')');
  if (close == std::string::npos ||
      std::sscanf(stat.c_str() + close + 1, " %c %d %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %llu",
                  &s.state, &s.ppid, &s.start) != 3)
    return {};
  return s;
}

// A zombie has finished: it waits only for its new parent to reap it, and
// where that parent is a container's init, reaping can take seconds.
bool running(const ProcStat& s) { return s.state != 0 && s.state != 'Z' && s.state != 'X' && s.state != 'x'; }

struct Child {
  pid_t pid;
  unsigned long long start;
  bool operator==(const Child&) const = default;
};

std::vector<Child> children_of(pid_t parent) {
  std::vector<Child> kids;
  for (auto& e : std::filesystem::directory_iterator("/proc")) {
    const std::string name = e.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const ProcStat s = stat_of(name);
    if (s.ppid == parent && running(s)) kids.push_back({std::stoi(name), s.start});
  }
  return kids;
}

// The same process still running (not another one given its pid).
bool alive(const Child& c) {
  const ProcStat s = stat_of(std::to_string(c.pid));
  return running(s) && s.start == c.start;
}

}  // namespace

TEST(PointLifetime, PointProcessDiesWithItsParent) {
  const pid_t cli = fork();
  ASSERT_GE(cli, 0);
  if (cli == 0) {
    // A point that runs for tens of seconds: an RFC 2544 search of 1 s trials.
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
    const std::string scenario = std::string(WS_SOURCE_DIR) + "/workloads/udp_echo/scenarios/four_cores.yaml";
    execl(WS_BIN, WS_BIN, "run", scenario.c_str(), "--set", "tester.mode=rfc2544", "--set", "tester.trial_ms=1000",
          "--format", "csv", static_cast<char*>(nullptr));
    _exit(127);
  }
  // The loader's bounded parse is a short-lived child too: the point is the
  // child still there half a second after it was seen.
  std::vector<Child> points;
  for (int i = 0; i < 100 && points.empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    for (const Child& kid : children_of(cli)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
      const auto now = children_of(cli);
      if (std::find(now.begin(), now.end(), kid) != now.end()) points.push_back(kid);
    }
  }
  // On a loaded machine the loader's child may live that long too: every
  // child seen alive must die with the parent.
  ASSERT_FALSE(points.empty()) << "the run never forked its point";
  kill(cli, SIGKILL);
  int status = 0;
  waitpid(cli, &status, 0);
  for (const Child& p : points) {
    bool gone = false;
    for (int i = 0; i < 40 && !gone; ++i) {  // 2 s: far less than the point's run
      gone = !alive(p);
      if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    if (!gone) kill(p.pid, SIGKILL);
    EXPECT_TRUE(gone) << "child " << p.pid << " outlived its parent";
  }
}
