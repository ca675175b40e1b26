// Simulation speed of the PCIe platform: simulated TLPs per host second on a
// long x4 write and a small-block read, peak resident memory of a simulation
// process, and the wall time of the whole `reproduce pcie` on one core.
// Run: cmake --build build --target bench  (numbers go to docs/performance.md).
#include <sys/resource.h>
#include <systemc>
#include <chrono>
#include <cstdio>
#include <fmt/format.h>
#include "app/point_runner.hpp"
#include "app/reproduce.hpp"
#include "platforms/platform.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void tlp_rate(const char* label, const std::vector<std::pair<const char*, const char*>>& knobs) {
  const ws::Platform* p = ws::find_platform("msc815x_pcie");
  ws::Point pt;
  pt.platform = p;
  p->declare(pt.params);
  for (auto& [k, v] : knobs) pt.params.set(k, v, "bench");
  const auto t0 = std::chrono::steady_clock::now();
  const auto out = ws::run_points({pt}, 1);
  const double wall = seconds_since(t0);
  double tlps = 0, dllps = 0;
  for (auto& [k, v] : out[0].result.metrics) {
    if (k == "tlps") tlps = v;
    if (k == "dllps") dllps = v;
  }
  fmt::print("{:<34} {:>9.0f} TLPs {:>8.0f} DLLPs {:>7.3f} s  {:>10.0f} TLPs/host-s\n", label, tlps, dllps, wall,
             tlps / wall);
}

}  // namespace

int sc_main(int, char**) {
  tlp_rate("x4 write 32 KB x 3072 blocks", {{"dma.block_bytes", "32768"}, {"dma.blocks", "3072"}});
  tlp_rate("x4 read 32 KB x 1024 blocks", {{"dma.op", "read"}, {"dma.block_bytes", "32768"}, {"dma.blocks", "1024"}});
  tlp_rate("x4 write 8 B x 65536 blocks", {{"dma.block_bytes", "8"}, {"dma.blocks", "65536"}});

  const auto t0 = std::chrono::steady_clock::now();
  for (auto& s : ws::reference_sets()) ws::reproduce(s, 1, 1);
  fmt::print("{:<34} {:>7.2f} s wall on one core\n", "reproduce all (-j1)", seconds_since(t0));

  rusage ru{};
  getrusage(RUSAGE_CHILDREN, &ru);
  fmt::print("{:<34} {:>7.1f} MB (largest simulation process)\n", "peak resident memory", ru.ru_maxrss / 1024.0);
  return 0;
}
