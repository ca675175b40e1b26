#include "platforms/a7_rtthread/a7_rtthread.hpp"

#include <fmt/format.h>
#include <filesystem>
#include <functional>
#include <memory>
#include "models/eth/headers.hpp"
#include "models/eth/pcap_writer.hpp"
#include "models/sim/invariants.hpp"
#include "models/sim/scheduler.hpp"
#include "platforms/a7_rtthread/a7_board.hpp"
#include "workloads/lib/cycle_ledger.hpp"
#include "workloads/lib/memcpy_routines.hpp"
#include "workloads/lib/splitmix64.hpp"
#ifdef WS_HAVE_LWIP
#include "workloads/apps/iperf.hpp"
#include "workloads/drivers/dw_emac_driver.hpp"
#endif

namespace ws {

using namespace a7;
using sc_core::sc_time;

namespace {

constexpr uint32_t kBoardIp = 0xC0A80A02, kPcIp = 0xC0A80A01, kMask = 0xFFFFFF00;  // 192.168.10.x
constexpr uint16_t kIperfPort = 5201;
const sc_time kStart(5, sc_core::SC_MS);   // the board is up, ARP resolved
const sc_time kDrain(50, sc_core::SC_MS);  // after the test: what is in flight lands or is dropped

RunResult run_memcpy(const ParamTable& p, const RunOptions& o) {
  StatsRegistry stats;
  TraceWriter trace(o.trace_path);
  Scheduler sched("sched");
  eth::FramePool pool;
  A7Board board("board", p, sched, stats, &trace, pool);
  board.map_memory(p.s("soc.caches") == "on", false);
  const auto n = uint32_t(p.r("memcpy.mbytes") * 1e6);
  const uint64_t src = kCopySrc + uint64_t(p.i("memcpy.src_offset")), dst = kCopyDst + uint64_t(p.i("memcpy.dst_offset"));
  std::vector<uint8_t> data(n), back(n);
  uint64_t seed = o.seed;
  splitmix64_fill(seed, data.data(), n);
  board.ddr.write(src, data.data(), n);
  const lib::Memcpy routine = lib::memcpy_from_name(p.s("sw.memcpy"));
  sc_time took;
  sched.at(sc_core::SC_ZERO_TIME, [&] {
    Cpu& c = board.core;
    c.set_time(now());
    c.copy(dst, src, n, lib::memcpy_pattern(routine, dst, src, n));
    took = c.time() - now();
    c.busy()->add_busy(took, n);
  });
  sc_core::sc_start();
  board.ddr.read(dst, back.data(), n);
  RunResult r;
  r.metrics = {{"ms", took.to_seconds() * 1e3}, {"mbytes_per_s", n / took.to_seconds() / 1e6}};
  for (uint32_t i = 0; i < n; ++i) r.integrity_errors += back[i] != data[i];
  r.resources = stats.usage(took);
  r.report = fmt::format("memcpy {} of {} B ({} -> {}): {:.3f} ms\n", p.s("sw.memcpy"), n, src, dst,
                         took.to_seconds() * 1e3) +
             stats.bottleneck_report(took);
  r.simulated_s = took.to_seconds();
  r.work_units = n;
  r.work_unit = "bytes copied";
  r.limiting = p.s("soc.caches") == "on" ? "ddr bandwidth (line fills and write-backs)"
                                         : "strongly ordered accesses, one at a time";
  return r;
}

#ifdef WS_HAVE_LWIP

ws_lwip_options board_options(const ParamTable& p) {
  const bool tuned = p.s("lwip.options") == "tuned";
  const auto pick = [&](const char* key, uint32_t rtthread, uint32_t tuned_value) {
    const auto v = uint32_t(p.i(key));
    return v ? v : (tuned ? tuned_value : rtthread);
  };
  return {pick("lwip.tcp_wnd", 8196, 8 * 1460), pick("lwip.tcp_snd_buf", 8196, 8 * 1460),
          pick("lwip.pbuf_pool_size", 16, 64), uint32_t(p.i("lwip.udp_recvmbox")),
          0, 0, 0, 0,  // netutils iperf sets TCP_NODELAY
          p.s("lwip.checksum") == "offload", 0};
}

// The payload rate that fills the EMAC's wire with datagrams of `bytes`.
double line_rate_mbps(const ParamTable& p) {
  const double frame = p.i("iperf.udp_bytes") + 8 + 20 + 14 + 4 + 20;  // UDP, IP, Ethernet, FCS, preamble + gap
  return std::stod(p.s("emac.mbps")) * p.i("iperf.udp_bytes") / frame;
}

RunResult run_iperf(const ParamTable& p, const RunOptions& o) {
  StatsRegistry stats;
  TraceWriter trace(o.trace_path);
  Scheduler sched("sched");
  eth::FramePool pool;
  A7Board board("board", p, sched, stats, &trace, pool);
  const bool caches = p.s("soc.caches") == "on", dma_cached = p.s("drv.dma_buffers") == "cached";
  board.map_memory(caches, !dma_cached);
  const sc_time tick(1.0 / double(p.i("rtt.tick_hz")), sc_core::SC_SEC);
  os::RtThread rtt(board.core, stats, os::KernelCosts::from(p, "rtt"), tick, 10);

  const ws_lwip_options opt = board_options(p);
  net::LwipStack stack(p.s("lwip.options") == "tuned" ? ws_lwip_board_tuned() : ws_lwip_board_rtthread(), sched,
                       eth::local_mac(0x02, 1), kBoardIp, kMask, opt);
  net::LwipOnCore lwip(stack, board.core, lib::memcpy_from_name(p.s("sw.memcpy")), kLwipWindow,
                       net::LwipCallCosts::from(p, "lwip"));
  net::TcpipThread tcpip(rtt.kernel(), [&](std::function<os::Task()> body) { rtt.thread("tcpip", 10, std::move(body)); },
                         stack, lwip, unsigned(p.i("lwip.tcpip_mbox")), board.gic, kTimeoutSource, kTimeoutLine);
  using TickPoll = drivers::DwEmacDriver::TickPoll;
  const std::string poll = p.s("drv.rx_tick_poll");
  const drivers::DwEmacDriver::Config dcfg{p.s("drv.tx") == "lookahead", p.s("drv.rx") == "thread", dma_cached,
                                           opt.checksum_offload != 0,
                                           unsigned(p.i("drv.rx_descs")), unsigned(p.i("drv.tx_descs")), kRings,
                                           kDmaBuffers, 1536, unsigned(p.i("drv.rx_budget")),
                                           p.r("drv.isr_instructions"), p.r("drv.rx_frame_instructions"),
                                           p.r("drv.tx_frame_instructions"),
                                           poll == "one" ? TickPoll::One : poll == "drain" ? TickPoll::Drain : TickPoll::None,
                                           tick};
  drivers::DwEmacDriver driver(dcfg, board.emac, rtt, stack, lwip, tcpip, board.gic, kEmacSource, kEmacLine, 12);

  // The PC: its lwIP (Linux's timers, or lwIP's own) on its NIC, no simulated core; iperf3 leaves Nagle on.
  const bool linux_pc = p.s("pc.stack") == "linux";
  ws_lwip_options pco{};
  pco.nagle = 1;
  if (linux_pc) pco.initial_cwnd = 10 * 1460, pco.initial_rto_ms = 1000;  // TCP_INIT_CWND, TCP_TIMEOUT_INIT
  net::LwipStack pc(linux_pc ? ws_lwip_linux() : ws_lwip_pc(), sched, eth::local_mac(0x02, 2), kPcIp, kMask, pco);
  pc.output = [&](void* frame, uint16_t) {
    eth::Frame* f = pool.get();
    const size_t len = pc.tx_copy(frame, f->bytes.data());
    pc.tx_free(frame);
    f->len = uint32_t(eth::pad_and_append_fcs(f->bytes.data(), len));
    board.pc_tx.transmit(f, now());
  };
  const sc_time pc_delay(p.r("pc.rx_delay_us"), sc_core::SC_US);
  board.sw.out(kPcPort).connect([&](eth::Frame* f) {
    std::vector<uint8_t> bytes(f->bytes.begin(), f->bytes.begin() + (f->len - eth::kFcsBytes));
    pool.put(f);
    sched.after(pc_delay, [&pc, bytes = std::move(bytes)] { pc.input(bytes.data(), uint16_t(bytes.size())); });
  });

  std::vector<std::unique_ptr<eth::PcapWriter>> pcaps;
  if (!o.pcap_dir.empty()) {
    std::filesystem::create_directories(o.pcap_dir);
    pcaps.push_back(std::make_unique<eth::PcapWriter>(o.pcap_dir + "/emac.pcap"));
    board.emac.mac().tx_wire().tap(pcaps.back().get());
    board.sw.out(kBoardPort).tap(pcaps.back().get());
  }

  const bool tcp = p.s("iperf.proto") == "tcp", board_rx = p.s("iperf.dir") == "rx";
  const sc_time end = kStart + sc_time(p.r("iperf.seconds"), sc_core::SC_SEC);
  const double offered = p.r("iperf.udp_mbps") > 0 ? p.r("iperf.udp_mbps") : line_rate_mbps(p);
  const apps::IperfConfig icfg{tcp, board_rx, kStart, end, board_rx ? offered : p.r("iperf.udp_mbps"),
                               uint32_t(p.i("iperf.block_bytes")), uint16_t(p.i("iperf.udp_bytes")), kIperfPort};
  apps::IperfBoard board_app(icfg, rtt, tcpip, stack, lwip, unsigned(p.i("iperf.thread_priority")), kPcIp);
  apps::IperfPc pc_app(icfg, pc, sched, kBoardIp);
  pc_app.server_ready = [&board_app] { return board_app.listening(); };

  rtt.kernel().boot(0, [&]() -> os::Task {
    driver.init();
    co_return;
  }, "init", sc_core::SC_ZERO_TIME);
  sched.at(sc_time(1, sc_core::SC_MS), [&] { pc.arp_request(kBoardIp); });  // as iperf3's control connection

  // The test's window: statistics from its start, read at its end.
  RunResult r;
  double cpu = 0;
  sc_time wait_before;
  std::vector<ResourceUse> used;
  std::string report;
  uint64_t frames_before = 0, frames_in_window = 0;
  std::map<std::string, sc_time> ledger;
  const auto data_frames = [&] {  // frames of payload the board handled
    return board_rx ? tcpip.frames() : (tcp ? stack.counters().tcp_segments_out : board_app.sent_datagrams());
  };
  uint64_t restarts_before = 0;
  sched.at(kStart, [&] {
    stats.reset();
    wait_before = driver.tx_wait();
    restarts_before = driver.tick_restarts();
    lwip.clear_ledger();
    frames_before = data_frames();
  });
  const sc_time window = end - kStart;
  // How often, sampled each millisecond, received frames wait in the ring with
  // no one taking them (the shipped handler's merged interrupts strand them).
  unsigned samples = 0, stranded = 0;
  std::function<void()> sample = [&] {
    ++samples;
    stranded += board.emac.rx_frames() > driver.rx_taken() && rtt.kernel().idle(0);
    if (now() + sc_time(1, sc_core::SC_MS) < end) sched.after(sc_time(1, sc_core::SC_MS), sample);
  };
  sched.at(kStart, sample);
  sched.at(end, [&] {
    cpu = rtt.cpu_usage_pct(window);
    ledger = lwip.ledger();
    frames_in_window = data_frames() - frames_before;
    used = stats.usage(window);
    report = stats.bottleneck_report(window) + "CPU load over the test:\n" + stats.cpu_report(window);
  });
  sc_core::sc_start(end + kDrain);
  // UDP: run on until nothing moves (every datagram landed, dropped or stuck
  // where the accounting below finds it), at most a second more.
  const auto quiet = [&] {
    return board.emac.idle() && driver.tx_pending() == 0 && board.sw.buffered(kBoardPort) == 0 &&
           board.sw.buffered(kPcPort) == 0;
  };
  for (int k = 0; !tcp && k < 200 && !quiet(); ++k) sc_core::sc_start(sc_time(5, sc_core::SC_MS));
  if (!tcp) sc_core::sc_start(sc_time(1, sc_core::SC_MS));  // the PC's last inputs

  const apps::IperfTally& got = board_rx ? board_app.tally() : pc_app.tally();
  const ws_lwip_counters bc = stack.counters(), pcc = pc.counters();
  const double mbps = double(got.bytes) * 8 / window.to_seconds() / 1e6;
  std::map<std::string, uint64_t> drops = stats.drops_by_reason();
  for (auto& [why, n] : driver.drops()) drops["driver." + why] += n;
  const ws_lwip_counters& rc = board_rx ? bc : pcc;  // the receiving stack's
  drops[board_rx ? "lwip.pbuf_pool_empty" : "pc.lwip.pbuf_pool_empty"] += rc.rx_pool_empty;
  drops[board_rx ? "lwip.input_refused" : "pc.lwip.input_refused"] += rc.rx_refused;
  drops[board_rx ? "lwip.udp_recvmbox_full" : "pc.lwip.udp_recvmbox_full"] += rc.udp_mbox_full;
  uint64_t dropped = 0;
  for (auto& [why, n] : drops) dropped += n;

  const uint64_t sent = board_rx ? pc_app.sent_datagrams() : board_app.sent_datagrams();
  const uint64_t received = got.datagrams;
  const double loss = !tcp && sent ? 100.0 * double(sent - std::min(sent, received)) / double(sent) : 0;
  const uint64_t retransmits = tcp ? (board_rx ? pcc : bc).tcp_retransmits : 0;
  r.metrics = {{"mbps", mbps},
               {"cpu_pct", cpu},
               {"retransmits", double(retransmits)},
               {"loss_pct", loss},
               {"wire_frames", double(board.emac.mac().tx_wire().frames() + board.sw.out(kBoardPort).frames())}};
  r.labels = {{"drops", StatsRegistry::drops_text(drops)}};
  r.integrity_errors = got.wrong;
  // Every datagram sent was received, dropped for a counted reason, or is still
  // on its way at the end (in a FIFO, the ring, a mailbox, the socket).
  if (!tcp) {
    require(driver.rx_taken() <= board.emac.rx_frames(), "the driver takes only frames the DMA stored",
            fmt::format("{} taken, {} stored", driver.rx_taken(), board.emac.rx_frames()));
    const uint64_t in_ring = board.emac.rx_frames() - driver.rx_taken();
    // On the way: the sender's wire, the switch (lookup and queue), the receiver's side.
    const uint64_t on_the_way = (board_rx ? board.pc_tx.in_flight() + board.sw.frames_for(kBoardPort)
                                          : board.emac.mac().tx_wire().in_flight() + board.sw.frames_for(kPcPort)) +
                                board.sw.frames_in_lookup();
    const uint64_t waiting = on_the_way + (board_rx ? board.emac.rx_fifo_frames() + board.emac.rx_storing() + in_ring + driver.rx_held() +
                                                          tcpip.mailbox().waiting() + tcpip.holding() +
                                                          stack.udp_waiting()
                                                    : pc.udp_waiting());
    require(received + dropped + waiting == sent, "every UDP datagram received, dropped by reason or in flight",
            fmt::format("{} sent, {} received, {} dropped ({}), {} in flight", sent, received, dropped,
                        StatsRegistry::drops_text(drops), waiting));
    r.report += fmt::format("UDP: {} sent, {} received, {} dropped, {} still in the board at the end\n", sent,
                            received, dropped, waiting);
  }

  // What bounds the test, from the mechanisms that were busy or lost frames.
  // TCP's payload line rate: 1460 B of each 1538 on the wire, 1448 with timestamps (the tuned build).
  const double tcp_payload = p.s("lwip.options") == "tuned" ? 1448 : 1460;
  const double wire_pct = 100 * mbps / (tcp ? std::stod(p.s("emac.mbps")) * tcp_payload / 1538 : line_rate_mbps(p));
  const double tx_wait_pct = 100 * (driver.tx_wait() - wait_before).to_seconds() / window.to_seconds();
  std::string worst_drop;
  uint64_t worst = 0;
  for (auto& [why, n] : drops)
    if (n > worst) worst = n, worst_drop = why;
  const double restarts_per_s = double(driver.tick_restarts() - restarts_before) / window.to_seconds();
  const uint64_t missed = drops.count("emac.rx_fifo.rx_missed") ? drops.at("emac.rx_fifo.rx_missed") : 0;
  if (wire_pct >= 95) r.limiting = fmt::format("wire ({} Mbit/s)", p.s("emac.mbps"));
  else if (board_rx && cpu < 90 && restarts_per_s >= 0.5 * double(p.i("rtt.tick_hz")))
    r.limiting = fmt::format("reception stalled until the next tick: {:.0f} stalls/s, {} frames missed (lost "
                             "interrupts; drv.rx_tick_poll restarts it)", restarts_per_s, missed);
  else if (board_rx && cpu < 90 && stranded * 2 > samples)
    r.limiting = fmt::format("Rx frames stranded in the ring while the core idles ({} of {} samples): one frame "
                             "per interrupt, merged interrupts", stranded, samples);
  else if (cpu >= 90 && !tcp && board_rx && received * 10 < sent)
    r.limiting = fmt::format("cpu (a7): receive livelock, the interrupt and tcpip thread leave iperf no time "
                             "(drops at {})", worst_drop);
  else if (cpu >= 90) r.limiting = "cpu (a7)";
  else if (tcp && retransmits > 0) r.limiting = fmt::format("loss recovery: {} retransmits, drops at {}", retransmits,
                                                            worst ? worst_drop : "none counted");
  else if (!tcp && worst > 0) r.limiting = fmt::format("receive path: drops at {}", worst_drop);
  else if (!board_rx && tx_wait_pct > 20) r.limiting = fmt::format("Tx completion wait ({:.0f} % of the test)", tx_wait_pct);
  else if (tcp) r.limiting = fmt::format("TCP window ({} B)", board_rx ? opt.tcp_wnd : 256 * 1024);
  else r.limiting = "sender";

  r.resources = used;
  r.report += report;
  r.report += fmt::format("receiver: {} B in the test, {} late, {} wrong; datagrams {} of {} sent\n", got.bytes,
                          got.late, got.wrong, received, sent);
  r.report += fmt::format("board iperf: {} datagrams sent, {} sends refused\n", board_app.sent_datagrams(), board_app.send_failures());
  r.report += fmt::format("board: {} EMAC interrupts, {} frames through the tcpip thread, Tx wait {:.1f} % of the test\n",
                          driver.interrupts(), tcpip.frames(), tx_wait_pct);
  r.report += fmt::format("board: {} ticks restarted a stalled reception ({} frames taken at the tick), {} frames "
                          "missed by the DMA (no descriptor)\n",
                          driver.tick_restarts(), driver.tick_frames(), drops["emac.rx_fifo.rx_missed"]);
  r.report += fmt::format("TCP segments with data: board {} ({} again), PC {} ({} again)\n", bc.tcp_segments_out,
                          bc.tcp_retransmits, pcc.tcp_segments_out, pcc.tcp_retransmits);
  r.report += "drops: " + StatsRegistry::drops_text(drops) + "\n";
  r.report += lib::ledger_report(ledger, cpu / 100 * window.to_seconds(), frames_in_window, "data frame", board.core.clock().hz());
  r.report += "limiting: " + r.limiting + "\n";
  r.simulated_s = sc_core::sc_time_stamp().to_seconds();
  r.work_units = r.metrics.back().second;
  r.work_unit = "wire frames";
  if (trace.enabled()) trace.flush();
  return r;
}
#endif

}  // namespace

void check_a7_params(const ParamTable& p) {
  if (p.s("workload") == "iperf" && p.s("iperf.proto") == "tcp" && p.origin("iperf.udp_mbps") != "default")
    throw InputError(fmt::format("{}: key 'iperf.udp_mbps': a TCP test has no offered rate (iperf.proto=tcp, {})",
                                 p.origin("iperf.udp_mbps"), p.origin("iperf.proto")));
  const double line = std::stod(p.s("emac.mbps"));
  if (p.r("iperf.udp_mbps") > line)
    throw InputError(fmt::format("{}: key 'iperf.udp_mbps': {} Mbit/s is above the EMAC's {} Mbit/s (valid: 0..{})",
                                 p.origin("iperf.udp_mbps"), p.r("iperf.udp_mbps"), line, line));
  p.require_power_of_two({"a7.l1d_kb", "a7.l1i_kb"}, "8, 16, 32, 64 KB");
  Cpu::check_cache_params(p, "a7");
  p.require_power_of_two({"a7.l2_kb"}, "128, 256, 512, 1024 KB");
  // lwIP needs a window of one segment and a send buffer of two (its init.c checks).
  if (const int64_t w = p.i("lwip.tcp_wnd"); w != 0 && w < 1460)
    throw InputError(fmt::format("{}: key 'lwip.tcp_wnd': {} B is below one 1460 B segment (valid: 0 for "
                                 "lwip.options', or 1460..65535)", p.origin("lwip.tcp_wnd"), w));
  if (const int64_t b = p.i("lwip.tcp_snd_buf"); b != 0 && b < 2920)
    throw InputError(fmt::format("{}: key 'lwip.tcp_snd_buf': {} B is below two 1460 B segments (valid: 0 for "
                                 "lwip.options', or 2920..65535)", p.origin("lwip.tcp_snd_buf"), b));
  // lwIP's init.c refuses a build whose window the pbuf pool cannot hold
  // (TCP_WND > PBUF_POOL_SIZE x (PBUF_POOL_BUFSIZE - headers): 1520 - 54 B a pbuf).
  {
    const bool tuned = p.s("lwip.options") == "tuned";
    const int64_t wnd = p.i("lwip.tcp_wnd") ? p.i("lwip.tcp_wnd") : (tuned ? 8 * 1460 : 8196);
    const int64_t pool = p.i("lwip.pbuf_pool_size") ? p.i("lwip.pbuf_pool_size") : (tuned ? 64 : 16);
    if (wnd > pool * 1466)
      throw InputError(fmt::format("{}: key 'lwip.tcp_wnd': {} B is more than {} pool pbufs hold ({} B): lwIP's "
                                   "init.c refuses such a build (valid: up to lwip.pbuf_pool_size x 1466 B)",
                                   p.origin({"lwip.tcp_wnd", "lwip.pbuf_pool_size", "lwip.options"}), wnd, pool,
                                   pool * 1466));
  }
  if (p.i("emac.rx_fifo_bytes") < 1518)
    throw InputError(fmt::format("{}: key 'emac.rx_fifo_bytes': {} B does not hold a 1518 B frame (valid: "
                                 "1518..65536)", p.origin("emac.rx_fifo_bytes"), p.i("emac.rx_fifo_bytes")));
  const uint64_t dma = uint64_t(p.i("drv.rx_descs") + p.i("drv.tx_descs")) * 1536;
  if (dma > kDmaBufferRoom) throw std::logic_error("DMA buffer region too small for the rings");
#ifndef WS_HAVE_LWIP
  if (p.s("workload") == "iperf")
    throw InputError("workload iperf: this build has no lwIP (scripts/fetch_lwip.sh, then rebuild)");
#endif
}

std::vector<Column> a7_columns() {
  return {{"mbps", "Mbit/s", "iperf3's figure: TCP or UDP payload bits the receiver got per second of the test"},
          {"cpu_pct", "%", "RT-Thread's CPU usage over the test (1 - idle)"},
          {"retransmits", "segments", "TCP segments the sender sent again (iperf3's Retr)"},
          {"loss_pct", "%", "UDP datagrams sent but not received"},
          {"wire_frames", "frames", "frames that crossed the EMAC's wires (host-speed unit)"},
          {"drops", "-", "frames lost, as place.reason=count (EMAC FIFO, switch, driver, lwIP)"},
          {"ms", "ms", "memcpy workload: time of the copy"},
          {"mbytes_per_s", "MB/s", "memcpy workload: bytes copied per second"}};
}

Platform a7_platform() {
  return Platform{"a7_rtthread",
                  "Cortex-A7 1.2 GHz, RT-Thread and the real lwIP 2.1.3, DesignWare EMAC; iperf3 TCP/UDP against a PC "
                  "through a gigabit switch, and memcpy",
                  {"iperf", "memcpy"},
                  declare_a7_params,
                  check_a7_params,
                  run_a7,
                  true,
                  a7_columns()};
}

RunResult run_a7(const ParamTable& p, const RunOptions& o) {
  if (p.s("workload") == "memcpy") return run_memcpy(p, o);
#ifdef WS_HAVE_LWIP
  return run_iperf(p, o);
#else
  throw InputError("workload iperf: this build has no lwIP (scripts/fetch_lwip.sh, then rebuild)");
#endif
}

}  // namespace ws
