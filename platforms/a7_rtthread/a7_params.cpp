// The Cortex-A7 RT-Thread platform's parameters: its own knobs declared here,
// the models' keys declared by the models, with this platform's default and
// source. "Calibrated" values name the reference rows
// (workloads/iperf/reference/rtthread-iperf.csv) they were fitted on;
// "assumed" ones have no public source and say so.
#include "platforms/a7_rtthread/a7_rtthread.hpp"

#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/eth/dw_emac.hpp"
#include "models/eth/switch.hpp"
#include "models/mem/memory.hpp"
#include "workloads/os/rtthread/rtthread.hpp"
#ifdef WS_HAVE_LWIP
#include "workloads/drivers/dw_emac_driver.hpp"
#include "workloads/net/lwip_on_core.hpp"
#endif

namespace ws {
namespace {
using K = ParamSpec::Kind;
const char* kTrm = "Cortex-A7 MPCore TRM r0p5 §6.1/§7.1 (hardware-facts.md §4)";
const char* kStudy = "shared/reference/rtthread-lwip-iperf.md";
// lwIP's and the driver's per-call path lengths are estimates of what each
// call does (round 1 scaled them by 2.5 to fit S0 UDP tx against a memory
// system that was too fast; round 2 prices the copies from the memcpy row and
// keeps the estimates): docs/a7_rtthread.md.
const char* kEstimate = "estimate: the call's work in lwIP 2.1.3 / the shipped driver, in instructions (docs/a7_rtthread.md)";
}  // namespace

void declare_a7_params(ParamTable& t) {
  t.declare(choice("workload", "iperf", {"iperf", "memcpy"}, "-", "what the board runs (the scenario's workload)",
                   "scenario"));
  // --- the study's knobs ---
  t.declare(choice("soc.caches", "off", {"off", "on"}, "-",
                   "MMU, D-cache, L2 and I-cache: off = every data access strongly ordered, instructions fetched "
                   "from DDR", kStudy));
  t.declare(number("soc.core_mhz", K::Real, "1200", 100, 2000, "MHz", "Cortex-A7 clock", kStudy));
  t.declare(choice("sw.memcpy", "rt", {"rt", "rt_halfword", "rt_neon", "uboot", "libc"}, "-",
                   "the copy routine every copy of the stack and driver runs (workloads/lib/memcpy_routines.hpp)",
                   kStudy));
  t.declare(choice("drv.tx", "wait", {"wait", "lookahead"}, "-",
                   "wait: each frame waits for the previous one's completion; lookahead: waits only when every Tx "
                   "descriptor is busy", kStudy));
  t.declare(choice("drv.rx", "per_irq", {"per_irq", "thread"}, "-",
                   "per_irq: one frame per interrupt, copied in the handler; thread: the handler masks Rx and a "
                   "thread drains a batch", kStudy));
  t.declare(choice("drv.dma_buffers", "cached", {"cached", "uncached"}, "-",
                   "DMA buffers cacheable with cache maintenance, or in a non-cacheable region", kStudy));
  t.declare(choice("lwip.options", "rtthread", {"rtthread", "tuned"}, "-",
                   "lwIP build: RT-Thread's lwipopts.h (no timestamps) or the study's tuned one (timestamps on); "
                   "sets the defaults of lwip.tcp_wnd, lwip.tcp_snd_buf, lwip.pbuf_pool_size", kStudy));
  t.declare(number("lwip.tcp_wnd", K::Int, "0", 0, 65535, "B",
                   "TCP_WND; 0: lwip.options' (rtthread 8196, tuned 8 x 1460 = 11680)", "RT-Thread lwipopts.h; study"));
  t.declare(number("lwip.tcp_snd_buf", K::Int, "0", 0, 65535, "B",
                   "TCP_SND_BUF; 0: lwip.options' (rtthread 8196, tuned 11680)", "RT-Thread lwipopts.h; study"));
  t.declare(number("lwip.pbuf_pool_size", K::Int, "0", 0, 128, "pbufs",
                   "PBUF_POOL_SIZE (Rx pbufs); 0: lwip.options' (rtthread 16, tuned 64)", "RT-Thread lwipopts.h; study"));
  t.declare(number("lwip.udp_recvmbox", K::Int, "1", 1, 64, "datagrams",
                   "DEFAULT_UDP_RECVMBOX_SIZE: datagrams waiting for recv()",
                   "RT-Thread components/net/lwip/port/lwipopts.h: 1"));
  t.declare(number("lwip.tcpip_mbox", K::Int, "8", 1, 256, "messages", "the tcpip thread's mailbox (TCPIP_MBOX_SIZE)",
                   "RT-Thread components/net/lwip/Kconfig: RT_LWIP_TCPTHREAD_MBOX_SIZE 8"));
  t.declare(choice("emac.mbps", "100", {"100", "1000"}, "Mbit/s", "100: EMAC; 1000: EMAC1 (gigabit)", kStudy));
  t.declare(choice("iperf.proto", "tcp", {"tcp", "udp"}, "-", "iperf3 test protocol", kStudy));
  t.declare(choice("iperf.dir", "rx", {"rx", "tx"}, "-", "rx: the board receives; tx: the board sends", kStudy));
  t.declare(number("iperf.udp_mbps", K::Real, "0", 0, 1000, "Mbit/s",
                   "UDP payload rate offered; 0: the EMAC's line rate (1472 B datagrams fill the wire)", kStudy));
  t.declare(number("iperf.seconds", K::Real, "2", 0.2, 120, "s", "length of the test (the study ran 60 s)",
                   "simulation control"));
  t.declare(number("iperf.block_bytes", K::Int, "4096", 512, 65536, "B", "one send()/recv() of the board's iperf",
                   "RT-Thread-packages/netutils iperf/iperf.c: IPERF_BUFSZ 4 x 1024"));
  t.declare(number("iperf.udp_bytes", K::Int, "1472", 64, 1472, "B", "UDP payload per datagram", kStudy));
  t.declare(number("iperf.thread_priority", K::Int, "20", 0, 31, "RT-Thread priority",
                   "the board's iperf thread (0 most urgent; tcpip is 10, the Rx thread 12)",
                   "RT-Thread-packages/netutils iperf/iperf.c: rt_thread_create(..., 20, 100)"));
  t.declare(number("pc.rx_delay_us", K::Real, "10", 0, 10000, "us",
                   "the PC from a frame's last bit to its stack (NIC interrupt moderation)", "assumed"));
  t.declare(choice("pc.stack", "linux", {"linux", "lwip"}, "-",
                   "the PC's TCP: linux (lwIP with Linux's timers: 200 ms minimum and 1 s first retransmission "
                   "timeout, 10-segment initial window, no tail-loss probe without SACK) or lwip (lwIP 2.1.3's own: "
                   "3 s first timeout, RFC 3390 initial window)",
                   "assumed: the study does not name the PC's OS; Linux's include/net/tcp.h (TCP_RTO_MIN HZ/5, "
                   "TCP_TIMEOUT_INIT 1 s, TCP_INIT_CWND 10), net/ipv4/tcp_output.c tcp_schedule_loss_probe (needs "
                   "SACK)"));
  t.declare(choice("lwip.checksum", "offload", {"software", "offload"}, "-",
                   "software: lwIP computes and checks every checksum (lwIP's default CHECKSUM_GEN_*/CHECK_* 1); "
                   "offload: the EMAC inserts and checks them (RT_LWIP_USING_HW_CHECKSUM sets them 0)",
                   "RT-Thread components/net/lwip/port/lwipopts.h (RT_LWIP_USING_HW_CHECKSUM), Kconfig default n; "
                   "offload by the S0 UDP tx row: 387 us per datagram less the driver's 291 us byte copy leaves 96 us, "
                   "which a software UDP checksum (740 strongly ordered halfword loads, 71 us) would nearly fill "
                   "(docs/a7_rtthread.md)"));
  t.declare(number("memcpy.mbytes", K::Real, "16", 0.001, 64, "MB", "the memcpy workload's copy (10^6 B)",
                   "test control (the study's copy: workloads/iperf/scenarios/memcpy.yaml, the reference rows)"));
  t.declare(number("memcpy.src_offset", K::Int, "0", 0, 63, "B", "source address offset from a 64 B boundary",
                   "study: a test program's malloc'd buffers (aligned: the shipped rt_memcpy's word loop)"));
  t.declare(number("memcpy.dst_offset", K::Int, "0", 0, 63, "B", "destination offset from a 64 B boundary",
                   "study: malloc'd buffers (aligned)"));

  // --- the core (models/cpu) ---
  Cpu::bindings().declare(t, "a7");
  t.set_default("a7.l1d_kb", "32", kTrm);
  t.set_default("a7.l1d_ways", "4", kTrm);
  t.set_default("a7.l1d_line_bytes", "64", kTrm);
  t.set_default("a7.l1i_kb", "32", kTrm);
  t.set_default("a7.l1i_ways", "2", std::string(kTrm) + " (its 32 B I lines are modelled as 64 B: the Cpu has one line size)");
  t.set_default("a7.cache_op_cycles", "4", "assumed: one DCCMVAC/DCIMVAC per line");
  t.declare(number("a7.l2_kb", K::Int, "512", 128, 1024, "KB", "L2 (8 ways, 64 B lines)",
                   "Cortex-A7 TRM: 128 KB to 1 MB; the board's SoC is not confirmed (assumed 512)"));
  t.declare(number("a7.l2_hit_cycles", K::Real, "20", 0, 200, "cycles", "an L1 miss served by the L2", "assumed"));
  t.declare(number("a7.write_streaming_lines", K::Int, "4", 0, 64, "lines",
                   "whole lines a copy writes before the L1 stops reading them first (write streaming; 0: never)",
                   "Cortex-A7 TRM: L1 write streaming mode; the threshold is assumed"));
  t.declare(number("a7.isr_entry_cycles", K::Real, "60", 0, 10000, "instructions",
                   "exception entry, vector and register save of RT-Thread's IRQ path", "assumed"));
  t.declare(number("a7.isr_exit_cycles", K::Real, "40", 0, 10000, "instructions", "register restore and return",
                   "assumed"));
  t.declare(number("a7.reg_access_ns", K::Real, "100", 0, 10000, "ns", "one EMAC register access over the APB",
                   "assumed"));
  t.declare(number("a7.ifetch_bytes", K::Int, "32", 4, 64, "B", "one instruction fetch with the I-cache off",
                   "assumed: one non-cacheable fetch of an I-cache line's 32 B (Cortex-A7 TRM Table 7.3: one "
                   "instruction fetch outstanding; its size with the I-cache off is not documented; bound 8-64)"));
  t.declare(number("a7.data_accesses_per_instruction", K::Real, "0.2", 0, 1, "accesses",
                   "strongly ordered loads and stores per instruction of the stack's and kernel's code (stack, "
                   "PCBs, queues; an LDM/STM of a frame's registers is one)",
                   "calibrated: S0, S1, S2 UDP and TCP tx (the code's share of each send period once the copies are "
                   "priced by the memcpy row); Hennessy & Patterson's 25-35 % of integer instructions bounds it"));

  // --- memory and bus (models/mem, models/bus) ---
  Memory::declare_params(t, "ddr", /*clocked=*/false);
  t.set_default("ddr.latency_ns", "88.9",
                "calibrated: the 600 ms memcpy row, read as the shipped rt_memcpy's word loop (a load and a store "
                "strongly ordered, 192 ns an iteration); the board's S0-S1-S2 send gains agree (docs/a7_rtthread.md)");
  t.set_default("ddr.bytes_per_ns", "3.05",
                "calibrated: the U-Boot caches-on memcpy row (95 % of a DDR3-800 x32 peak, 3.2 B/ns; the row is "
                "+5.8 % there, and an exact fit would need more than the peak)");
  Interconnect::declare_params(t, "bus", /*non_blocking=*/false);
  t.set_default("bus.hop_ns", "4", "assumed");
  t.set_default("bus.bytes_per_ns", "4.8", "assumed: 64-bit AXI at 600 MHz");
  t.declare(number("gic.latency_ns", K::Real, "50", 0, 10000, "ns", "a device's assertion to the core's input",
                   "assumed"));

  // --- EMAC and the network (models/eth) ---
  eth::DwEmac::declare_params(t, "emac");
  t.set_default("emac.rx_fifo_bytes", "4096", "assumed (the SoC's FIFO size is not confirmed: hardware-facts.md unknown 7)");
  t.set_default("emac.desc_ns", "50", "assumed");
  t.set_default("emac.irq_trigger", "level", "assumed (GIC SPIs from on-chip devices are usually level-sensitive)");
  eth::Switch::declare_params(t, "switch");
  t.set_default("switch.output_buffer_bytes", "65536", "assumed: a small unmanaged gigabit switch");
  t.set_default("switch.latency_ns", "2000", "assumed: store-and-forward lookup");

  // --- software (workloads/) ---
  os::RtThread::declare_params(t);
  t.set_default("rtt.context_switch_cycles", "300", "assumed (rt_hw_context_switch with the scheduler)");
  t.set_default("rtt.yield_cycles", "100", "assumed");
  t.set_default("rtt.sync_cycles", "200", "assumed (rt_mb_send, rt_sem_release with the list handling)");
  t.set_default("rtt.tick_cycles", "300", "assumed");
  t.set_default("rtt.deferred_cycles", "0", "RT-Thread has no deferred level");
  t.set_default("rtt.tick_hz", "100",
                "RT-Thread bsp/imx6ul/rtconfig.h (a Cortex-A7) and bsp/qemu-vexpress-a9/rtconfig.h: RT_TICK_PER_SECOND 100");
#ifdef WS_HAVE_LWIP
  drivers::DwEmacDriver::declare_params(t, "drv");
  t.set_default("drv.rx_descs", "16", "assumed (typical RT-Thread BSP: 16 or 32)");
  t.set_default("drv.tx_descs", "16", "assumed");
  t.set_default("drv.rx_budget", "16", "assumed: one ring per pass");
  t.set_default("drv.rx_tick_poll", "drain",
                "hypothesis: no source shows what restarts the shipped driver's stalled reception; the board's S0 "
                "receive rows fit one ring (UDP) or one window (TCP) per 10 ms tick (docs/a7_rtthread.md)");
  t.set_default("drv.isr_instructions", "150", kEstimate);
  t.set_default("drv.rx_frame_instructions", "250", kEstimate);
  t.set_default("drv.tx_frame_instructions", "250", kEstimate);
  net::LwipCallCosts::declare_params(t, "lwip");
  t.set_default("lwip.input_instructions", "1500", kEstimate);
  t.set_default("lwip.output_instructions", "1200", kEstimate);
  t.set_default("lwip.timer_instructions", "400", "assumed");
  t.set_default("lwip.api_instructions", "800", kEstimate);
  t.set_default("lwip.pbuf_instructions", "150", "assumed");
#endif
  t.complete();
}

}  // namespace ws
