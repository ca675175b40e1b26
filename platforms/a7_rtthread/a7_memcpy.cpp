// The RT-Thread study's memcpy timing: one copy of memcpy.mbytes by the
// sw.memcpy routine on the core, checked byte for byte.
#include <fmt/format.h>
#include <vector>
#include "platforms/a7_rtthread/a7_board.hpp"
#include "platforms/a7_rtthread/a7_rtthread.hpp"
#include "workloads/lib/memcpy_routines.hpp"
#include "workloads/lib/splitmix64.hpp"

namespace ws {

using namespace a7;
using sc_core::sc_time;

RunResult run_memcpy(const ParamTable& p, const RunOptions& o) {
  RunContext run(o);
  A7Board board("board", p, run);
  board.map_memory(p.s("soc.caches") == "on", false);
  const auto n = uint32_t(p.r("memcpy.mbytes") * 1e6);
  const uint64_t src = kCopySrc + uint64_t(p.i("memcpy.src_offset")), dst = kCopyDst + uint64_t(p.i("memcpy.dst_offset"));
  std::vector<uint8_t> data(n), back(n);
  uint64_t seed = o.seed;
  splitmix64_fill(seed, data.data(), n);
  board.ddr.write(src, data.data(), n);
  const lib::Memcpy routine = lib::memcpy_from_name(p.s("sw.memcpy"));
  sc_time took;
  run.sched.at(sc_core::SC_ZERO_TIME, [&] {
    Cpu& c = board.core;
    c.set_time(now());
    c.copy(dst, src, n, lib::memcpy_pattern(routine, dst, src, n));
    took = c.time() - now();
    c.busy()->add_busy(took, n, c.time());
  });
  sc_core::sc_start();
  board.ddr.read(dst, back.data(), n);
  RunResult r;
  r.metrics = {{"ms", took.to_seconds() * 1e3}, {"mbytes_per_s", n / took.to_seconds() / 1e6}};
  for (uint32_t i = 0; i < n; ++i) r.integrity_errors += back[i] != data[i];
  r.resources = run.stats.usage(took, took);  // the copy ran from 0
  r.report = fmt::format("memcpy {} of {} B ({} -> {}): {:.3f} ms\n", p.s("sw.memcpy"), n, src, dst,
                         took.to_seconds() * 1e3) +
             run.stats.bottleneck_report(took, took);
  r.limiting = p.s("soc.caches") == "on" ? "ddr bandwidth (line fills and write-backs)"
                                         : "strongly ordered accesses, one at a time";
  run.finish(r, n, "bytes copied");
  r.simulated_s = took.to_seconds();  // the copy is one event at time 0: the simulation's clock stays there
  return r;
}

}  // namespace ws
