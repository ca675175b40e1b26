// The 66AK2H FTP platform's parameters: its knobs (the study's), the models'
// keys with this platform's defaults and sources. "Calibrated" values name the
// reference rows (workloads/ftp/reference/k2h-ftp.csv) they were fitted on;
// "assumed" ones have no public source and say so. Software path lengths are
// given at -O3; sw.opt=Og scales the FTP server's (the code built with the
// application) by sw.og_factor; NDK and NIMU are the SDK's prebuilt libraries.
#include "platforms/k2h/k2h.hpp"

#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/mem/memory.hpp"
#include "models/nav/packet_dma.hpp"
#include "models/nav/qmss.hpp"
#include "workloads/os/tirtos/tirtos.hpp"
#ifdef WS_HAVE_LWIP
#include "workloads/net/lwip_on_core.hpp"
#endif

namespace ws {
namespace {
using K = ParamSpec::Kind;
const char* kStudy = "shared/reference/k2h-ftp.md";
const char* kFacts = "hardware-facts.md §2";
const char* kA15 = "Cortex-A15 TRM §6.1 (hardware-facts.md §2)";
const char* kCalEmac = "calibrated: the EmacSend cycle ranges (1550-2950 as shipped, about 1600 batched)";
// The only latency the rows leave free: with 8 KB buffers every step is a
// window over a round trip, and the board's part of it is modelled.
const char* kCalPc = "calibrated: S1 Tx, S0 and S1 Rx MB/s (8 KB windows over the round trip; from 250 us the Rx rows "
                    "drop to 19.5 MB/s, a bimodal edge: docs/k2h.md)";
// NDK's layers have no measured cost; each is taken as long as the one
// software path on this board that was measured, EmacSend (1500 as calibrated).
const char* kAssumedPath = "assumed: one EmacSend-length path (1500) per NDK layer the packet crosses (docs/k2h.md)";
// NDK's source gives no cycle counts; the board's S2 load bounds a data
// segment's whole cost at 13-18 k cycles (37.7-41.1 k segments/s at 55-68 %).
const char* kBoundS2 = "assumed, bounded by the S2 A15 load (a segment's whole cost 13-18 k cycles; the model's S2 get "
                       "16.3 k): docs/k2h.md";
}  // namespace

void declare_k2h_params(ParamTable& t) {
  t.declare(choice("workload", "ftp", {"ftp"}, "-", "what the board runs (the scenario's workload)", "scenario"));
  // --- the study's knobs ---
  t.declare(choice("ftp.dir", "get", {"get", "put"}, "-", "get: the board sends the file (Tx); put: it receives (Rx)",
                   kStudy));
  t.declare(number("ftp.send_bytes", K::Int, "512", 64, 65536, "B",
                   "DATA_BUFFER_SIZE: what ftp_filerout_read sends per send()", kStudy));
  t.declare(choice("ftp.task_yield", "on", {"on", "off"}, "-", "Task_yield() after every send() of the loop", kStudy));
  t.declare(number("ftp.file_mbytes", K::Real, "100", 0.001, 200, "MB", "the file transferred (10^6 B)",
                   "assumed: the study's large file, size not given (100 MB)"));
  t.declare(choice("sw.opt", "Og", {"Og", "O3"}, "-",
                   "the compiler's optimisation of the application's code (the FTP server; NDK and NIMU are prebuilt)",
                   kStudy));
  t.declare(number("ndk.tcp_tx_buf", K::Int, "8192", 2920, 65536, "B",
                   "CFGITEM_IP_SOCKTCPTXBUF: each TCP socket's send buffer, from the heap (the engine holds at most "
                   "65535)", kStudy));
  t.declare(number("ndk.tcp_rx_buf", K::Int, "8192", 1460, 65536, "B",
                   "CFGITEM_IP_SOCKTCPRXBUF: a copy socket's receive buffer, from the heap", kStudy));
  t.declare(number("ndk.tcp_rx_limit", K::Int, "8192", 1460, 65536, "B",
                   "CFGITEM_IP_SOCKTCPRXLIMIT: what a no-copy socket may hold received, so its window (at most 65535 "
                   "without scaling)", kStudy));
  t.declare(number("rtos.heap_bytes", K::Int, "262144", 0, 16 << 20, "B", "BIOS.heapSize: the heap socket buffers "
                   "come from (0x40000 as shipped)", kStudy));
  t.declare(number("pc.ack_frequency", K::Int, "2", 1, 255, "segments", "Windows TcpAckFrequency: segments per ACK",
                   kStudy));
  t.declare(number("pc.del_ack_ticks", K::Int, "2", 1, 6, "x 100 ms", "Windows TcpDelAckTicks: the delayed-ACK timer",
                   kStudy));
  t.declare(choice("nimu.tx_recycle", "per_send", {"per_send", "batched"}, "-",
                   "per_send: every EmacSend() walks the Tx return queue; batched: only when the free queue is empty",
                   kStudy));
  t.declare(number("acc.timer_load_count", K::Int, "0", 0, 1000, "ticks", "the accumulator's pacing timer (timerLoadCount)",
                   "SPRACT8 §4.5.3: 0 as shipped"));
  t.declare(choice("acc.pacing_mode", "last_interrupt", {"none", "last_interrupt", "first_new_packet", "last_new_packet"},
                   "-", "the accumulator's interrupt pacing", "SPRACT8 §4.5.3: LAST_INTERRUPT as shipped"));

  // --- the core (models/cpu) ---
  t.declare(number("soc.core_mhz", K::Real, "1000", 100, 2000, "MHz", "Cortex-A15 clock", kStudy));
  Cpu::bindings().declare(t, "a15");
  t.set_default("a15.l1d_kb", "32", kA15);
  t.set_default("a15.l1d_ways", "2", kA15);
  t.set_default("a15.l1d_line_bytes", "64", kA15);
  t.set_default("a15.l1i_kb", "32", kA15);
  t.set_default("a15.l1i_ways", "2", kA15);
  t.set_default("a15.cache_op_cycles", "4", "assumed: one DCCMVAC/DCIMVAC per line");
  t.declare(number("a15.l2_kb", K::Int, "4096", 512, 4096, "KB", "L2 (16 ways, 64 B lines), shared by the A15s",
                   std::string(kFacts) + ": 512 KB to 4 MB; the 66AK2H's is 4 MB (SPRS866)"));
  t.declare(number("a15.l2_hit_cycles", K::Real, "21", 0, 200, "cycles", "an L1 miss served by the L2", "assumed"));
  t.declare(number("a15.isr_entry_cycles", K::Real, "80", 0, 10000, "instructions",
                   "exception entry, the GIC's acknowledge and the Hwi dispatcher's register save", "assumed"));
  t.declare(number("a15.isr_exit_cycles", K::Real, "50", 0, 10000, "instructions", "Hwi exit and return", "assumed"));
  t.declare(number("a15.reg_access_ns", K::Real, "50", 0, 10000, "ns", "one peripheral register write (the list EOI)",
                   "assumed"));
  t.declare(number("a15.loop_ipc", K::Real, "2.5", 1, 3, "instructions/cycle",
                   "what a tight copy or checksum loop issues per cycle (NDK's TcpChecksum: a halfword load, an add, "
                   "the count and the branch per 2 B)",
                   "assumed: the A15 decodes and issues 3 a cycle out of order (Cortex-A15 TRM §1.1) with one load a "
                   "cycle; 2.5 puts TcpChecksum (stack/tcp/tcp.c) at 0.8 cycles a byte (bound 0.5-1)"));
  t.declare(number("a15.data_accesses_per_instruction", K::Real, "0.3", 0, 1, "accesses",
                   "loads and stores per instruction of the stack's and kernel's code",
                   "Hennessy & Patterson, integer code 25-35 %"));

  // --- memory, bus, Navigator ---
  Memory::declare_params(t, "ddr", /*clocked=*/false);
  t.set_default("ddr.latency_ns", "60", "assumed (DDR3-1600 with the MSMC's DDR path)");
  t.set_default("ddr.bytes_per_ns", "12.8", "SPRS866: DDR3A 64-bit at 1600 MT/s, 12.8 GB/s peak");
  Memory::declare_params(t, "msmc", /*clocked=*/false);
  t.set_default("msmc.latency_ns", "15", "assumed");
  t.set_default("msmc.bytes_per_ns", "16", "assumed: 256-bit MSMC port at 500 MHz");
  Interconnect::declare_params(t, "bus", /*non_blocking=*/false);
  t.set_default("bus.hop_ns", "10", "assumed (TeraNet)");
  t.set_default("bus.bytes_per_ns", "16", "assumed");
  t.declare(number("gic.latency_ns", K::Real, "50", 0, 10000, "ns", "a device's assertion to the core's input",
                   "assumed"));
  nav::Qmss::declare_params(t, "qmss");
  t.set_default("qmss.access_ns", "40", "assumed: a VBUSP register access to the queue manager");
  nav::PacketDma::declare_params(t, "pktdma");
  t.set_default("pktdma.desc_ns", "50", "assumed");
  t.declare(number("acc.list_entries", K::Int, "4", 1, 256, "descriptors", "one page of the accumulator's list: the "
                   "interrupt threshold", "TI PDK NIMU v2 nimu_internal.h: RX_INT_THRESHOLD 4u; nimu_eth.c: "
                   "maxPageEntries = RX_INT_THRESHOLD + 1 (the count word)"));
  t.declare(number("acc.tick_us", K::Real, "25", 1, 1000, "us", "the accumulator firmware's tick",
                   "SPRUGR9: timer constant 4375 at 350 MHz = 25 us"));
  t.declare(number("netcp.switch_latency_ns", K::Real, "1000", 0, 100000, "ns",
                   "NETCP's switch between its host port and SGMII port 0, each way", "assumed"));
  t.declare(number("nimu.rx_descs", K::Int, "110", 8, 1024, "descriptors", "Rx descriptors with PBM buffers",
                   "TI PDK NIMU header: NIMU_NUM_RX_DESC 110 (hardware-facts.md §2)"));
  t.declare(number("nimu.tx_descs", K::Int, "16", 2, 1024, "descriptors", "Tx descriptors",
                   "TI PDK NIMU header: NIMU_NUM_TX_DESC 16 (hardware-facts.md §2)"));

  // --- the PC ---
  t.declare(number("pc.rx_delay_us", K::Real, "247", 0, 10000, "us",
                   "the PC from a frame's last bit to its stack: NIC interrupt moderation, DPC, the TCP/IP stack",
                   kCalPc));

  // --- software (workloads/) ---
  t.declare(number("sw.og_factor", K::Real, "2", 1, 10, "x", "instructions at -Og per instruction at -O3",
                   "assumed: GCC -Og against -O3 on control-heavy C, typically 1.5 to 2.5 x"));
  t.declare(number("rtos.boot_heap_bytes", K::Int, "24576", 0, 1 << 20, "B",
                   "what the heap gives before the FTP server's first socket: its daemon's and session task's stacks "
                   "and NDK's start-up objects (too little heap for them: the server's Task_create fails)",
                   "assumed: three 8 KB blocks"));
  t.declare(number("ndk.socket_object_bytes", K::Int, "512", 0, 65536, "B",
                   "a socket's own objects from the heap (SOCK, TCPPROT)", "assumed"));
  t.declare(number("ndk.scheduler_priority", K::Int, "2", 1, 15, "TI-RTOS priority",
                   "the network scheduler task, which processes received packets (ACKs included) and timers",
                   "NDK's default: ti.ndk.config.Global netSchedulerPri = NC_PRIORITY_LOW = OS_SCHEDULER_LOWPRI = "
                   "OS_TASKPRILOW - 1 = 2 (netctrl.h, os/osif.h; NC_PRIORITY_HIGH is OS_TASKPRIKERN - 1 = 8); the PDK's "
                   "NIMU FTP example opens the stack with NC_SystemOpen(NC_PRIORITY_LOW, NC_OPMODE_INTERRUPT)"));
  t.declare(number("ftp.task_priority", K::Int, "5", 1, 15, "TI-RTOS priority",
                   "the FTP server's task (OS_TASKPRINORM 5)", "assumed: NDK daemon default"));
  t.declare(number("ftp.timeout_s", K::Real, "60", 0.01, 600, "s",
                   "simulated time a transfer may take before the run stops and flags it", "simulation control"));
  os::TiRtos::declare_params(t);
  t.set_default("tirtos.context_switch_cycles", "200", "assumed (Task switch with the SYS/BIOS scheduler)");
  t.set_default("tirtos.yield_cycles", "150", "assumed (Task_yield)");
  t.set_default("tirtos.sync_cycles", "150", "assumed (Semaphore_post/pend, Event)");
  t.set_default("tirtos.tick_cycles", "200", "assumed");
  t.set_default("tirtos.deferred_cycles", "100", "assumed (Swi dispatch)");
  t.declare(number("nimu.send_instructions", K::Real, "1420", 0, 1e6, "instructions",
                   "EmacSend()'s own work: checks, descriptor fields, statistics", kCalEmac));
  t.declare(number("nimu.recycle_instructions", K::Real, "450", 0, 1e6, "instructions",
                   "taking one descriptor back from the Tx return queue (its PBM freed)", kCalEmac));
  t.declare(number("nimu.rx_isr_instructions", K::Real, "200", 0, 1e6, "instructions",
                   "EmacRxPktISR()'s own work per interrupt", "assumed"));
  t.declare(number("nimu.rx_packet_instructions", K::Real, "150", 0, 1e6, "instructions",
                   "per received packet: PBM fields, the stack's Rx queue, a new buffer", "assumed"));
  t.declare(number("ftp.loop_instructions", K::Real, "200", 0, 1e6, "instructions",
                   "one iteration of the send or receive loop at -O3 (file bookkeeping, checks)", "assumed"));
  t.declare(number("ftp.command_instructions", K::Real, "2000", 0, 1e6, "instructions",
                   "parsing one control command and building its reply", "assumed"));
#ifdef WS_HAVE_LWIP
  net::LwipCallCosts::declare_params(t, "ndk");
  t.set_default("ndk.input_instructions", "5000", std::string(kBoundS2) + ": NIMUPacketService, Ether, IP, TCP input");
  t.set_default("ndk.output_instructions", "5000",
                std::string(kBoundS2) + ": TCP output, IP, route and ARP, Ether and NIMU hand-off");
  t.set_default("ndk.timer_instructions", "1000", "assumed: NDK's 100 ms timer tick with TCP's timers");
  t.set_default("ndk.api_instructions", "3000",
                std::string(kAssumedPath) + ": the socket call (llEnter/llExit) and the stream buffer");
  t.set_default("ndk.pbuf_instructions", "300", "assumed: one PBM_alloc and its PBM_free");
#endif
  t.complete();
}

}  // namespace ws
