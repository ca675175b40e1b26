// Simulation speed: simulated TLPs per host second on the PCIe platform (long x4
// writes, reads, small blocks), wire frames per host second on the MSC8144 UDP
// echo (64 B at line rate offered, one and four cores), simulated seconds per
// host second of iperf on the Cortex-A7 (S0 and S5 TCP at 100 Mbit/s, S5 at 1
// Gbit/s; 5 s tests plus 55 ms of start and drain), simulated seconds per
// host second of the 66AK2H FTP transfers (S1 and S5, get and put, 100 MB
// files), peak resident memory of
// a simulation process, and the wall time of each `reproduce` on one core.
// Run: cmake --build build --target bench  (numbers go to docs/performance.md);
// build/ws_bench TEXT runs only the lines whose label holds TEXT (the peak
// memory line is then of those alone).
#include <sys/resource.h>
#include <systemc>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>
#include <fmt/format.h>
#include "app/point_runner.hpp"
#include "app/reproduce.hpp"
#include "platforms/platform.hpp"

namespace {

// The kernel prints its banner during start-up, before sc_main; keep the report clean.
const bool kQuietBanner = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0) == 0;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

using Knobs = std::vector<std::pair<const char*, const char*>>;

const char* g_only = nullptr;  // the command line's TEXT, if any
bool wanted(const std::string& label) { return !g_only || label.find(g_only) != std::string::npos; }

struct Timed {
  ws::RunResult result;
  double wall;  // the whole point: its process started, run, reported and ended
  double own;   // the run in that process, from building the board to its result
};

// Runs one point of `platform` in its own process, as the CLI does.
Timed run_point(const char* platform, const Knobs& knobs) {
  const ws::Platform* p = ws::find_platform(platform);
  ws::Point pt;
  pt.platform = p;
  p->declare(pt.params);
  for (auto& [k, v] : knobs) pt.params.set(k, v, "bench");
  const auto t0 = std::chrono::steady_clock::now();
  auto out = ws::run_points({pt}, 1);
  const double wall = seconds_since(t0);
  return {std::move(out[0].result), wall, out[0].wall_s};
}

double metric(const std::vector<std::pair<std::string, double>>& m, const char* name) {
  for (auto& [k, v] : m)
    if (k == name) return v;
  return 0;
}

// The event-by-event model's cost per TLP: no steady-state skip.
void tlp_rate(const char* label, Knobs knobs) {
  if (!wanted(label)) return;
  knobs.push_back({"sim.steady_skip", "off"});
  const Timed t = run_point("msc815x_pcie", knobs);
  const auto& m = t.result.metrics;
  fmt::print("{:<34} {:>9.0f} TLPs {:>8.0f} DLLPs {:>7.3f} s  {:>10.0f} TLPs/host-s\n", label, metric(m, "tlps"),
             metric(m, "dllps"), t.wall, metric(m, "tlps") / t.wall);
}

void frame_rate_of(const char* platform, const char* label, const Knobs& knobs) {
  if (!wanted(label)) return;
  const Timed t = run_point(platform, knobs);
  const auto& m = t.result.metrics;
  fmt::print("{:<34} {:>9.0f} wire frames {:>7.3f} s  {:>10.0f} wire frames/host-s\n", label,
             metric(m, "wire_frames"), t.wall, metric(m, "wire_frames") / t.wall);
}

// Simulated seconds per host second of an iperf test (the run's own simulated time), and its wire frames per host second.
void iperf_rate(const char* label, const Knobs& knobs) {
  if (!wanted(label)) return;
  Knobs k = knobs;
  k.push_back({"iperf.seconds", "5"});
  const Timed t = run_point("a7_rtthread", k);
  const auto& m = t.result.metrics;
  fmt::print("{:<34} {:>7.2f} Mbit/s {:>7.3f} s  {:>6.1f} sim-s/host-s {:>10.0f} wire frames/host-s\n", label,
             metric(m, "mbps"), t.wall, t.result.simulated_s / t.wall, metric(m, "wire_frames") / t.wall);
}

// Simulated seconds per host second of one FTP transfer, and its TCP segments (wire frames) per host second.
void ftp_rate(const char* label, const Knobs& knobs) {
  if (!wanted(label)) return;
  const Timed t = run_point("k2h", knobs);
  const auto& m = t.result.metrics;
  fmt::print("{:<34} {:>7.2f} MB/s {:>7.3f} s  {:>6.2f} sim-s/host-s {:>10.0f} wire frames/host-s\n", label,
             metric(m, "mbytes_s"), t.wall, t.result.simulated_s / t.wall, metric(m, "wire_frames") / t.wall);
}

