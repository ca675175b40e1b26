#include "platforms/msc815x_pcie/msc815x_board.hpp"

#include <algorithm>

namespace ws {

unsigned msc815x_link_mps(const ParamTable& p) { return unsigned(std::min(p.i("pcie.mps"), p.i("pcie.ep_mps"))); }

unsigned msc815x_cpl_bytes(const ParamTable& p) {
  const std::string& v = p.s("pcie.cpl_bytes");
  return v == "mps" ? msc815x_link_mps(p) : unsigned(std::stoul(v));
}

pcie::ControllerConfig msc815x_controller_config(uint16_t id, bool root, const ParamTable& p) {
  pcie::ControllerConfig c;
  c.id = id;
  c.mps_supported = unsigned(p.i(root ? "pcie.mps" : "pcie.ep_mps"));
  // The link runs at the smaller MPS of the two ends (connect() applies it); the
  // Ack and replay timer limits follow the negotiated value.
  const unsigned link_mps = msc815x_link_mps(p);
  c.mrrs = unsigned(p.i("pcie.mrrs"));
  c.cpl_bytes = msc815x_cpl_bytes(p);
  c.read_tags = unsigned(p.i("pcie.read_tags"));
  c.posted_buffer_bytes = unsigned(p.i("pcie.posted_buffer_bytes"));
  c.ecrc = p.i("pcie.ecrc") != 0;
  c.completer_latency_ns = p.r("pcie.completer_latency_ns");
  c.assembly_bytes_per_ns = p.r("pcie.assembly_bytes_per_ns");
  c.assembly_tlp_ns = p.r("pcie.assembly_tlp_ns");
  c.cut_through_bytes = unsigned(p.i("pcie.cut_through_bytes"));
  c.advert[size_t(pcie::FcClass::P)] = {uint32_t(p.i("pcie.posted_header_credits")),
                                        uint32_t(p.i("pcie.posted_data_credits"))};
  // Reads carry no data: non-posted data credits are not the limit, the header credits are.
  c.advert[size_t(pcie::FcClass::NP)] = {uint32_t(p.i("pcie.np_header_credits")), 0};
  c.advert[size_t(pcie::FcClass::Cpl)] = {0, 0};  // completion credits infinite (§2.6.1)
  c.fc_update_every = unsigned(p.i("pcie.fc_update_every"));
  c.dll.ack_every = unsigned(p.i("pcie.ack_every"));
  c.dll.ack_on_idle = p.i("pcie.ack_on_idle") != 0;
  // Ack and UpdateFC timers scale with the link like the spec's latency limits
  // (PCIe 1.1 Table 3-7 for Acks; the UpdateFC guideline, Table 2-37, has the same form).
  const unsigned lanes = unsigned(p.i("pcie.lanes"));
  const double symbol = pcie::symbol_ns(unsigned(p.i("pcie.gen")));
  const double spec_latency_ns = pcie::ack_latency_symbols(link_mps, lanes) * symbol;
  c.dll.ack_timeout_ns = p.r("pcie.ack_timer_factor") * spec_latency_ns;
  c.fc_update_timeout_ns = p.r("pcie.fc_timer_factor") * spec_latency_ns;
  // REPLAY_TIMER: the spec sets three Ack latency limits (§3.5.2.1); our Ack
  // policy may coalesce beyond the limit, so three times the longest an Ack can
  // take under it: the timer, ack_every full TLPs and the round trip.
  const double tlp_ns = pcie::lane_times(link_mps + pcie::kSpecTlpOverheadSymbols, lanes) * symbol;
  c.dll.replay_timeout_ns =
      3 * (c.dll.ack_timeout_ns + c.dll.ack_every * tlp_ns + 2 * p.r("pcie.phy_latency_ns"));
  c.dll.replay_buffer_bytes = unsigned(p.i("pcie.replay_buffer_bytes"));
  c.dll.lcrc_error_rate = p.r("pcie.lcrc_error_rate");
  c.phy.gen = unsigned(p.i("pcie.gen"));
  c.phy.lanes = unsigned(p.i("pcie.lanes"));
  c.phy.gap_symbols = c.phy.lanes == 2 ? p.r("pcie.x2_gap_symbols") : 0.0;
  c.phy.latency_ns = p.r("pcie.phy_latency_ns");
  return c;
}

static pcie::DmaConfig dma_config(const ParamTable& p) {
  pcie::DmaConfig d;
  d.clock_hz = p.r("dma.clock_mhz") * 1e6;
  d.desc_cycles = p.r("dma.desc_cycles");
  d.bytes_per_cycle = p.r("dma.bytes_per_cycle");
  d.burst_bytes = uint32_t(p.i("dma.burst_bytes"));
  d.bd_fetch_cycles = p.r("dma.bd_fetch_cycles");
  d.channels = unsigned(p.i("dma.channels"));
  d.done_on_ack = p.s("dma.done") == "acked";
  return d;
}

// The SC3850 as the AN3935 loop uses it: computation only (issue and
// completion costs are calibrated core cycles, core.*); the loop makes no
// cached access, so the L1 geometry (32 KB I and D per core, MSC8156 data
// sheet; 8 ways and 64 B lines assumed) does not enter a result. Exception
// entry and exit are inside core.complete_cycles.
static Cpu::Config core_config(const ParamTable& p) {
  return Cpu::Config{p.r("core.clock_mhz") * 1e6, Cache::Config{32 * 1024, 8, 64}, Cache::Config{32 * 1024, 8, 64}, 0, 0,
                     0, 0};
}

Msc815xBoard::Msc815xBoard(sc_core::sc_module_name name, uint16_t pcie_id, bool root, const ParamTable& p,
                           Scheduler& sched,
                           StatsRegistry& stats, Rng& rng, TraceWriter& trace)
    : sc_module(name),
      ddr("ddr", Memory::Config{kDdrSize, p.r("ddr.latency_ns"), p.r("ddr.bytes_per_ns"), 1}, stats),
      bus("bus", Interconnect::Config{p.r("bus.bytes_per_ns"), p.r("bus.hop_ns")}, stats),
      pcie("pcie", msc815x_controller_config(pcie_id, root, p), sched, stats, rng, trace),
      dma("dma", dma_config(p), sched, stats, pcie),
      core("core", core_config(p), sched, stats, &trace, std::string(sc_module::name()) + ".core"),
      // DMA done to the core's handler starting: delivery, not core time.
      epic(p.r("core.irq_latency_ns")) {
  dma.mem.bind(bus.in);
  core.socket.bind(bus.in);
  pcie.mem.bind(bus.in);
  bus.out.bind(ddr.socket);
  bus.map(0, 0, kDdrSize);
}

}  // namespace ws
