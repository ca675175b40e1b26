#include "app/point_runner.hpp"

#include <malloc.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fmt/format.h>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace ws {
namespace {

using nlohmann::json;

json to_json(const PointOutcome& o) {
  json m = json::array();
  for (auto& [k, v] : o.result.metrics) m.push_back({k, v});
  json l = json::array();
  for (auto& [k, v] : o.result.labels) l.push_back({k, v});
  json res = json::array();
  for (auto& u : o.result.resources)
    res.push_back({{"name", u.name}, {"util_pct", u.util_pct}, {"ops", u.ops}, {"bytes", u.bytes},
                   {"queue_hw", u.queue_hw}, {"queue_unit", u.queue_unit}, {"drops", u.drops}});
  return {{"ok", o.ok}, {"exit", o.exit_code}, {"error", o.error}, {"metrics", m}, {"labels", l},
          {"report", o.result.report}, {"integrity_errors", o.result.integrity_errors}, {"resources", res},
          {"simulated_s", o.result.simulated_s}, {"skipped_s", o.result.skipped_s}, {"work_units", o.result.work_units},
          {"work_unit", o.result.work_unit}, {"limiting", o.result.limiting}, {"wall_s", o.wall_s},
          {"trace", {o.trace.path, o.trace.events, o.trace.dropped, o.trace.cap}}};
}

PointOutcome from_json(const std::string& text) {
  PointOutcome o;
  const json j = json::parse(text);
  o.ok = j.at("ok");
  o.exit_code = j.at("exit");
  o.error = j.at("error");
  for (auto& m : j.at("metrics")) o.result.metrics.emplace_back(m.at(0), m.at(1));
  for (auto& l : j.at("labels")) o.result.labels.emplace_back(l.at(0), l.at(1));
  o.result.report = j.at("report");
  o.result.integrity_errors = j.at("integrity_errors");
  for (auto& u : j.at("resources"))
    o.result.resources.push_back(ResourceUse{u.at("name"), u.at("util_pct"), u.at("ops"), u.at("bytes"),
                                             u.at("queue_hw"), u.at("drops").get<std::map<std::string, uint64_t>>(),
                                             u.at("queue_unit")});
  o.result.simulated_s = j.at("simulated_s");
  o.result.skipped_s = j.at("skipped_s");
  o.result.work_units = j.at("work_units");
  o.result.work_unit = j.at("work_unit");
  o.result.limiting = j.at("limiting");
  o.wall_s = j.at("wall_s");
  const json& t = j.at("trace");
  o.trace = {t.at(0), t.at(1), t.at(2), t.at(3)};
  return o;
}

// A page the process touches first costs a fault: about 10 us on the virtual
// machines this runs on, where one madvise populates a page in under 1 us
// (docs/performance.md). So the child populates 2 MB at the top of its heap
// at once (the MPC8572's heaviest run took about 850 faults; 2 MB took 2 %
// off its wall time, where 4 MB cost the PolarFire's short run more than it
// saved), large blocks come from the heap too, and freed memory stays there
// for reuse.
void populate_heap() {
  constexpr size_t kBytes = size_t{2} << 20;
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  void* block = malloc(kBytes);
  if (!block) return;
  const auto page = uintptr_t(sysconf(_SC_PAGESIZE));
  const uintptr_t from = (uintptr_t(block) + page - 1) & ~(page - 1), to = (uintptr_t(block) + kBytes) & ~(page - 1);
  madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE);  // a hint: an older kernel faults as before
  free(block);
}