// Each study's heaviest run: simulated seconds per host second (real time is 1)
// and its work units (TLPs, wire frames) per host second, of the whole point;
// then of the run alone, without its process's start and end (a fork, the
// exit's unmapping), which a run of a few simulated ms does not amortise.
// Five runs, each in its own process: the medians, and the spread in brackets
// (this VM's speed drifts run to run). Every run must simulate the same.
void heaviest(const char* platform, const char* label, const Knobs& knobs) {
  if (!wanted(label)) return;
  constexpr int kRuns = 5;
  std::vector<Timed> runs;
  for (int i = 0; i < kRuns; ++i) runs.push_back(run_point(platform, knobs));
  const ws::RunResult& r = runs.front().result;
  for (const Timed& t : runs)
    if (t.result.simulated_s != r.simulated_s || t.result.work_units != r.work_units)
      throw std::logic_error(fmt::format("{}: two runs of the same point simulated differently", label));
  const auto rates = [&](double Timed::*wall) {
    std::vector<double> v;
    for (const Timed& t : runs) v.push_back(r.simulated_s / (t.*wall));
    std::sort(v.begin(), v.end());
    return v;
  };
  const std::vector<double> whole = rates(&Timed::wall), alone = rates(&Timed::own);
  const double median = whole[kRuns / 2];
  // A steady-state skip counts its periods' simulated time and work as done: said on the line.
  const std::string skipped =
      r.skipped_s > 0 ? fmt::format("  ({:.1f} % of the time taken as done)", 100 * r.skipped_s / r.simulated_s) : "";
  fmt::print("{:<46} {:>8.4f} sim-s {:>7.3f} sim-s/host-s ({:.3f}-{:.3f}) {:>12.0f} {}/host-s  run alone {:>7.3f} ({:.3f}-{:.3f}){}\n",
             label, r.simulated_s, median, whole.front(), whole.back(), median * r.work_units / r.simulated_s, r.work_unit,
             alone[kRuns / 2], alone.front(), alone.back(), skipped);
}

}  // namespace

