// Every parameter of the MSC8144 UDP echo platform: unit, default, range, meaning
// and source. "Calibrated" parameters name the reference rows
// (workloads/udp_echo/reference/msc8144-udp-echo.csv) they were fitted on;
// "assumed" ones have no public source and say so.
#include "platforms/msc8144/msc8144_udp_echo.hpp"

namespace ws {
namespace {

using K = ParamSpec::Kind;
const char* kRm = "MSC8144E Reference Manual Rev. 3 (hardware-facts.md §1)";
const char* kCalPath = "calibrated: R1, R2, R3 at 64 B (they pin rx_stack + tx_stack, about 1480; the search moved rx_stack and kept tx_stack at 900, so the split is assumed)";

}  // namespace

void declare_msc8144_params(ParamTable& t) {
  // --- configuration knobs of the study ---
  t.declare(number("soc.core_mhz", K::Real, "1000", 100, 1200, "MHz", "SC3400 core clock (reset configuration word)",
                   "reference: 800 or 1000 MHz"));
  t.declare(number("soc.m3_mhz", K::Real, "400", 100, 500, "MHz", "M3 memory clock (reset configuration word)",
                   "reference: 333 or 400 MHz"));
  t.declare(number("app.cores", K::Int, "1", 1, 4, "cores", "cores serving channels (core k serves channels "
                   "k*channels_per_core ...)", "reference: 1 or 4 cores"));
  t.declare(number("app.channels_per_core", K::Int, "1", 1, 2, "channels",
                   "channels (MAC/IP endpoint, BD ring pair, interrupt) each core serves; with two UECs, channel "
                   "k is on UEC k mod 2", "reference: 1 or 2 per core"));
  t.declare(choice("qe.uecs", "1", {"1", "2"}, "UECs", "UECs in use: 1 = UEC1 alone, 2 = UEC0 and UEC1, one tester "
                   "port each", "reference"));
  t.declare(choice("qe.parse_mode", "extended", {"extended", "mpc82xx"}, "-",
                   "extended: a lookup table maps the destination MAC to the channel's queue; mpc82xx: one station "
                   "address per UEC, every frame to queue 0, the core dispatches", "reference; ucc_geth.h REMODER"));
  t.declare(choice("app.udp_send", "sendto", {"sendto", "connect"}, "-",
                   "sendto: udpSendTo on every echo; connect: udpConnect once per peer, then udpSend", "reference"));
  t.declare(choice("app.buffers", "m3", {"m3", "m2", "ddr"}, "-", "memory holding the packet buffers", "reference"));
  t.declare(number("tester.frame_bytes", K::Int, "64", 64, 1518, "B", "tester frame size, FCS included",
                   "RFC 2544 frame sizes"));
  t.declare(choice("tester.mode", "rfc2544", {"rfc2544", "fixed", "line_rate_size"}, "-",
                   "rfc2544: binary search for the zero-loss throughput; fixed: one trial at tester.load_pct; "
                   "line_rate_size: the smallest frame size (multiple of tester.size_step_bytes) carried at line rate",
                   "RFC 2544 §26.1; design.md"));
  t.declare(number("tester.load_pct", K::Real, "100", 0.1, 100, "% of line rate", "offered load per port in fixed mode",
                   "test control"));
  t.declare(number("tester.trial_ms", K::Real, "10", 0.1, 1000, "ms", "sending time of one trial",
                   "test control (RFC 2544 suggests 60 s; 10 ms overflows the Rx ring at 0.3 % overload)"));
  t.declare(number("tester.drain_us", K::Real, "100000", 10, 1000000, "us",
                   "longest wait after a trial's last frame for the board to drain (every frame echoed, invalid or "
                   "dropped); a trial ends as soon as it has", "test control"));
  t.declare(number("tester.resolution_pct", K::Real, "0.1", 0.01, 10, "% of line rate",
                   "binary search stops when the pass/fail bracket is this narrow", "test control"));
  t.declare(number("tester.loss_tolerance_pct", K::Real, "0", 0, 10, "%", "lost share of frames a trial may have",
                   "RFC 2544: 0"));
  t.declare(number("tester.size_step_bytes", K::Int, "8", 1, 256, "B", "frame size granularity of line_rate_size",
                   "test control"));

  // --- SC3400 core and memories ---
  t.declare(number("core.l1d_kb", K::Int, "32", 4, 64, "KB", "L1 data cache size", kRm));
  t.declare(number("core.l1d_ways", K::Int, "8", 1, 16, "ways", "L1 data cache associativity", kRm));
  t.declare(number("core.l1d_line_bytes", K::Int, "256", 32, 256, "B", "L1 data and instruction cache line", kRm));
  t.declare(number("core.l1i_kb", K::Int, "16", 4, 64, "KB", "L1 instruction cache size",
                   "elektroniknet.de (16 KB I per core); RM §11.2: 256 B lines"));
  t.declare(number("core.l1i_ways", K::Int, "8", 1, 16, "ways", "L1 instruction cache associativity",
                   "assumed (not in our sources; as the D-cache)"));
  t.declare(number("sw.code_kb", K::Int, "12", 1, 1024, "KB",
                   "code of the echo path (driver, stack, application) each frame runs, in M3 with the shared image; "
                   "it stays in the L1 I-cache when it fits", "assumed"));
  t.declare(number("core.cache_op_cycles", K::Real, "4", 0, 100, "cycles/line",
                   "invalidate or flush sweep cost per line", "assumed"));
  t.declare(number("sw.isr_entry_cycles", K::Real, "30", 0, 10000, "cycles",
                   "interrupt entry: vectoring, context save, OS dispatcher", "assumed (SmartDSP OS dispatcher)"));
  t.declare(number("sw.isr_exit_cycles", K::Real, "20", 0, 10000, "cycles", "interrupt exit: context restore",
                   "assumed"));
  t.declare(number("soc.reg_access_ns", K::Real, "40", 0, 2000, "ns",
                   "one device register access (UEC event, transmit on demand) over the peripheral bus",
                   "assumed"));
  t.declare(number("epic.latency_ns", K::Real, "20", 0, 1000, "ns", "EPIC delivery from source to core", "assumed"));
  t.declare(number("class.hop_ns", K::Real, "10", 0, 200, "ns", "CLASS fabric traversal per access",
                   "assumed; the fabric is non-blocking (RM §4.1), so only targets contend"));
  t.declare(number("m2.latency_cycles", K::Real, "6", 0, 100, "M2 cycles", "M2 access latency", "assumed"));
  t.declare(number("m2.bytes_per_cycle", K::Real, "8", 1, 32, "B/cycle", "M2 port width", "assumed (64-bit)"));
  t.declare(number("m2.mhz", K::Real, "400", 100, 1000, "MHz", "M2 clock", "reference: 400 MHz"));
  t.declare(number("m3.latency_cycles", K::Real, "10", 0, 100, "M3 cycles", "M3 access latency", "assumed"));
  t.declare(number("m3.bytes_per_cycle", K::Real, "8", 1, 32, "B/cycle", "M3 port width (one port)",
                   "assumed (64-bit); single port: reference"));
  t.declare(number("ddr.latency_ns", K::Real, "60", 0, 500, "ns", "DDR2 access latency (page miss average)",
                   "assumed (DDR2-400 tRCD+CL+controller)"));
  t.declare(number("ddr.bytes_per_ns", K::Real, "1.6", 0.1, 10, "B/ns", "DDR bandwidth",
                   "assumed: 32-bit DDR2-400 (RM §12.1: 32-bit bank)"));

  // --- QUICC Engine and UEC ---
  t.declare(number("qe.mhz", K::Real, "400", 100, 1000, "MHz", "QE clock",
                   "assumed from the MPC8568/8360 QE (396 MHz, Linux DTS)"));
  t.declare(number("qe.riscs", K::Int, "2", 1, 4, "RISCs", "RISC engines sharing the frame microcode",
                   "ucc_geth.c riscRx/riscTx = RISC1_AND_RISC2; MPC8568 fsl,qe-num-riscs = 2"));
  t.declare(number("qe.rx_risc_cycles", K::Real, "700", 0, 10000, "QE cycles",
                   "Rx microcode per frame (on top of qe.lookup_cycles), run by the frame's Rx thread on a RISC",
                   "calibrated: H1 (4 cores, one UEC: one Rx thread's per-frame latency bounds the UEC) with H3"));
  t.declare(number("qe.tx_risc_cycles", K::Real, "418.1", 0, 10000, "QE cycles",
                   "Tx microcode per frame, run by the frame's Tx thread on a RISC",
                   "calibrated: H3 (two UECs: the RISCs' total Rx + Tx microcode per frame bounds both) with H1"));
  t.declare(number("qe.lookup_cycles", K::Real, "40", 0, 10000, "QE cycles",
                   "extended parsing: key build and lookup-table search per frame", "assumed"));
  t.declare(number("qe.data_path_bytes_per_cycle", K::Real, "8", 1, 64, "B/QE cycle",
                   "QE internal data path shared by the UECs", "assumed (64-bit)"));
  // Each UEC is configured on its own (UEC1 alone with qe.uecs=1).
  for (const char* u : {"uec0", "uec1"}) {
    const std::string k = u;
    t.declare(number(k + ".rx_fifo_bytes", K::Int, "4096", 512, 65536, "B", k + ": Rx virtual FIFO (URFS)",
                     "ucc_geth.h GbE default"));
    t.declare(number(k + ".tx_fifo_bytes", K::Int, "4096", 512, 65536, "B", k + ": Tx virtual FIFO (UTFS)",
                     "ucc_geth.h GbE default"));
    t.declare(number(k + ".rx_bds", K::Int, "32", 8, 256, "BDs", k + ": Rx BD ring per channel",
                     "ucc_geth.h: Rx default 32, at least 8"));
    t.declare(number(k + ".tx_bds", K::Int, "16", 2, 256, "BDs", k + ": Tx BD ring per channel",
                     "ucc_geth.h: Tx default 16"));
    t.declare(number(k + ".rx_buffer_bytes", K::Int, "1536", 128, 9600, "B",
                     k + ": Rx buffer length (MRBLR), a multiple of 128",
                     "ucc_geth.h: MRBLR alignment 128; Rx buffer 1536"));
    for (const char* dir : {"rx", "tx"})
      t.declare(choice(k + "." + dir + "_threads", "1", {"1", "2", "4", "6", "8"}, "threads",
                       k + ": " + dir + " threads; each frame is handled start to end by one thread, so "
                       "threads / (per-frame thread latency) bounds the UEC's frame rate",
                       "MSC8144 RM §18.2.5 (a thread per frame); ucc_geth.h: 1, 2, 4, 6 or 8, Linux default 1 "
                       "(assumed the same in SmartDSP OS)"));
  }

  // --- software path (SmartDSP-OS-like runtime, driver, stack) ---
  t.declare(number("sw.rx_driver_cycles", K::Real, "150", 0, 100000, "cycles",
                   "driver per Rx BD: status test, buffer swap, re-arm", "assumed"));
  t.declare(number("sw.tx_driver_cycles", K::Real, "150", 0, 100000, "cycles",
                   "driver per Tx BD: BD fill, reclaim of sent BDs", "assumed"));
  t.declare(number("sw.rx_stack_cycles", K::Real, "581.2", 0, 100000, "cycles",
                   "Ethernet/IPv4/UDP receive, socket demux, application callback", kCalPath));
  t.declare(number("sw.tx_stack_cycles", K::Real, "900", 0, 100000, "cycles", "udpSend: UDP/IPv4/Ethernet header build",
                   kCalPath));
  t.declare(number("sw.sendto_cycles", K::Real, "781.2", 0, 100000, "cycles",
                   "udpSendTo on top of udpSend: per-call destination checks (route, ARP, socket state)",
                   "calibrated: R2 vs R3"));
  t.declare(number("sw.os_m2_reads", K::Int, "22", 0, 500, "reads",
                   "uncached reads of shared OS structures in M2 per received frame (frame and buffer descriptors, "
                   "pool and queue locks); M2 runs at its own 400 MHz, so their time scales with neither clock",
                   "calibrated: R1 vs R2 (the part of the per-frame time that does not scale with either clock)"));
  t.declare(number("sw.filter_cycles", K::Real, "80", 0, 100000, "cycles",
                   "MPC82xx mode: software dispatch of each frame to its channel", "assumed"));
  t.declare(number("sw.arp_cycles", K::Real, "500", 0, 100000, "cycles", "answering one ARP request", "assumed"));
  t.declare(number("sw.init_cycles", K::Real, "100000", 0, 1e8, "cycles", "core 0's hardware initialisation",
                   "assumed"));
  t.declare(choice("app.udp_checksum", "off", {"off", "on"}, "-",
                   "on: the stack verifies UDP checksums it receives and computes those it sends (reading the "
                   "payload through the cache); off: it sends 0 (no checksum, RFC 768) and leaves the payload alone",
                   "calibrated choice: the line-rate statements bound the per-byte core cost (R3 at line rate by "
                   "320 B: under 0.53 ns/B over 64 B); a checksum pass over the payload from M3 exceeds it"));
  t.declare(choice("tester.udp_checksum", "on", {"on", "off"}, "-", "UDP checksum in the tester's frames",
                   "test control"));
  t.declare(number("sw.csum_bytes_per_cycle", K::Real, "8", 0.5, 32, "B/cycle", "Internet checksum loop throughput",
                   "assumed: two 64-bit loads per cycle (RM §2.1.1), halved by the add-with-carry chain"));
}

}  // namespace ws
