// The MPC8572 IP forwarding platform in the catalogue: the checks between
// its parameters, its result columns, and its run.
#include "platforms/mpc8572/mpc8572.hpp"

#include <fmt/format.h>
#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/eth/etsec.hpp"
#include "models/irq/irq_controller.hpp"
#include "models/mem/memory.hpp"
#include "models/mem/snoop_domain.hpp"
#include "models/tester/measurement.hpp"
#include "models/tester/rfc2544.hpp"
#include "models/tester/traffic_tester.hpp"
#include "platforms/common/board_file.hpp"
#include "platforms/common/core_config.hpp"
#include "platforms/mpc8572/mpc8572_board.hpp"
#include "workloads/drivers/gianfar.hpp"
#include "workloads/os/linux/linux.hpp"

namespace ws {

using namespace mpc8572;

namespace {

// The blocks' keys; the board file gives their defaults and the study's own keys.
void declare_mpc8572_params(ParamTable& t) {
  tester::TrafficTester::declare_params(t);
  tester::Rfc2544::declare_params(t);
  declare_core_config(t, "e500");
  SnoopDomain::declare_params(t, "coherence");
  SnoopDomain::declare_l2_params(t, "l2");
  IrqController::declare_params(t, "mpic");
  Memory::declare_params(t, "ddr", /*clocked=*/false);
  Interconnect::declare_params(t, "bus", /*non_blocking=*/false);
  eth::Etsec::declare_params(t, "etsec");
  os::Linux::declare_params(t);
  drivers::Gianfar::bindings().declare(t, "gianfar");
  t.declare(choice("sim.drop_trains", "on", {"on", "off"}, "-",
                   "on: while a port's Rx queue is halted with its FIFO full, so that every tester frame is dropped "
                   "until software clears the halt, the tester counts its frames sent and dropped without an event "
                   "each; off: every frame is simulated (the check of the trains)",
                   "a simulator switch, no board fact"));
}

void check_mpc8572_params(const ParamTable& p) {
  p.require_power_of_two({"e500.l1d_kb", "e500.l1i_kb"}, "4, 8, 16, 32, 64 KB");
  Cpu::check_cache_params(p, "e500");
  for (const char* dir : {"rx", "tx"}) {  // a frame threshold the ring cannot reach never fires
    const std::string frames = fmt::format("gianfar.{}_coalesce_frames", dir), bds = fmt::format("gianfar.{}_bds", dir);
    if (p.i(frames) > p.i(bds))
      throw InputError(fmt::format("{}: key '{}': {} frames is more than the {} BDs of the ring (valid: 0..{})",
                                   p.origin({frames.c_str(), bds.c_str()}), frames, p.i(frames), p.i(bds), p.i(bds)));
  }
  if (p.i("e500.l1d_line_bytes") != 32)
    throw InputError(fmt::format("{}: key 'e500.l1d_line_bytes': {} B differs from the shared L2's 32 B line, which a "
                                 "coherent L1 must have (valid: 32)", p.origin("e500.l1d_line_bytes"),
                                 p.i("e500.l1d_line_bytes")));
  p.require_power_of_two({"l2.kb"}, "256, 512, 1024, 2048 KB");
  p.require_power_of_two({"gianfar.fp_entries"}, "1, 2, 4, .. 2048 entries");
}

std::vector<Column> mpc8572_columns() {
  auto c = tester::Measurement::columns(kPorts, tester::kForwarded);
  c.push_back({"fwd_fps", "frames/s", "frames forwarded per second, both directions"});
  for (unsigned i = 0; i < 2; ++i) {
    const std::string cpu = "cpu" + std::to_string(i);
    c.push_back({cpu + "_pct", "%", "mpstat: " + cpu + " busy (100 - %idle) over the final trial"});
    for (const char* lvl : {"irq", "soft", "sys", "usr"})
      c.push_back({cpu + "_" + lvl + "_pct", "%", std::string("mpstat: ") + cpu + " %" + lvl});
  }
  c.push_back({"time_squeezes", "-", "/proc/net/softnet_stat's time_squeeze over the final trial, both CPUs: NET_RX runs "
                                    "that ended with work left (netdev_budget or two jiffies spent)"});
  c.push_back({"interventions", "lines", "modified cache lines a core supplied to the other or to a DMA read, over the run"});
  c.push_back({"wire_frames", "frames", "frames that crossed any simulated wire, every trial (host-speed unit)"});
  c.push_back({"drops", "-", "frames the board discarded in the final trial, as place.reason=count"});
  return c;
}

}  // namespace

Platform mpc8572_platform(const std::string& board_path) {
  return board_platform(board_path, declare_mpc8572_params,
                        {.workloads = {"ipfwd"},
                         .check = check_mpc8572_params,
                         .run = run_ipfwd,
                         .ethernet_ports = true,
                         .columns = mpc8572_columns(),
                         .reference = {"mpc8572", "workloads/ipfwd/reference/mpc8572-ipfwd.csv", "fwd_fps"},
                         .short_run = {{"tester.mode", "fixed"}, {"tester.trial_ms", "1"}},
                         .seed_note = "nothing on this board draws a random number: every seed gives the same figures"});
}

}  // namespace ws
