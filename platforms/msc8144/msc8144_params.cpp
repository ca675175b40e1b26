// The MSC8144 UDP echo platform's parameters: its own knobs declared here, the
// models' keys declared by the models, with this platform's default and source. "Calibrated" parameters name the reference rows
// (workloads/udp_echo/reference/msc8144-udp-echo.csv) they were fitted on;
// "assumed" ones have no public source and say so.
#include "platforms/msc8144/msc8144.hpp"

#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/irq/irq_controller.hpp"
#include "models/mem/memory.hpp"
#include "models/qe/quicc_engine.hpp"
#include "models/qe/uec.hpp"
#include "models/tester/rfc2544.hpp"
#include "workloads/drivers/uec_driver.hpp"
#include "workloads/net/software_costs.hpp"

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
  t.declare(choice("app.udp_send", "sendto", {"sendto", "connect"}, "-",
                   "sendto: udpSendTo on every echo; connect: udpConnect once per peer, then udpSend", "reference"));
  t.declare(choice("app.buffers", "m3", {"m3", "m2", "ddr"}, "-", "memory holding the packet buffers", "reference"));

  // --- the measurement (models/tester) ---
  tester::TrafficTester::declare_params(t);
  tester::Rfc2544::declare_params(t);
  t.set_default("tester.frame_bytes", "64", "RFC 2544 frame sizes");
  t.set_default("tester.udp_checksum", "on", "test control");
  t.set_default("tester.mode", "rfc2544", "RFC 2544 §26.1; design.md");
  t.set_default("tester.load_pct", "100", "test control");
  t.set_default("tester.trial_ms", "10", "test control (RFC 2544 suggests 60 s; 10 ms overflows the Rx ring at 0.3 % overload)");
  t.set_default("tester.drain_us", "100000", "test control");
  t.set_default("tester.resolution_pct", "0.1", "test control");
  t.set_default("tester.loss_tolerance_pct", "0", "RFC 2544: 0");
  t.set_default("tester.size_step_bytes", "8", "test control");

  // --- SC3400 core (models/cpu) and memories (models/mem, models/bus, models/irq) ---
  Cpu::declare_params(t, "core");
  t.set_default("core.l1d_kb", "32", kRm);
  t.set_default("core.l1d_ways", "8", kRm);
  t.set_default("core.l1d_line_bytes", "256", kRm);
  t.set_default("core.l1i_kb", "16", "elektroniknet.de (16 KB I per core); RM §11.2: 256 B lines");
  t.set_default("core.l1i_ways", "8", "assumed (not in our sources; as the D-cache)");
  t.set_default("core.cache_op_cycles", "4", "assumed");
  t.declare(number("sw.code_kb", K::Int, "12", 1, 1024, "KB",
                   "code of the echo path (driver, stack, application) each frame runs, in M3 with the shared image; "
                   "it stays in the L1 I-cache when it fits", "assumed"));
  t.declare(number("sw.isr_entry_cycles", K::Real, "30", 0, 10000, "cycles",
                   "interrupt entry: vectoring, context save, OS dispatcher", "assumed (SmartDSP OS dispatcher)"));
  t.declare(number("sw.isr_exit_cycles", K::Real, "20", 0, 10000, "cycles", "interrupt exit: context restore",
                   "assumed"));
  t.declare(number("soc.reg_access_ns", K::Real, "40", 0, 2000, "ns",
                   "one device register access (UEC event, transmit on demand) over the peripheral bus",
                   "assumed"));
  IrqController::declare_params(t, "epic");
  t.set_default("epic.latency_ns", "20", "assumed");
  Interconnect::declare_params(t, "class", true);
  t.set_default("class.hop_ns", "10", "assumed; the fabric is non-blocking (RM §4.1), so only targets contend");
  Memory::declare_params(t, "m2", true);
  t.set_default("m2.latency_cycles", "6", "assumed");
  t.set_default("m2.bytes_per_cycle", "8", "assumed (64-bit)");
  t.declare(number("m2.mhz", K::Real, "400", 100, 1000, "MHz", "M2 clock", "reference: 400 MHz"));
  Memory::declare_params(t, "m3", true);
  t.set_default("m3.latency_cycles", "10", "assumed");
  t.set_default("m3.bytes_per_cycle", "8", "assumed (64-bit); single port: reference");
  Memory::declare_params(t, "ddr", false);
  t.set_default("ddr.latency_ns", "60", "assumed (DDR2-400 tRCD+CL+controller, page-miss average)");
  t.set_default("ddr.bytes_per_ns", "1.6", "assumed: 32-bit DDR2-400 (RM §12.1: 32-bit bank)");

  // --- QUICC Engine and UEC (models/qe) ---
  qe::QuiccEngine::declare_params(t);
  t.set_default("qe.mhz", "400", "assumed from the MPC8568/8360 QE (396 MHz, Linux DTS)");
  t.set_default("qe.riscs", "2", "ucc_geth.c riscRx/riscTx = RISC1_AND_RISC2; MPC8568 fsl,qe-num-riscs = 2");
  t.set_default("qe.data_path_bytes_per_cycle", "8", "assumed (64-bit)");
  qe::Uec::declare_shared_params(t);
  t.set_default("qe.parse_mode", "extended", "reference; ucc_geth.h REMODER");
  t.set_default("qe.rx_risc_cycles", "700",
                "calibrated: H1 (4 cores, one UEC: one Rx thread's per-frame latency bounds the UEC) with H3");
  t.set_default("qe.tx_risc_cycles", "418.1",
                "calibrated: H3 (two UECs: the RISCs' total Rx + Tx microcode per frame bounds both) with H1");
  t.set_default("qe.lookup_cycles", "40", "assumed");
  // Each UEC is configured on its own (UEC1 alone with qe.uecs=1).
  for (const char* u : {"uec0", "uec1"}) {
    const std::string k = u;
    qe::Uec::declare_params(t, k);
    drivers::UecDriver::declare_ring_params(t, k);
    t.set_default(k + ".rx_fifo_bytes", "4096", "ucc_geth.h GbE default");
    t.set_default(k + ".tx_fifo_bytes", "4096", "ucc_geth.h GbE default");
    t.set_default(k + ".rx_bds", "32", "ucc_geth.h: Rx default 32, at least 8");
    t.set_default(k + ".tx_bds", "16", "ucc_geth.h: Tx default 16");
    t.set_default(k + ".rx_buffer_bytes", "1536", "ucc_geth.h: MRBLR alignment 128; Rx buffer 1536");
    for (const char* dir : {"rx", "tx"})
      t.set_default(k + "." + dir + "_threads", "1",
                    "MSC8144 RM §18.2.5 (a thread per frame); ucc_geth.h: 1, 2, 4, 6 or 8, Linux default 1 "
                    "(assumed the same in SmartDSP OS)");
  }

  // --- software path (SmartDSP OS, UEC driver, stack: workloads/) ---
  drivers::UecDriver::declare_cost_params(t);
  t.set_default("sw.rx_driver_cycles", "150", "assumed");
  t.set_default("sw.tx_driver_cycles", "150", "assumed");
  net::SoftwareCosts::declare_params(t);
  t.set_default("sw.rx_stack_cycles", "581.2", kCalPath);
  t.set_default("sw.tx_stack_cycles", "900", kCalPath);
  t.set_default("sw.sendto_cycles", "781.2", "calibrated: R2 vs R3");
  t.set_default("sw.os_m2_reads", "22",
                "calibrated: R1 vs R2 (the part of the per-frame time that does not scale with either clock)");
  t.set_default("sw.filter_cycles", "1100",
                "calibrated: H5 64 B (MPC82xx mode: with REMODER's extended features off the QE neither parses nor "
                "checks the IPv4 checksum and queues every frame to the UEC's one ring, so the core classifies each "
                "frame to its channel in software; U-Boot drivers/net/qe/uec.h REMODER_*, Linux ucc_geth.c; how "
                "SmartDSP OS's driver does it is not public: docs/msc8144.md)");
  t.set_default("sw.arp_cycles", "500", "assumed");
  t.set_default("sw.csum_bytes_per_cycle", "8",
                "assumed: two 64-bit loads per cycle (RM §2.1.1), halved by the add-with-carry chain");
  t.declare(number("sw.init_cycles", K::Real, "100000", 0, 1e8, "cycles", "core 0's hardware initialisation",
                   "assumed"));
  t.declare(choice("app.udp_checksum", "off", {"off", "on"}, "-",
                   "on: the stack verifies UDP checksums it receives and computes those it sends (reading the "
                   "payload through the cache); off: it sends 0 (no checksum, RFC 768) and leaves the payload alone",
                   "calibrated choice: the line-rate statements bound the per-byte core cost (R3 at line rate by "
                   "320 B: under 0.53 ns/B over 64 B); a checksum pass over the payload from M3 exceeds it"));
  t.check_complete();
}

}  // namespace ws
