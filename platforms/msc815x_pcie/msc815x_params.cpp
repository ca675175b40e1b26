// Every parameter of the MSC8156/MSC8157 PCIe DMA platform: unit, default, range,
// meaning and source. "Calibrated" parameters name the reference rows (see
// workloads/pcie_dma/reference/pcie-msc815x.csv) their value was fitted on;
// "assumed" ones have no public source and are marked so.
#include "platforms/msc815x_pcie/msc815x_pcie.hpp"

namespace ws {
namespace {

using K = ParamSpec::Kind;

// Calibrated parameters were fitted together on the 24 calibration rows by
// scripts/calibrate.py (docs/calibration.md); each names the rows that pin it.
const char* kCalLink = "calibrated: 32 KB rows (link width, in flight), which fix the DLLP share of the wire";
const char* kCalSmall = "calibrated: in-flight and block-size rows (per-request chain and serial costs)";
const char* kCalRead = "calibrated: read rows (block size and link width)";
// The per-request chain pins only the sum of its latencies; the search left these at their start.
const char* kCalChainSum =
    "calibrated: in-flight rows, as part of the request chain whose sum they pin (the search kept its start)";

}  // namespace

void declare_msc815x_params(ParamTable& t) {
  // --- workload knobs (AN3935 method) ---
  t.declare(choice("dma.op", "write", {"write", "read"}, "-",
                   "write: push local DDR to the peer (MWr); read: pull from the peer (MRd/CplD)", "AN3935 method"));
  t.declare(number("dma.block_bytes", K::Int, "32768", 1, 16 << 20, "B", "bytes per DMA request (block)",
                   "AN3935 method"));
  t.declare(number("dma.in_flight", K::Int, "8", 1, 64, "requests",
                   "DMA requests issued back to back before waiting (AN3935: 1, 4, 8)", "AN3935 method"));
  t.declare(choice("dma.issue", "batch", {"batch", "ring"}, "-",
                   "batch: issue in_flight requests, wait for all, repeat (the AN3935 timing loop); ring: keep "
                   "in_flight requests outstanding, reissuing on each completion (a descriptor ring)",
                   "AN3935 method (batch); study recommendation (ring)"));
  t.declare(number("dma.buffer_offset", K::Int, "0", 0, 4095, "B",
                   "offset of every source and destination buffer from a 4 KB boundary (alignment what-if)",
                   "study practice: aligned vs malloc buffers"));
  t.declare(number("dma.blocks", K::Int, "0", 0, 1 << 20, "blocks",
                   "requests per board in the run; 0 = about 2 MiB per board, at least 64 and at most 4096 "
                   "requests, rounded up to a multiple of in_flight",
                   "simulation control"));
  t.declare(choice("dma.done", "acked", {"handed", "acked"}, "-",
                   "when a posted write counts as done: handed to the PCIe controller, or Acked by the link partner",
                   "calibrated choice: with one request in flight the time per request grows by the block's wire "
                   "time (8 B 413 ns, 128 B 632 ns, 1 KB 1587 ns), which only 'acked' reproduces"));
  t.declare(number("dma.channels", K::Int, "1", 1, 32, "channels",
                   "DMA channels the requests are spread over (round robin); 1 = one chained BD queue",
                   "MSC8156 data sheet: 32 DMA channels; assumed 1 for the AN3935 test"));

  // --- PCIe link knobs ---
  t.declare(choice("pcie.gen", "1", {"1", "2"}, "-", "1: 2.5 GT/s (MSC8156), 2: 5 GT/s (MSC8157)",
                   "AN3935; PCIe Base Spec 1.1/2.0"));
  t.declare(choice("pcie.lanes", "4", {"1", "2", "4"}, "lanes", "negotiated link width", "AN3935: x1/x2/x4"));
  t.declare(choice("pcie.mps", "256", {"128", "256"}, "B",
                   "Max Payload Size programmed at the RC; the link uses the smaller of this and pcie.ep_mps",
                   "AN3935: MSC8156 supports 256 B (Device Control bits 7:5 = 001b); 128 B also measured"));
  t.declare(choice("pcie.ep_mps", "256", {"128", "256"}, "B", "Max Payload Size programmed at the EP",
                   "AN3935: MPS 256 at both ends recommended"));
  t.declare(choice("pcie.mrrs", "512", {"128", "256", "512", "1024", "2048", "4096"}, "B", "Max Read Request Size",
                   "PCIe Base Spec 1.1 §7.8.4: default 010b = 512 B"));
  t.declare(choice("pcie.cpl_bytes", "mps", {"mps", "64", "128", "256"}, "B",
                   "payload of each completion the completer returns: mps = the link's MPS, else at most it and a "
                   "multiple of RCB",
                   "assumed: MPS-sized completions; consistent with the read rows"));
  t.declare(choice("pcie.rcb", "64", {"64", "128"}, "B",
                   "Read Completion Boundary: completions end on its multiples, so pcie.cpl_bytes must be one",
                   "PCIe Base Spec 1.1 §2.3.1.1 (RC: 64 B)"));
  t.declare(number("pcie.read_tags", K::Int, "32", 1, 32, "requests",
                   "read requests (MRd) a requester keeps outstanding (tags in use); the partner's NPH credits "
                   "(pcie.np_header_credits) bound how many wait at the completer",
                   "PCIe Base Spec 1.1 §2.2.6.2: 32 tags without Extended Tag"));
  t.declare(number("pcie.np_header_credits", K::Int, "8", 1, 127, "credits",
                   "non-posted header credits each end advertises", "AN3935: MSC8156 advertises 8 NPH"));
  t.declare(number("pcie.posted_header_credits", K::Int, "32", 1, 127, "credits",
                   "posted header credits each end advertises", "assumed (not in a public source)"));
  t.declare(number("pcie.posted_data_credits", K::Int, "512", 16, 2047, "16 B credits",
                   "posted data credits each end advertises", "assumed (not in a public source): 8 KB, more than the link drains in the Ack and UpdateFC round trips"));
  t.declare(choice("pcie.ecrc", "0", {"0", "1"}, "-", "end-to-end CRC (TLP digest, +4 B per TLP)",
                   "PCIe Base Spec 1.1 §2.7.1; off in AN3935"));
  t.declare(number("pcie.lcrc_error_rate", K::Real, "0", 0, 0.5, "per TLP",
                   "probability that a transmitted TLP arrives with a bad LCRC (forces Nak and replay)",
                   "what-if; 0 on a good link"));

  // --- PCIe controller costs ---
  t.declare(number("pcie.ack_every", K::Int, "14", 1, 64, "TLPs",
                   "good TLPs received per Ack DLLP (Ack coalescing)", kCalLink));
  t.declare(choice("pcie.ack_on_idle", "1", {"0", "1"}, "-",
                   "also send an Ack as soon as the receive side goes idle (end of a burst) instead of waiting "
                   "for ack_every TLPs or the Ack timer",
                   "calibrated: single-request rows need a prompt Ack while 32 KB rows show coalescing"));
  t.declare(number("pcie.ack_timer_factor", K::Real, "2.613", 0.1, 100, "x spec limit",
                   "Ack timer as a multiple of the PCIe 1.1 AckNak latency limit for the link's MPS and width "
                   "(Table 3-7); a TLP waits at most this long for its Ack when fewer than ack_every arrived",
                   kCalLink));
  t.declare(number("pcie.fc_update_every", K::Int, "22", 1, 64, "TLPs",
                   "posted/non-posted headers freed per UpdateFC DLLP", "calibrated: 32 KB rows (DLLP share of the wire); the fit found every value from 16 up "
                   "equivalent, because half the advertised posted headers (32) caps the coalescing"));
  t.declare(number("pcie.fc_timer_factor", K::Real, "9.581", 0.1, 100, "x spec limit",
                   "longest freed credits wait for an UpdateFC, as a multiple of the link's Ack latency limit "
                   "(the UpdateFC guideline of PCIe 1.1 Table 2-37 has the same form)",
                   kCalLink));
  t.declare(number("pcie.replay_buffer_bytes", K::Int, "4096", 64, 1 << 20, "B",
                   "replay buffer: TLP bytes held until Acked", "assumed (not in a public source)"));
  t.declare(number("pcie.posted_buffer_bytes", K::Int, "2048", 256, 1 << 20, "B",
                   "outbound posted queue between the DMA and the transaction layer", "assumed"));
  t.declare(number("pcie.phy_latency_ns", K::Real, "0", 0, 10000, "ns",
                   "transmit pipeline, flight and receive pipeline: end of a packet at the sender to usable at "
                   "the receiver",
                   "calibrated: in-flight rows; the fit drives it to its lower bound 0, the chain's fixed latency "
                   "being carried by the core and DMA costs (the split is not identified by the rows)"));
  t.declare(number("pcie.completer_latency_ns", K::Real, "978.4", 0, 100000, "ns",
                   "inbound read: MRd arrival to its completions being ready, beyond the DDR access itself "
                   "(the controller's inbound path through the SoC fabric)",
                   kCalRead));
  t.declare(number("pcie.assembly_bytes_per_ns", K::Real, "2.375", 0.1, 64, "B/ns",
                   "rate at which the controller copies a payload TLP into its transmit (replay) buffer before "
                   "sending it, from its first burst on (pipelined with the link)",
                   kCalChainSum));
  t.declare(number("pcie.assembly_tlp_ns", K::Real, "36.25", 0, 10000, "ns",
                   "time the controller's copy engine spends closing each payload TLP's transmit buffer entry "
                   "before it takes the next TLP; delays no TLP of its own, bounds back-to-back TLPs; does not "
                   "shrink with MPS or link speed",
                   "calibrated: Gen2 x4 32 KB write (the one row where a 256 B TLP's copy and close outlast its wire "
                   "time), fitted with the other 30 rows"));
  t.declare(number("pcie.cut_through_bytes", K::Int, "150", 16, 4096, "B",
                   "TLP bytes in the transmit buffer before transmission may start (cut-through threshold)",
                   kCalSmall));
  t.declare(number("pcie.x2_gap_symbols", K::Real, "6.719", 0, 200, "symbol times",
                   "idle lane symbol times the MSC8156 leaves after each packet in x2 mode (an observed x2 quirk, "
                   "mechanism unknown to the study)",
                   "calibrated: x2 rows (32 KB write and read)"));

  // --- DMA engine and core software ---
  t.declare(number("dma.clock_mhz", K::Real, "500", 50, 2000, "MHz", "DMA engine clock",
                   "assumed (MSC8156 system clock; only clock x cycles matters)"));
  t.declare(number("dma.desc_cycles", K::Real, "24.38", 0, 10000, "DMA cycles",
                   "per-descriptor decode and set-up in the shared DMA descriptor engine (reading a linked descriptor from memory is dma.bd_fetch_cycles)", kCalSmall));
  t.declare(number("dma.bytes_per_cycle", K::Real, "5.5", 0.25, 64, "B/cycle", "DMA data path width",
                   kCalSmall));
  t.declare(number("dma.bd_fetch_cycles", K::Real, "43.75", 0, 10000, "DMA cycles",
                   "time to read one descriptor linked to a running chain from memory; overlapped with the "
                   "descriptor before it if the link was there when that one was set up, else two reads (link, then "
                   "descriptor) exposed",
                   "calibrated: in-flight rows (the 128 B bend: 1 to 4 requests against 4 to 8)"));
  t.declare(number("dma.burst_bytes", K::Int, "64", 8, 4096, "B",
                   "largest transfer the DMA makes on the system bus, a power of two; a TLP's data streams into "
                   "the controller burst by burst (above 64 B: a what-if)",
                   "MSC8156 RM Rev. 2 §14.2.3, Table 14-3: BTSZ 0x7 = one burst of 64 bytes, the largest"));
  t.declare(number("core.clock_mhz", K::Real, "1000", 100, 2000, "MHz", "SC3850 core clock (timing base)",
                   "MSC8156 data sheet: 1 GHz cores"));
  t.declare(number("core.issue_cycles", K::Real, "116.2", 0, 100000, "core cycles",
                   "software cost to build and start one DMA request", kCalSmall));
  t.declare(number("core.complete_cycles", K::Real, "47.49", 0, 100000, "core cycles",
                   "software cost to notice and retire one finished request (interrupt or poll)", kCalSmall));
  t.declare(number("core.irq_latency_ns", K::Real, "107.2", 0, 100000, "ns",
                   "DMA completion interrupt to its handler starting on the core (a delay, not core time)",
                   kCalChainSum));
  t.declare(number("ddr.latency_ns", K::Real, "50", 0, 1000, "ns", "DDR access latency after the transfer",
                   "assumed (DDR3 CL plus controller; not in a public MSC8156 source)"));
  t.declare(number("ddr.bytes_per_ns", K::Real, "6.4", 0.1, 100, "B/ns", "DDR peak bandwidth",
                   "MSC8156 data sheet: 64-bit DDR3 at 800 MT/s"));
  t.declare(number("bus.bytes_per_ns", K::Real, "16", 0.1, 100, "B/ns", "system interconnect data path",
                   "assumed (128-bit at 500 MHz)"));
  t.declare(number("bus.hop_ns", K::Real, "10", 0, 1000, "ns", "interconnect crossing latency", "assumed"));
}

}  // namespace ws