int sc_main(int argc, char** argv) {
  if (argc > 1) g_only = argv[1];
  fmt::print("each study's heaviest run, one core, five runs each in its own process (median, their spread in brackets):\n");
  heaviest("msc815x_pcie", "PCIe Gen2 x4 32 KB writes both ways, 4096 blocks",
           {{"pcie.gen", "2"}, {"dma.block_bytes", "32768"}, {"dma.blocks", "4096"}});
  heaviest("msc815x_pcie", "  the same, every TLP simulated",
           {{"pcie.gen", "2"}, {"dma.block_bytes", "32768"}, {"dma.blocks", "4096"}, {"sim.steady_skip", "off"}});
  heaviest("msc8144", "MSC8144 4 cores, 64 B at line rate, 200 ms",
           {{"app.cores", "4"}, {"app.udp_send", "connect"}, {"tester.mode", "fixed"}, {"tester.load_pct", "100"},
            {"tester.trial_ms", "200"}});
  heaviest("mpc8572", "MPC8572 64 B both ways at line rate, 100 ms",
           {{"tester.mode", "fixed"}, {"tester.load_pct", "100"}, {"tester.trial_ms", "100"}});
  heaviest("k2h", "66AK2H S5 get, 100 MB",
           {{"ftp.send_bytes", "1460"}, {"ftp.task_yield", "off"}, {"sw.opt", "O3"}, {"ftp.retr_sends", "68493"},
            {"ndk.tcp_tx_buf", "65536"}, {"ndk.tcp_rx_buf", "65536"}, {"ndk.tcp_rx_limit", "65536"},
            {"rtos.heap_bytes", "1048576"}, {"pc.ack_frequency", "10"}, {"pc.del_ack_ticks", "1"},
            {"nimu.tx_recycle", "batched"}, {"acc.timer_load_count", "2"}, {"acc.pacing_mode", "first_new_packet"}});
  heaviest("a7_rtthread", "A7 EMAC1 S5 TCP rx, 2 s",
           {{"soc.caches", "on"}, {"sw.memcpy", "uboot"}, {"drv.dma_buffers", "uncached"}, {"drv.tx", "lookahead"},
            {"drv.rx", "thread"}, {"lwip.options", "tuned"}, {"emac.mbps", "1000"}, {"iperf.seconds", "2"}});
  heaviest("polarfire_pcie", "PolarFire Gen2 x4 built-in DMA write, 16 MB",
           {{"dma.transfer_bytes", "16777216"}});
  heaviest("polarfire_pcie", "  the same, every TLP simulated", {{"dma.transfer_bytes", "16777216"}, {"sim.steady_skip", "off"}});
  heaviest("am261x_lwip", "AM261x TCP tx (MSRAM)", {{"iperf.proto", "tcp"}, {"iperf.dir", "tx"}});
  heaviest("am261x_lwip", "AM261x UDP rx 1470 B, the loss search", {});

  tlp_rate("x4 write 32 KB x 3072 blocks", {{"dma.block_bytes", "32768"}, {"dma.blocks", "3072"}});
  tlp_rate("x4 read 32 KB x 1024 blocks", {{"dma.op", "read"}, {"dma.block_bytes", "32768"}, {"dma.blocks", "1024"}});
  tlp_rate("x4 write 8 B x 65536 blocks", {{"dma.block_bytes", "8"}, {"dma.blocks", "65536"}});

  const Knobs line_rate = {{"tester.mode", "fixed"}, {"tester.load_pct", "100"}, {"tester.trial_ms", "50"}};
  Knobs four = line_rate;
  four.push_back({"app.cores", "4"});
  frame_rate_of("msc8144", "msc8144 64 B line rate, 1 core", line_rate);
  frame_rate_of("msc8144", "msc8144 64 B line rate, 4 cores", four);

  const Knobs s5 = {{"soc.caches", "on"}, {"sw.memcpy", "uboot"}, {"drv.dma_buffers", "uncached"},
                    {"drv.tx", "lookahead"}, {"drv.rx", "thread"}, {"lwip.options", "tuned"}};
  Knobs s5g = s5;
  s5g.push_back({"emac.mbps", "1000"});
  iperf_rate("a7 S0 TCP rx 100 Mbit/s, 5 s", {});
  iperf_rate("a7 S5 TCP rx 100 Mbit/s, 5 s", s5);
  iperf_rate("a7 S5 TCP rx 1 Gbit/s, 5 s", s5g);

  // A get is the RETR loop: 68,493 sends of 1460 B keep it at 100 MB (the study's loop sends 5000).
  const Knobs s1 = {{"ftp.send_bytes", "1460"}, {"ftp.task_yield", "off"}, {"sw.opt", "O3"}, {"ftp.retr_sends", "68493"}};
  Knobs f5 = s1;
  for (auto kv : Knobs{{"ndk.tcp_tx_buf", "65536"}, {"ndk.tcp_rx_buf", "65536"}, {"ndk.tcp_rx_limit", "65536"},
                       {"rtos.heap_bytes", "1048576"}, {"pc.ack_frequency", "10"}, {"pc.del_ack_ticks", "1"},
                       {"nimu.tx_recycle", "batched"}, {"acc.timer_load_count", "2"},
                       {"acc.pacing_mode", "first_new_packet"}})
    f5.push_back(kv);
  Knobs f5put = f5;
  f5put.push_back({"ftp.dir", "put"});
  ftp_rate("k2h S1 get, 100 MB", s1);
  ftp_rate("k2h S5 get, 100 MB", f5);
  ftp_rate("k2h S5 put, 100 MB", f5put);

  frame_rate_of("mpc8572", "mpc8572 64 B both ways, split IRQs", {{"tester.trial_ms", "50"}, {"irq.eth1_mask", "2"}});

  for (auto& s : ws::reference_sets()) {
    if (!wanted("reproduce " + s.name)) continue;
    const auto t0 = std::chrono::steady_clock::now();
    ws::reproduce(s, 1, 1);
    fmt::print("{:<34} {:>7.2f} s wall on one core\n", "reproduce " + s.name + " (-j1)", seconds_since(t0));
  }

  rusage ru{};
  getrusage(RUSAGE_CHILDREN, &ru);
  fmt::print("{:<34} {:>7.1f} MB (largest simulation process)\n", "peak resident memory", ru.ru_maxrss / 1024.0);
  return 0;
}
