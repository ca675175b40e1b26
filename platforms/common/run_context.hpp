#pragma once
// What every run of a platform builds before its board and ends with: the
// statistics, the trace, the scheduler, the frame pool, the pcap taps the run
// asked for (--pcap), and the common tail of its result.
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "models/eth/frame.hpp"
#include "models/eth/pcap_writer.hpp"
#include "models/eth/wire.hpp"
#include "models/sim/rng.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"
#include "models/sim/steady_state.hpp"
#include "models/sim/trace_writer.hpp"
#include "platforms/platform.hpp"

namespace ws {

struct RunContext {
  explicit RunContext(const RunOptions& o);

  const RunOptions options;
  StatsRegistry stats;
  TraceWriter trace;
  Scheduler sched;
  eth::FramePool pool;
  SteadyState steady;  // off unless the platform enables it

  // A pcap file of what crosses `wires` (a port's two directions) when the run
  // asked for pcaps: --pcap DIR gets DIR/file.
  void pcap(const std::string& file, std::initializer_list<eth::Wire*> wires);
  // Offers the steady-state skip (SteadyState) as sim.steady_skip asks, unless
  // --trace wants every event; `rng`'s draws are part of the state, so a run
  // that keeps drawing (bit errors) never repeats it.
  void offer_steady_skip(const ParamTable& p, const Rng& rng);
  // The result's common tail: the simulated time (with any periods skipped, and
  // how much of it they were), what host speed is counted in, the skip's line
  // in the report, and the trace written out.
  void finish(RunResult& r, double work_units, const char* work_unit);
  // The tail of a run against a PC (iperf, FTP): the report's drops, the
  // cycle ledger's text and the limit, then finish() counting the frames of
  // the `wire_frames` column (a run without one is a defect of its platform).
  void finish_pc_run(RunResult& r, const std::map<std::string, uint64_t>& drops, const std::string& ledger);

 private:
  std::vector<std::unique_ptr<eth::PcapWriter>> pcaps_;
};

}  // namespace ws
