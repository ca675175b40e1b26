// The PCIe controller's and the HSSI DMA's parameters, and the configs they give.
#include <fmt/format.h>
#include <algorithm>
#include "models/pcie/hssi_dma.hpp"
#include "models/pcie/pcie_controller.hpp"

namespace ws::pcie {

using K = ParamSpec::Kind;

void PcieController::declare_params(ParamTable& t) {
  // --- link ---
  t.declare_model(model_choice("pcie.gen", {"1", "2"}, "-", "PCIe generation: 1 is 2.5 GT/s, 2 is 5 GT/s a lane"));
  t.declare_model(model_choice("pcie.lanes", {"1", "2", "4"}, "lanes", "negotiated link width"));
  t.declare_model(model_choice("pcie.mps", {"128", "256"}, "B",
                               "Max Payload Size programmed at the RC; the link uses the smaller of this and "
                               "pcie.ep_mps"));
  t.declare_model(model_choice("pcie.ep_mps", {"128", "256"}, "B", "Max Payload Size programmed at the EP"));
  t.declare_model(model_choice("pcie.mrrs", {"128", "256", "512", "1024", "2048", "4096"}, "B",
                               "Max Read Request Size"));
  t.declare_model(model_choice("pcie.cpl_bytes", {"mps", "64", "128", "256"}, "B",
                               "payload of each completion the completer returns: mps = the link's MPS, else at "
                               "most it and a multiple of RCB"));
  t.declare_model(model_choice("pcie.rcb", {"64", "128"}, "B",
                               "Read Completion Boundary: completions end on its multiples, so pcie.cpl_bytes must "
                               "be one"));
  t.declare_model(model_number("pcie.read_tags", K::Int, 1, 32, "requests",
                               "read requests (MRd) a requester keeps outstanding (tags in use); the partner's NPH "
                               "credits (pcie.np_header_credits) bound how many wait at the completer"));
  t.declare_model(model_number("pcie.np_header_credits", K::Int, 1, 127, "credits",
                               "non-posted header credits each end advertises"));
  t.declare_model(model_number("pcie.posted_header_credits", K::Int, 1, 127, "credits",
                               "posted header credits each end advertises"));
  t.declare_model(model_number("pcie.posted_data_credits", K::Int, 16, 2047, "16 B credits",
                               "posted data credits each end advertises"));
  t.declare_model(model_choice("pcie.ecrc", {"0", "1"}, "-", "end-to-end CRC (TLP digest, +4 B per TLP)"));
  t.declare_model(model_number("pcie.lcrc_error_rate", K::Real, 0, 0.5, "per TLP",
                               "probability that a transmitted TLP arrives with a bad LCRC (forces Nak and replay)"));

  // --- controller costs ---
  t.declare_model(model_number("pcie.ack_every", K::Int, 1, 64, "TLPs",
                               "good TLPs received per Ack DLLP (Ack coalescing)"));
  t.declare_model(model_choice("pcie.ack_on_idle", {"0", "1"}, "-",
                               "also send an Ack as soon as the receive side goes idle (end of a burst) instead of "
                               "waiting for ack_every TLPs or the Ack timer"));
  t.declare_model(model_number("pcie.ack_timer_factor", K::Real, 0.1, 100, "x spec limit",
                               "Ack timer as a multiple of the PCIe 1.1 AckNak latency limit for the link's MPS and "
                               "width (Table 3-7); a TLP waits at most this long for its Ack when fewer than "
                               "ack_every arrived"));
  t.declare_model(model_number("pcie.fc_update_every", K::Int, 1, 64, "TLPs",
                               "posted/non-posted headers freed per UpdateFC DLLP"));
  t.declare_model(model_number("pcie.fc_timer_factor", K::Real, 0.1, 100, "x spec limit",
                               "longest freed credits wait for an UpdateFC, as a multiple of the link's Ack latency "
                               "limit (the UpdateFC guideline of PCIe 1.1 Table 2-37 has the same form)"));
  t.declare_model(model_number("pcie.replay_buffer_bytes", K::Int, 64, 1 << 20, "B",
                               "replay buffer: TLP bytes held until Acked"));
  t.declare_model(model_number("pcie.posted_buffer_bytes", K::Int, 256, 1 << 20, "B",
                               "outbound posted queue between the DMA and the transaction layer"));
  t.declare_model(model_number("pcie.phy_latency_ns", K::Real, 0, 10000, "ns",
                               "transmit pipeline, flight and receive pipeline: end of a packet at the sender to "
                               "usable at the receiver"));
  t.declare_model(model_number("pcie.completer_latency_ns", K::Real, 0, 100000, "ns",
                               "inbound read: MRd arrival to its completions being ready, beyond the DDR access "
                               "itself (the controller's inbound path through the SoC fabric)"));
  t.declare_model(model_number("pcie.assembly_bytes_per_ns", K::Real, 0.1, 64, "B/ns",
                               "rate at which the controller copies a payload TLP into its transmit (replay) buffer "
                               "before sending it, from its first burst on (pipelined with the link)"));
  t.declare_model(model_number("pcie.assembly_tlp_ns", K::Real, 0, 10000, "ns",
                               "time the controller's copy engine spends closing each payload TLP's transmit buffer "
                               "entry before it takes the next TLP; delays no TLP of its own, bounds back-to-back "
                               "TLPs; does not shrink with MPS or link speed"));
  t.declare_model(model_number("pcie.completer_request_ns", K::Real, 0, 10000, "ns",
                               "time the controller's copy engine spends on each inbound read request (decoding it and "
                               "fetching its data into the transmit buffer) before that request's completions, taken "
                               "in turn with its TLPs: a cost per request that does not shrink with link speed"));
  t.declare_model(model_number("pcie.cut_through_bytes", K::Int, 16, 4096, "B",
                               "TLP bytes in the transmit buffer before transmission may start (cut-through "
                               "threshold)"));
  t.declare_model(model_number("pcie.x2_gap_symbols", K::Real, 0, 200, "symbol times",
                               "idle lane symbol times the MSC8156 leaves after each packet in x2 mode (an observed "
                               "x2 quirk, mechanism unknown to the study)"));
}

unsigned link_mps(const ParamTable& p) { return unsigned(std::min(p.i("pcie.mps"), p.i("pcie.ep_mps"))); }

unsigned cpl_bytes(const ParamTable& p) {
  const std::string& v = p.s("pcie.cpl_bytes");
  return v == "mps" ? link_mps(p) : unsigned(std::stoul(v));
}

// The rules between the link's keys every platform with this controller obeys.
void check_link_params(const ParamTable& p) {
  // A completion carries at most the link's MPS (§2.2.2): the smaller of the two ends'.
  const int64_t link_mps = pcie::link_mps(p), cpl = pcie::cpl_bytes(p);
  if (cpl > link_mps)
    throw InputError(fmt::format("{}: key 'pcie.cpl_bytes': {} B completions exceed the link's MPS of {} B "
                                 "(pcie.mps {}, pcie.ep_mps {}); valid: mps, or 64 .. {}",
                                 p.origin("pcie.cpl_bytes"), cpl, link_mps, p.i("pcie.mps"), p.i("pcie.ep_mps"),
                                 link_mps));
  // The replay buffer must hold one largest TLP: 4 DW header, MPS payload, ECRC.
  const int64_t largest_tlp = 16 + link_mps + (p.i("pcie.ecrc") ? 4 : 0);
  if (p.i("pcie.replay_buffer_bytes") < largest_tlp)
    throw InputError(fmt::format("{}: key 'pcie.replay_buffer_bytes': {} B does not hold one {} B TLP (MPS {} B "
                                 "with a 4 DW header{}); valid: {} .. 1048576",
                                 p.origin("pcie.replay_buffer_bytes"), p.i("pcie.replay_buffer_bytes"), largest_tlp,
                                 link_mps, p.i("pcie.ecrc") ? " and ECRC" : "", largest_tlp));
  // Completions end on multiples of their size, which must then be RCB multiples (§2.3.1.1).
  if (cpl % p.i("pcie.rcb") != 0)
    throw InputError(fmt::format("{}: key 'pcie.cpl_bytes': {} B is not a multiple of pcie.rcb ({} B, {})",
                                 p.origin("pcie.cpl_bytes"), cpl, p.i("pcie.rcb"),
                                 p.origin("pcie.rcb")));
}

ControllerConfig controller_config(const ParamTable& p, uint16_t id, bool root) {
  ControllerConfig c;
  c.id = id;
  c.mps_supported = unsigned(p.i(root ? "pcie.mps" : "pcie.ep_mps"));
  // The link runs at the smaller MPS of the two ends (connect() applies it); the
  // Ack and replay timer limits follow the negotiated value.
  const unsigned mps = link_mps(p);
  c.mrrs = unsigned(p.i("pcie.mrrs"));
  c.cpl_bytes = cpl_bytes(p);
  c.read_tags = unsigned(p.i("pcie.read_tags"));
  c.posted_buffer_bytes = unsigned(p.i("pcie.posted_buffer_bytes"));
  c.ecrc = p.i("pcie.ecrc") != 0;
  c.completer_latency_ns = p.r("pcie.completer_latency_ns");
  c.assembly_bytes_per_ns = p.r("pcie.assembly_bytes_per_ns");
  c.assembly_tlp_ns = p.r("pcie.assembly_tlp_ns");
  c.completer_request_ns = p.r("pcie.completer_request_ns");
  c.cut_through_bytes = unsigned(p.i("pcie.cut_through_bytes"));
  c.advert[size_t(FcClass::P)] = {uint32_t(p.i("pcie.posted_header_credits")),
                                  uint32_t(p.i("pcie.posted_data_credits"))};
  // Reads carry no data: non-posted data credits are not the limit, the header credits are.
  c.advert[size_t(FcClass::NP)] = {uint32_t(p.i("pcie.np_header_credits")), 0};
  c.advert[size_t(FcClass::Cpl)] = {0, 0};  // completion credits infinite (§2.6.1)
  c.fc_update_every = unsigned(p.i("pcie.fc_update_every"));
  c.dll.ack_every = unsigned(p.i("pcie.ack_every"));
  c.dll.ack_on_idle = p.i("pcie.ack_on_idle") != 0;
  // Ack and UpdateFC timers scale with the link like the spec's latency limits
  // (PCIe 1.1 Table 3-7 for Acks; the UpdateFC guideline, Table 2-37, has the same form).
  const unsigned lanes = unsigned(p.i("pcie.lanes"));
  const double symbol = symbol_ns(unsigned(p.i("pcie.gen")));
  const double spec_latency_ns = ack_latency_symbols(mps, lanes) * symbol;
  c.dll.ack_timeout_ns = p.r("pcie.ack_timer_factor") * spec_latency_ns;
  c.fc_update_timeout_ns = p.r("pcie.fc_timer_factor") * spec_latency_ns;
  // REPLAY_TIMER: the spec sets three Ack latency limits (§3.5.2.1); our Ack
  // policy may coalesce beyond the limit, so three times the longest an Ack can
  // take under it: the timer, ack_every full TLPs and the round trip.
  const double tlp_ns = lane_times(mps + kSpecTlpOverheadSymbols, lanes) * symbol;
  c.dll.replay_timeout_ns = 3 * (c.dll.ack_timeout_ns + c.dll.ack_every * tlp_ns + 2 * p.r("pcie.phy_latency_ns"));
  c.dll.replay_buffer_bytes = unsigned(p.i("pcie.replay_buffer_bytes"));
  c.dll.lcrc_error_rate = p.r("pcie.lcrc_error_rate");
  c.phy.gen = unsigned(p.i("pcie.gen"));
  c.phy.lanes = lanes;
  c.phy.gap_symbols = lanes == 2 ? p.r("pcie.x2_gap_symbols") : 0.0;
  c.phy.latency_ns = p.r("pcie.phy_latency_ns");
  return c;
}

void HssiDma::declare_params(ParamTable& t) {
  t.declare_model(model_number("dma.clock_mhz", K::Real, 50, 2000, "MHz", "DMA engine clock"));
  t.declare_model(model_number("dma.desc_cycles", K::Real, 0, 10000, "DMA cycles",
                               "per-descriptor decode and set-up in the shared DMA descriptor engine (reading a "
                               "linked descriptor from memory is dma.bd_fetch_cycles)"));
  t.declare_model(model_number("dma.bytes_per_cycle", K::Real, 0.25, 64, "B/cycle", "DMA data path width"));
  t.declare_model(model_number("dma.bd_fetch_cycles", K::Real, 0, 10000, "DMA cycles",
                               "time to read one descriptor linked to a running chain from memory; overlapped with "
                               "the descriptor before it if the link was there when that one was set up, else two "
                               "reads (link, then descriptor) exposed"));
  t.declare_model(model_number("dma.burst_bytes", K::Int, 8, 4096, "B",
                               "largest transfer the DMA makes on the system bus, a power of two; a TLP's data "
                               "streams into the controller burst by burst (above 64 B: a what-if)"));
  t.declare_model(model_number("dma.channels", K::Int, 1, 32, "channels",
                               "DMA channels the requests are spread over (round robin); 1 = one chained BD queue"));
  t.declare_model(model_choice("dma.done", {"handed", "acked"}, "-",
                               "when a posted write counts as done: handed to the PCIe controller, or Acked by the "
                               "link partner"));
}

DmaConfig dma_config(const ParamTable& p) {
  DmaConfig d;
  d.clock_hz = p.r("dma.clock_mhz") * 1e6;
  d.desc_cycles = p.r("dma.desc_cycles");
  d.bytes_per_cycle = p.r("dma.bytes_per_cycle");
  d.burst_bytes = uint32_t(p.i("dma.burst_bytes"));
  d.bd_fetch_cycles = p.r("dma.bd_fetch_cycles");
  d.channels = unsigned(p.i("dma.channels"));
  d.done_on_ack = p.s("dma.done") == "acked";
  return d;
}

}  // namespace ws::pcie
