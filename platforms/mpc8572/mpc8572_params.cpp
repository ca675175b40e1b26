// The MPC8572 IP forwarding platform's parameters: its knobs (the study's),
// the models' keys with this platform's defaults and sources. The study gives
// no absolute rate: the per-call path lengths are estimates with their
// reasons, and the rate they give is documented as such (docs/mpc8572.md).
#include "platforms/mpc8572/mpc8572.hpp"

#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/eth/etsec.hpp"
#include "models/mem/memory.hpp"
#include "models/mem/snoop_domain.hpp"
#include "models/tester/rfc2544.hpp"
#include "models/tester/traffic_tester.hpp"
#include "workloads/drivers/gianfar.hpp"
#include "workloads/os/linux/linux.hpp"

namespace ws {
namespace {
using K = ParamSpec::Kind;
const char* kStudy = "shared/reference/mpc8572-ipfwd.md";
const char* kFacts = "hardware-facts.md §3";
const char* kEstimate = "estimate (docs/mpc8572.md: the path lengths)";
}  // namespace

void declare_mpc8572_params(ParamTable& t) {
  t.declare(choice("workload", "ipfwd", {"ipfwd"}, "-", "what the board runs (the scenario's workload)", "scenario"));
  // --- the study's knobs ---
  t.declare(number("irq.eth0_mask", K::Int, "1", 1, 3, "CPU mask",
                   "smp_affinity of eth0's Tx, Rx and error interrupts: 1 CPU0, 2 CPU1, 3 either (Linux picks one CPU per source, round robin over the sources: irq_choose_cpu)", kStudy));
  t.declare(number("irq.eth1_mask", K::Int, "1", 1, 3, "CPU mask", "the same for eth1", kStudy));
  t.declare(choice("sw.stats_layout", "per_cpu", {"shared_line", "per_cpu"}, "-",
                   "the forwarding counters: both CPUs' in one cache line, or a line each", kStudy));
  t.declare(number("napi.weight", K::Int, "64", 1, 1024, "packets", "a NAPI context's packets per poll",
                   std::string(kFacts) + ": GFAR_DEV_WEIGHT 64"));
  t.declare(number("sysctl.netdev_budget", K::Int, "300", 1, 100000, "packets", "packets per NET_RX run",
                   std::string(kFacts) + ": netdev_budget 300"));
  t.declare(number("sysctl.netdev_max_backlog", K::Int, "1000", 1, 1000000, "packets",
                   "a CPU's backlog (input_pkt_queue) for netif_rx; only a driver without NAPI uses it",
                   "Linux net/core/dev.c: netdev_max_backlog 1000"));
  t.declare(choice("gianfar.skb_recycle", "off", {"off", "on"}, "-",
                   "sent skbs go back to the device's Rx refill instead of a free and an alloc",
                   "Linux gianfar 2.6.29 to 3.x: skb_recycle_check, rx_recycle"));
  t.declare(choice("gianfar.napi", "on", {"on", "off"}, "-",
                   "CONFIG_GFAR_NAPI: poll from NET_RX (on) or receive in the hardirq through netif_rx's backlog (off)",
                   std::string(kFacts) + ": NAPI and non-NAPI builds"));
  t.declare(choice("sysctl.rp_filter", "1", {"0", "1"}, "-", "strict reverse-path filtering", kStudy));
  t.declare(number("gianfar.rx_coalesce_frames", K::Int, "0", 0, 255, "frames",
                   "RXIC frame threshold; 0 with 0 us: coalescing off", std::string(kFacts) + ": Rx off in NAPI builds"));
  t.declare(number("gianfar.rx_coalesce_usecs", K::Real, "0", 0, 1000, "us", "RXIC timer (in 512 ns ticks at GbE)",
                   std::string(kFacts) + ": Rx off in NAPI builds"));
  t.declare(number("gianfar.tx_coalesce_frames", K::Int, "16", 0, 255, "frames", "TXIC frame threshold",
                   std::string(kFacts) + ": 16 frames"));
  t.declare(number("gianfar.tx_coalesce_usecs", K::Real, "10.75", 0, 1000, "us", "TXIC timer",
                   std::string(kFacts) + ": 21 ticks of 512 ns"));
  t.declare(number("gianfar.txqueuelen", K::Int, "1000", 1, 10000, "frames", "the qdisc's limit",
                   "Linux ether_setup: tx_queue_len 1000"));
  t.declare(number("gianfar.rx_bds", K::Int, "256", 8, 512, "BDs", "Rx ring", std::string(kFacts) + ": 256"));
  t.declare(number("gianfar.tx_bds", K::Int, "256", 8, 512, "BDs", "Tx ring", std::string(kFacts) + ": 256"));

  t.declare(choice("gianfar.fast_path", "off", {"off", "on"}, "-",
                   "CONFIG_NET_GIANFAR_FP: forward cached destinations from the Rx clean, past the stack and the qdisc",
                   kStudy));
  t.declare(number("gianfar.fp_entries", K::Int, "256", 1, 2048, "entries", "the fast path's table per CPU (32 B each)",
                   "assumed (a power of two)"));
  t.declare(choice("irqbalance", "off", {"off", "on"}, "-",
                   "the irqbalance daemon: moves the IRQs by load every irqbalance.interval_ms, over any mask set", kStudy));
  t.declare(number("irqbalance.interval_ms", K::Real, "10000", 0.1, 1e6, "ms", "irqbalance's pass period",
                   "irqbalance source: SLEEP_INTERVAL 10 s"));
  t.declare(number("irqbalance.pass_instructions", K::Real, "200000", 0, 1e9, "instructions",
                   "one pass: reading /proc/interrupts and /proc/stat, placing, writing smp_affinity",
                   "estimate: a few /proc reads and writes through the VFS"));
  t.declare(number("proc.affinity", K::Int, "3", 1, 3, "CPU mask",
                   "taskset of the user processes: 1 CPU0, 2 CPU1, 3 either (the scheduler places them)", kStudy));
  t.declare(number("proc.load_pct", K::Real, "40", 0, 100, "% of one CPU",
                   "what the user processes compute per period (0: none)",
                   "calibrated: the default row's CPU1 30-50 % (the study names the processes, not their work)"));
  t.declare(number("proc.period_ms", K::Real, "4", 0.1, 1000, "ms",
                   "the user processes' wake-up period (a sleep ends at the first tick after it)",
                   "assumed: one tick at HZ 250"));

  // --- the tester ---
  tester::TrafficTester::declare_params(t);
  tester::Rfc2544::declare_params(t);
  t.set_default("tester.frame_bytes", "64", kStudy);
  t.set_default("tester.udp_checksum", "on", "test control");
  t.set_default("tester.mode", "fixed", std::string(kStudy) + ": line rate both ways, read mpstat");
  t.set_default("tester.load_pct", "100", kStudy);
  t.set_default("tester.trial_ms", "100", "test control: the steady state (the skb pool cycles through the L2; 10 ms trials forward 11 % more)");
  t.set_default("tester.drain_us", "20000", "test control");
  t.set_default("tester.resolution_pct", "0.5", "test control");
  t.set_default("tester.loss_tolerance_pct", "0", "RFC 2544: 0");
  t.set_default("tester.size_step_bytes", "64", "test control");

  // --- the cores, caches, memory ---
  t.declare(number("soc.core_mhz", K::Real, "1500", 400, 2000, "MHz", "e500 clock",
                   "assumed: the MPC8572E's top grade (1.5 GHz)"));
  Cpu::declare_params(t, "e500");
  t.set_default("e500.l1d_kb", "32", kFacts);
  t.set_default("e500.l1d_ways", "8", kFacts);
  t.set_default("e500.l1d_line_bytes", "32", kFacts);
  t.set_default("e500.l1i_kb", "32", kFacts);
  t.set_default("e500.l1i_ways", "8", kFacts);
  t.set_default("e500.cache_op_cycles", "4", "assumed: one dcbf/dcbi per line");
  t.declare(number("e500.isr_entry_cycles", K::Real, "100", 0, 10000, "instructions",
                   "exception entry and Linux's do_IRQ prologue", "assumed"));
  t.declare(number("e500.isr_exit_cycles", K::Real, "80", 0, 10000, "instructions", "irq_exit and the return",
                   "assumed"));
  t.declare(number("e500.reg_access_ns", K::Real, "30", 0, 10000, "ns", "one eTSEC register access over the CCB",
                   "assumed"));
  t.declare(number("e500.data_accesses_per_instruction", K::Real, "0.3", 0, 1, "accesses",
                   "loads and stores per instruction of the kernel's code", "Hennessy & Patterson, integer code 25-35 %"));
  t.declare(number("l2.kb", K::Int, "1024", 256, 2048, "KB", "the shared L2 (8 ways, 32 B lines)", kFacts));
  t.declare(number("l2.hit_cycles", K::Real, "20", 0, 200, "cycles", "an L1 miss served by the L2", "assumed"));
  SnoopDomain::declare_params(t, "coherence");
  t.set_default("coherence.intervention_cycles", "60", "assumed: a line from the other core's L1 over the CCB");
  t.set_default("coherence.invalidate_cycles", "20", "assumed: the address-only broadcast");
  Memory::declare_params(t, "ddr", /*clocked=*/false);
  t.set_default("ddr.latency_ns", "60", "assumed (DDR2-667)");
  t.set_default("ddr.bytes_per_ns", "5.3", "DDR2-667 on 64 bits: 5.3 GB/s peak");
  Interconnect::declare_params(t, "bus", /*non_blocking=*/false);
  t.set_default("bus.hop_ns", "5", "assumed (the CCB)");
  t.set_default("bus.bytes_per_ns", "8", "assumed: 64-bit CCB at 1 GHz");
  t.declare(number("mpic.latency_ns", K::Real, "50", 0, 10000, "ns", "a source's assertion to the core's input",
                   "assumed"));
  eth::Etsec::declare_params(t, "etsec");
  t.set_default("etsec.rx_fifo_bytes", "10240", "assumed: the eTSEC's Rx FIFO");
  t.set_default("etsec.bd_ns", "20", "assumed");

  // --- software ---
  os::Linux::declare_params(t);
  t.set_default("linux.context_switch_cycles", "800", "assumed (switch_to with the scheduler)");
  t.set_default("linux.yield_cycles", "200", "assumed");
  t.set_default("linux.sync_cycles", "150", "assumed");
  t.set_default("linux.tick_cycles", "2000", "assumed (scheduler_tick, timers, RCU)");
  t.set_default("linux.deferred_cycles", "200", "assumed (__do_softirq's entry)");
  drivers::Gianfar::Costs::declare_params(t, "gianfar");
  t.set_default("gianfar.irq_instructions", "300", kEstimate);
  t.set_default("gianfar.poll_instructions", "200", kEstimate);
  t.set_default("gianfar.rx_packet_instructions", "250", kEstimate);
  t.set_default("gianfar.skb_alloc_instructions", "400", kEstimate);
  t.set_default("gianfar.skb_free_instructions", "300", kEstimate);
  t.set_default("gianfar.tx_clean_instructions", "100", kEstimate);
  t.set_default("gianfar.xmit_instructions", "400", kEstimate);
  t.set_default("gianfar.start_xmit_instructions", "300", kEstimate);
  t.set_default("gianfar.netif_rx_instructions", "150", kEstimate);
  t.set_default("gianfar.recycle_instructions", "80", kEstimate);
  t.declare(number("gianfar.fp_instructions", K::Real, "150", 0, 1e6, "instructions",
                   "a fast-path hit: the hash, the entry's checks, TTL and checksum, the MACs",
                   "estimate: ip_rcv's header checks and ip_forward's rewrite without their calls"));
  t.declare(number("ipv4.rcv_instructions", K::Real, "300", 0, 1e6, "instructions",
                   "ip_rcv and ip_rcv_finish: the header's checks, netfilter's hooks empty", kEstimate));
  t.declare(number("ipv4.route_instructions", K::Real, "250", 0, 1e6, "instructions",
                   "the route lookup (the route cache's hash hit)", kEstimate));
  t.declare(number("ipv4.rp_filter_instructions", K::Real, "200", 0, 1e6, "instructions",
                   "rp_filter's reverse lookup (fib_validate_source)", kEstimate));
  t.declare(number("ipv4.forward_instructions", K::Real, "250", 0, 1e6, "instructions",
                   "ip_forward and ip_forward_finish: TTL, checksum, the skb's dst", kEstimate));
  t.declare(number("ipv4.neigh_instructions", K::Real, "200", 0, 1e6, "instructions",
                   "ip_finish_output2 and the neighbour's cached header", kEstimate));
  t.check_complete();
}

}  // namespace ws