// In the child: run, write the outcome as JSON to fd, leave without running
// SystemC's static destructors.
[[noreturn]] void child(const Point& p, int fd) {
  populate_heap();
  PointOutcome o;
  const auto began = std::chrono::steady_clock::now();
  try {
    o.result = p.platform->run(p.params, p.options);
    o.ok = o.result.integrity_errors == 0;
    if (!o.ok) {
      o.exit_code = 1;
      o.error = std::to_string(o.result.integrity_errors) + " bytes arrived wrong or not at all";
    }
  } catch (const InputError& e) {
    o.exit_code = 2;
    o.error = e.what();
  } catch (const std::exception& e) {
    o.exit_code = 1;
    o.error = std::string("model failure: ") + e.what();
  }
  o.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  o.trace = TraceWriter::last_written();
  const std::string s = to_json(o).dump();
  size_t off = 0;
  while (off < s.size()) {
    const ssize_t n = write(fd, s.data() + off, s.size() - off);
    if (n <= 0) break;
    off += size_t(n);
  }
  close(fd);
  std::fflush(nullptr);
  _exit(0);
}

struct Running {
  size_t index;
  pid_t pid;
  int fd;
  std::string out;
};

}  // namespace

std::vector<PointOutcome> run_points(const std::vector<Point>& points, unsigned jobs,
                                     const Progress& progress) {
  std::vector<PointOutcome> out(points.size());
  std::vector<Running> running;
  size_t next = 0, done = 0;
  jobs = std::max(1u, jobs);
  // On a terminal, a line each second while points run, so a long run is never
  // silent: on the second since the start, however often points finish (a
  // wait of a second from each finish never ended while every point took less).
  static const bool tty = isatty(STDERR_FILENO);
  const auto began = std::chrono::steady_clock::now();
  auto next_beat = began + std::chrono::seconds(1);
  bool beating = false;
  while (done < points.size()) {
    while (running.size() < jobs && next < points.size()) {
      int fds[2];
      if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
      std::fflush(nullptr);
      const pid_t parent = getpid();
      const pid_t pid = fork();
      if (pid < 0) throw std::runtime_error("fork failed");
      if (pid == 0) {
        // A point must not outlive the command that started it.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(1);
        close(fds[0]);
        child(points[next], fds[1]);
      }
      close(fds[1]);
      running.push_back(Running{next++, pid, fds[0], {}});
    }
    std::vector<pollfd> pfd;
    for (auto& r : running) pfd.push_back({r.fd, POLLIN, 0});
    const auto until_beat = std::chrono::ceil<std::chrono::milliseconds>(next_beat - std::chrono::steady_clock::now());
    const int ready = poll(pfd.data(), pfd.size(), tty ? int(std::max<int64_t>(0, until_beat.count())) : -1);
    if (ready < 0 && errno != EINTR) throw std::runtime_error("poll failed");
    if (ready == 0) {
      const auto t = std::chrono::steady_clock::now();
      while (next_beat <= t) next_beat += std::chrono::seconds(1);
      const double s = std::chrono::duration<double>(t - began).count();
      std::cerr << fmt::format("\r[{}/{}] points done, {} running, {:.0f} s elapsed\033[K", done, points.size(),
                               running.size(), s) << std::flush;
      beating = true;
      continue;
    }
    for (size_t i = running.size(); i-- > 0;) {
      if (!(pfd[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buf[65536];
      const ssize_t n = read(running[i].fd, buf, sizeof buf);
      if (n > 0) {
        running[i].out.append(buf, size_t(n));
        continue;
      }
      close(running[i].fd);
      int status = 0;
      waitpid(running[i].pid, &status, 0);
      PointOutcome& o = out[running[i].index];
      if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && !running[i].out.empty()) {
        o = from_json(running[i].out);
      } else {
        o.exit_code = 1;
        o.error = WIFSIGNALED(status) ? "model crashed with signal " + std::to_string(WTERMSIG(status))
                                      : "model process failed";
      }
      const size_t finished = running[i].index;
      running.erase(running.begin() + long(i));
      ++done;
      if (beating) std::cerr << "\r\033[K" << std::flush;  // the line's room for what comes next
      beating = false;
      if (progress) progress(done, points.size(), finished, o);
    }
  }
  return out;
}

void show_progress(size_t done, size_t total, const std::string& what) {
  static const bool tty = isatty(STDERR_FILENO);
  if (tty && total > 1) std::cerr << fmt::format("\r[{}/{}] {} done\033[K", done, total, what) << (done == total ? "\n" : "");
}

}  // namespace ws
