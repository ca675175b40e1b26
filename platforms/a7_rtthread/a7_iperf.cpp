// The RT-Thread study's iperf3 test: the PC on the switch's other port, the
// test's window, iperf3's figures, what bounds them, and the report.
#ifdef WS_HAVE_LWIP
#include <fmt/format.h>
#include <functional>
#include "models/sim/invariants.hpp"
#include "platforms/a7_rtthread/a7_rtthread.hpp"
#include "platforms/a7_rtthread/a7_software.hpp"
#include "platforms/common/measurement_window.hpp"
#include "platforms/common/pc_peer.hpp"
#include "workloads/apps/iperf.hpp"

namespace ws {

using namespace a7;
using sc_core::sc_time;

namespace {

constexpr uint16_t kIperfPort = 5201;
const sc_time kStart(5, sc_core::SC_MS);   // the board is up, ARP resolved
const sc_time kDrain(50, sc_core::SC_MS);  // after the test: what is in flight lands or is dropped
const sc_time kMs(1, sc_core::SC_MS);

// The payload rate that fills the EMAC's wire with datagrams of iperf.udp_bytes.
double line_rate_mbps(const ParamTable& p) {
  const double frame = p.i("iperf.udp_bytes") + 8 + 20 + 14 + 4 + 20;  // UDP, IP, Ethernet, FCS, preamble + gap
  return std::stod(p.s("emac.mbps")) * p.i("iperf.udp_bytes") / frame;
}

// The PC: its lwIP (Linux's timers, or lwIP's own) on its NIC, no simulated core; iperf3 leaves Nagle on.
PcPeer::Config pc_config(const ParamTable& p) {
  const bool linux_pc = p.s("pc.stack") == "linux";
  ws_lwip_options o{};
  o.nagle = 1;
  if (linux_pc) o.initial_cwnd = 10 * 1460, o.initial_rto_ms = 1000;  // TCP_INIT_CWND, TCP_TIMEOUT_INIT
  return {linux_pc ? ws_lwip_linux() : ws_lwip_pc(), eth::local_mac(0x02, 2), kPcIp, kMask, o,
          eth::NicThrottle::Config::bindings().build(p, "pc.nic")};
}

}  // namespace

RunResult run_iperf(const ParamTable& p, const RunOptions& o) {
  RunContext run(o);
  A7Board board("board", p, run);
  board.map_memory(p.s("soc.caches") == "on", p.s("drv.dma_buffers") != "cached");
  A7Software sw(p, board, run);
  PcPeer pc(pc_config(p), run);
  pc.plug([&board](eth::Frame* f) { board.sw.receive(kPcPort, f); }, board.sw.out(kPcPort));
  run.pcap("emac.pcap", {&board.emac.mac().tx_wire(), &board.sw.out(kBoardPort)});

  const bool tcp = p.s("iperf.proto") == "tcp", board_rx = p.s("iperf.dir") == "rx";
  const sc_time end = kStart + sc_time(p.r("iperf.seconds"), sc_core::SC_SEC), length = end - kStart;
  const double offered = p.r("iperf.udp_mbps") > 0 ? p.r("iperf.udp_mbps") : line_rate_mbps(p);
  const apps::IperfConfig icfg{tcp, board_rx, kStart, end, board_rx ? offered : p.r("iperf.udp_mbps"),
                               uint32_t(p.i("iperf.block_bytes")), uint16_t(p.i("iperf.udp_bytes")), kIperfPort};
  const apps::SpawnTask spawn = [&sw](const std::string& name, unsigned priority, std::function<os::Task()> body,
                                      const sc_time& at) { sw.rtt.thread(name, priority, std::move(body), at); };
  apps::IperfBoard board_app(icfg, sw.rtt.kernel(), spawn, sw.tcpip, sw.stack, sw.lwip,
                             unsigned(p.i("iperf.thread_priority")), kPcIp);
  apps::IperfPc pc_app(icfg, pc.stack, run.sched, kBoardIp);
  pc_app.server_ready = [&board_app] { return board_app.listening(); };
  sw.boot();
  run.sched.at(kMs, [&] { pc.stack.arp_request(kBoardIp); });  // as iperf3's control connection

  // The test's window; the drops are the board's and the receiving stack's.
  MeasurementWindow window(run.stats, [&] { return sw.drops(board_rx ? sw.stack : pc.stack); });
  window.track(sw.lwip.ledger());
  const auto data_frames = [&] {  // frames of payload the board handled
    return board_rx ? sw.tcpip.frames() : (tcp ? sw.stack.counters().tcp_segments_out : board_app.sent_datagrams());
  };
  sc_time wait_before;
  uint64_t restarts_before = 0, frames_before = 0, frames_in_window = 0;
  double cpu = 0;
  window.at_start([&] {
    wait_before = sw.driver.tx_wait();
    restarts_before = sw.driver.tick_restarts();
    frames_before = data_frames();
  });
  run.sched.at(kStart, [&] { window.start(); });
  // How often, sampled each millisecond, received frames wait in the ring with
  // no one taking them (the shipped handler's merged interrupts strand them).
  unsigned samples = 0, stranded = 0;
  std::function<void()> sample = [&] {
    ++samples;
    stranded += board.emac.rx_frames() > sw.driver.rx_taken() && sw.rtt.kernel().idle(0);
    if (now() + kMs < end) run.sched.after(kMs, sample);
  };
  run.sched.at(kStart, sample);
  run.sched.at(end, [&] {
    cpu = sw.rtt.cpu_usage_pct(length);
    frames_in_window = data_frames() - frames_before;
    window.end(length);
  });
  sc_core::sc_start(end + kDrain);
  // UDP: run on until nothing moves (every datagram landed, dropped or stuck
  // where the accounting below finds it), at most a second more; the PC's NIC
  // hands its stack what it holds pc.nic.stack_us after an interrupt.
  for (int k = 0; !tcp && k < 200 && !(sw.quiet() && pc.throttle.held() == 0); ++k)
    sc_core::sc_start(sc_time(5, sc_core::SC_MS));
  if (!tcp) sc_core::sc_start(kMs);  // the PC's last inputs

  const apps::IperfTally& got = board_rx ? board_app.tally() : pc_app.tally();
  const ws_lwip_counters bc = sw.stack.counters(), pcc = pc.stack.counters();
  const double mbps = double(got.bytes) * 8 / length.to_seconds() / 1e6;
  const auto drops = window.drops();
  uint64_t dropped = 0;
  for (auto& [why, n] : drops) dropped += n;
  const uint64_t sent = board_rx ? pc_app.sent_datagrams() : board_app.sent_datagrams(), received = got.datagrams;
  const double loss = !tcp && sent ? 100.0 * double(sent - std::min(sent, received)) / double(sent) : 0;
  const uint64_t retransmits = tcp ? (board_rx ? pcc : bc).tcp_retransmits : 0;
  RunResult r;
  r.metrics = {{"mbps", mbps},
               {"cpu_pct", cpu},
               {"retransmits", double(retransmits)},
               {"loss_pct", loss},
               {"wire_frames", double(board.emac.mac().tx_wire().frames() + board.sw.out(kBoardPort).frames())}};
  r.labels = {{"drops", StatsRegistry::drops_text(drops)}};
  r.integrity_errors = got.wrong;
  // Every datagram sent is accounted for, on its way at the end meaning on a
  // wire, in the switch or in the receiver.
  if (!tcp) {
    const uint64_t on_the_way = (board_rx ? pc.nic.in_flight() + board.sw.frames_for(kBoardPort)
                                          : board.emac.mac().tx_wire().in_flight() + board.sw.frames_for(kPcPort)) +
                                board.sw.frames_in_lookup();
    const uint64_t waiting =
        on_the_way + (board_rx ? sw.rx_waiting() : pc.throttle.held() + pc.stack.udp_waiting());
    const uint64_t sender_frames = board_rx ? pc.nic.frames() : board.emac.mac().tx_wire().frames();
    require_datagrams_accounted(sent, received + dropped + waiting, sender_frames,
                                fmt::format("{} sent, {} received, {} dropped ({}), {} in flight", sent, received,
                                            dropped, StatsRegistry::drops_text(drops), waiting));
    r.report += fmt::format("UDP: {} sent, {} received, {} dropped, {} still in the board at the end\n", sent,
                            received, dropped, waiting);
  }

  // What bounds the test, from the mechanisms that were busy or lost frames.
  // TCP's payload line rate: 1460 B of each 1538 on the wire, 1448 with timestamps (the tuned build).
  const double tcp_payload = p.s("lwip.options") == "tuned" ? 1448 : 1460;
  const double wire_pct = 100 * mbps / (tcp ? std::stod(p.s("emac.mbps")) * tcp_payload / 1538 : line_rate_mbps(p));
  const double tx_wait_pct = 100 * (sw.driver.tx_wait() - wait_before).to_seconds() / length.to_seconds();
  const auto [worst_drop, worst] = MeasurementWindow::worst(drops);
  const double restarts_per_s = double(sw.driver.tick_restarts() - restarts_before) / length.to_seconds();
  const uint64_t missed = drops.count("emac.rx_fifo.rx_missed") ? drops.at("emac.rx_fifo.rx_missed") : 0;
  if (wire_pct >= 95) r.limiting = fmt::format("wire ({} Mbit/s)", p.s("emac.mbps"));
  else if (board_rx && cpu < 90 && restarts_per_s >= 0.5 * os::RtThread::tick_hz(p))
    r.limiting = fmt::format("reception stalled until the next tick: {:.0f} stalls/s, {} frames missed (lost "
                             "interrupts; the tick's poll takes up to {} frames)", restarts_per_s, missed,
                             p.i("drv.rx_tick_frames"));
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
  else if (tcp && board_rx)
    r.limiting = fmt::format("TCP window ({} B) over the round trip", sw.options.stack.tcp_wnd);
  else if (tcp && sw.options.stack.tcp_snd_buf < pc.stack.window())
    r.limiting = fmt::format("TCP send buffer ({} B) over the round trip", sw.options.stack.tcp_snd_buf);
  else if (tcp) r.limiting = fmt::format("the PC's TCP window ({} B) over the round trip", pc.stack.window());
  else r.limiting = "sender";

  r.resources = window.resources();
  r.report += window.report("the test");
  r.report += fmt::format("receiver: {} B in the test, {} late, {} wrong; datagrams {} of {} sent\n", got.bytes,
                          got.late, got.wrong, received, sent);
  r.report += fmt::format("board iperf: {} datagrams sent, {} sends refused\n", board_app.sent_datagrams(), board_app.send_failures());
  r.report += fmt::format("board: {} EMAC interrupts, {} frames through the tcpip thread, Tx wait {:.1f} % of the test\n",
                          sw.driver.interrupts(), sw.tcpip.frames(), tx_wait_pct);
  r.report += fmt::format("board: {} ticks restarted a stalled reception ({} frames taken at the tick), {} frames "
                          "missed by the DMA (no descriptor)\n",
                          sw.driver.tick_restarts(), sw.driver.tick_frames(), missed);
  r.report += fmt::format("TCP segments with data: board {} ({} again), PC {} ({} again)\n", bc.tcp_segments_out,
                          bc.tcp_retransmits, pcc.tcp_segments_out, pcc.tcp_retransmits);
  run.finish_pc_run(r, drops, lib::ledger_report(window.ledger(), cpu / 100 * length.to_seconds(), frames_in_window,
                                                 "data frame", board.core.clock().hz()));
  return r;
}

}  // namespace ws
#endif
