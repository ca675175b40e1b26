// The AM261x study's iperf 2 tests: the PC on the CPSW's link, one TCP stream
// or UDP at the largest rate with at most iperf.loss_pct lost (the PC's
// offered rate searched over trials, then measured), what bounds it, and the
// report.
#ifdef WS_HAVE_LWIP
#include <fmt/format.h>
#include <functional>
#include "models/sim/invariants.hpp"
#include "platforms/am261x_lwip/am261x.hpp"
#include "platforms/am261x_lwip/am261x_software.hpp"
#include "platforms/common/measurement_window.hpp"
#include "platforms/common/pc_peer.hpp"
#include "workloads/apps/iperf.hpp"

namespace ws {

using namespace am261x;
using sc_core::sc_time;

namespace {

constexpr uint16_t kIperfPort = 5001;       // iperf 2 (lwiperf's LWIPERF_TCP_PORT_DEFAULT, the SDK's UDP server)
const sc_time kStart(5, sc_core::SC_MS);     // the board is up, ARP resolved
const sc_time kGap(5, sc_core::SC_MS);       // after a trial: what is in flight lands or is dropped
const sc_time kMs(1, sc_core::SC_MS);
const sc_time kForever(1000, sc_core::SC_SEC);

// UDP payload that fills a gigabit wire with datagrams of `bytes`.
double line_rate_mbps(double bytes) { return 1000 * bytes / (bytes + 8 + 20 + 14 + 4 + 20); }

// The PC: iperf 2.0.10 on Linux (assumed), its NIC throttled as Intel's driver does; Nagle on.
PcPeer::Config pc_config(const ParamTable& p) {
  ws_lwip_options o{};
  o.nagle = 1;
  o.initial_cwnd = 10 * 1460, o.initial_rto_ms = 1000;  // TCP_INIT_CWND, TCP_TIMEOUT_INIT
  return {ws_lwip_linux(), eth::local_mac(0x02, 2), kPcIp, kMask, o,
          eth::NicThrottle::Config::bindings().build(p, "pc.nic")};
}

}  // namespace

RunResult run_am261x_iperf(const ParamTable& p, const RunOptions& o) {
  RunContext run(o);
  Am261xBoard board("board", p, run);
  Am261xSoftware sw(p, board, run);
  PcPeer pc(pc_config(p), run);
  pc.plug([&board](eth::Frame* f) { board.cpsw.mac().receive(f); }, board.cpsw.mac().tx_wire());
  run.pcap("rgmii.pcap", {&board.cpsw.mac().tx_wire(), &pc.nic});

  const bool tcp = p.s("iperf.proto") == "tcp", board_rx = p.s("iperf.dir") == "rx";
  const bool search = !tcp && board_rx && p.r("iperf.udp_mbps") == 0;
  const auto bytes = uint16_t(p.i("iperf.datagram_bytes"));
  const sc_time length(p.r("iperf.seconds"), sc_core::SC_SEC), trial(p.r("iperf.trial_ms"), sc_core::SC_MS);
  const double line = line_rate_mbps(bytes);
  // The board's server counts what arrives for the whole run (the trials' figures are differences).
  apps::IperfConfig icfg{tcp, board_rx, kStart, board_rx && !tcp ? kForever : kStart + length,
                         board_rx ? (search ? line : p.r("iperf.udp_mbps")) : p.r("iperf.udp_mbps"), 1460, bytes,
                         kIperfPort, /*raw_api=*/tcp, /*send_retry=*/kMs};
  const apps::SpawnTask spawn = [&sw](const std::string& name, unsigned priority, std::function<os::Task()> body,
                                      const sc_time& at) { sw.rtos.task(name, priority, std::move(body), at); };
  // lwiperf runs in the tcpip thread's context; the SDK's UDP server is a task of its own.
  apps::IperfBoard board_app(icfg, sw.rtos.kernel(), spawn, sw.tcpip, sw.stack, sw.lwip,
                             tcp ? sw.options.tcpip_priority : unsigned(p.i("iperf.udp_priority")), kPcIp);
  apps::IperfConfig pcfg = icfg;
  pcfg.end = kStart + (search ? trial : length);
  pcfg.block_bytes = 128 * 1024;  // iperf 2's TCP writes (Settings.cpp: kDefault_TCPBufLen)
  apps::IperfPc pc_app(pcfg, pc.stack, run.sched, kBoardIp);
  pc_app.server_ready = [&board_app] { return board_app.listening(); };
  sw.boot();
  run.sched.at(kMs, [&] { pc.stack.arp_request(kBoardIp); });

  const apps::IperfTally& got = board_rx ? board_app.tally() : pc_app.tally();
  auto sent_count = [&] { return board_rx ? pc_app.sent_datagrams() : board_app.sent_datagrams(); };
  // UDP rx: the largest offered rate whose trial loses at most iperf.loss_pct, by bisection to 1 % of the line.
  double offered = icfg.udp_mbps;
  sc_time t = kStart;
  std::string searched;
  if (search) {
    double lo = 0, hi = line, rate = line;
    for (int k = 0; k < 12 && hi - lo > 0.01 * line; ++k) {
      const uint64_t sent0 = sent_count(), got0 = got.datagrams;
      if (k > 0) pc_app.next_trial(t, t + trial, rate);
      sc_core::sc_start(t + trial + kGap - sc_core::sc_time_stamp());
      const uint64_t sent = sent_count() - sent0, rcvd = got.datagrams - got0;
      const double loss = sent ? 100.0 * double(sent - std::min(sent, rcvd)) / double(sent) : 0;
      searched += fmt::format(" {:.1f}:{:.2f}%", rate, loss);
      (loss <= p.r("iperf.loss_pct") ? lo : hi) = rate;
      if (k == 0 && loss <= p.r("iperf.loss_pct")) break;  // the line itself passes
      rate = (lo + hi) / 2;
      t += trial + kGap;
    }
    offered = std::max(lo, 0.01 * line);
    t += trial + kGap;
    pc_app.next_trial(t, t + length, offered);
  }

  // The measured test.
  MeasurementWindow window(run.stats, [&] { return sw.drops(board_rx ? sw.stack : pc.stack); });
  window.track(sw.lwip.ledger());
  uint64_t sent0 = 0, got0 = 0, bytes0 = 0, frames0 = 0, hits0 = 0, misses0 = 0;
  double cpu = 0;
  // Frames lwIP output that have not reached the wire: the driver's queue and sending thread, and the DMA's.
  const auto in_board = [&]() -> uint64_t {
    return sw.driver.tx_pending() + (sw.driver.tx_queued() - board.cpsw.tx_frames());
  };
  const auto on_the_way = [&]() -> uint64_t {  // datagrams between the sender's count and the receiver's
    if (board_rx) return pc.nic.in_flight() + sw.rx_waiting();
    return in_board() + board.cpsw.mac().tx_wire().in_flight() + pc.stack.udp_waiting() + pc.throttle.held();
  };
  window.at_start([&] {
    sent0 = sent_count(), got0 = got.datagrams, bytes0 = got.bytes;
    frames0 = sw.tcpip.frames() + sw.stack.counters().tcp_segments_out + board_app.sent_datagrams();
    hits0 = board.flash.rl2_hits(), misses0 = board.flash.rl2_misses();
  });
  uint64_t frames_in_window = 0;
  const sc_time start = t;
  uint64_t dropped_before = 0;  // the search's drops: the window's start zeroes the hardware's counters
  run.sched.at(start, [&] {
    for (auto& [why, n] : sw.drops(board_rx ? sw.stack : pc.stack)) dropped_before += n;
    window.start();
  });
  run.sched.at(start + length, [&] {
    cpu = sw.rtos.cpu_load_pct(length);
    frames_in_window = sw.tcpip.frames() + sw.stack.counters().tcp_segments_out + board_app.sent_datagrams() - frames0;
    window.end(length);
  });
  sc_core::sc_start(start + length + kGap - sc_core::sc_time_stamp());
  for (int k = 0; !tcp && k < 200 && !(board.cpsw.idle() && sw.driver.tx_pending() == 0); ++k)
    sc_core::sc_start(kMs);
  sc_core::sc_start(kMs);  // the PC's last inputs

  const uint64_t sent = sent_count() - sent0, received = got.datagrams - got0;
  const uint64_t payload = board_rx && !tcp ? got.bytes - bytes0 : got.bytes;
  const double mbps = double(payload) * 8 / length.to_seconds() / 1e6;
  const double loss = !tcp && sent ? 100.0 * double(sent - std::min(sent, received)) / double(sent) : 0;
  const ws_lwip_counters bc = sw.stack.counters(), pcc = pc.stack.counters();
  const uint64_t retransmits = tcp ? (board_rx ? pcc : bc).tcp_retransmits : 0;
  const uint64_t fetched = board.flash.rl2_hits() + board.flash.rl2_misses() - hits0 - misses0;
  const double rl2_hit = fetched ? 100.0 * double(board.flash.rl2_hits() - hits0) / double(fetched) : 0;
  const auto drops = window.drops();
  RunResult r;
  r.metrics = {{"mbit_s", mbps},
               {"cpu_pct", cpu},
               {"loss_pct", loss},
               {"offered_mbit_s", tcp ? 0 : (offered > 0 ? offered : double(sent) * bytes * 8 / length.to_seconds() / 1e6)},
               {"retransmits", double(retransmits)},
               {"rl2_hit_pct", rl2_hit},
               {"wire_frames", double(board.cpsw.mac().tx_wire().frames() + pc.nic.frames())}};
  r.labels = {{"drops", StatsRegistry::drops_text(drops)}};
  r.integrity_errors = got.wrong;
  // Every datagram of the run (the search's trials and the test) is accounted
  // for, on its way at the end meaning on the link, in the board, in the PC's NIC or stack.
  if (!tcp) {
    uint64_t dropped = dropped_before;
    for (auto& [why, n] : drops) dropped += n;
    const uint64_t waiting = on_the_way(), all_sent = sent_count(), all_received = got.datagrams;
    const uint64_t sender_frames = board_rx ? pc.nic.frames() : board.cpsw.mac().tx_wire().frames() + in_board();
    require_datagrams_accounted(all_sent, all_received + dropped + waiting, sender_frames,
                                fmt::format("{} sent, {} received, {} dropped ({} before the test; in it {}), {} on the way",
                                            all_sent, all_received, dropped, dropped_before,
                                            StatsRegistry::drops_text(drops), waiting));
    r.report += fmt::format("UDP, the whole run: {} sent, {} received, {} dropped, {} still on the way at the end\n",
                            all_sent, all_received, dropped, waiting);
  }

  const double tcp_line = 1000.0 * 1460 / 1538;
  const double wire_pct = 100 * mbps / (tcp ? tcp_line : line);
  const auto [worst_drop, worst] = MeasurementWindow::worst(drops);
  if (wire_pct >= 95) r.limiting = "wire (1000 Mbit/s)";
  else if (cpu >= 90) r.limiting = "cpu (r5f)";
  else if (!tcp && worst > 0) r.limiting = fmt::format("receive path: drops at {}", worst_drop);
  else if (tcp && retransmits > 0) r.limiting = fmt::format("loss recovery: {} retransmits", retransmits);
  else if (tcp && board_rx)
    r.limiting = fmt::format("TCP window ({} B) over the round trip", sw.options.stack.tcp_wnd);
  else if (tcp) r.limiting = fmt::format("TCP send buffer ({} B) over the round trip", sw.options.stack.tcp_snd_buf);
  else r.limiting = "sender";

  r.resources = window.resources();
  r.report += window.report("the test");
  if (search) r.report += fmt::format("UDP rate search (offered Mbit/s: loss):{}; measured at {:.1f}\n", searched, offered);
  r.report += fmt::format("receiver: {} B in the test, {} wrong; datagrams {} of {} sent\n", payload, got.wrong,
                          received, sent);
  r.report += fmt::format("board: {} Rx and {} Tx interrupts (paced: reload {} and {} ticks), {} frames through "
                          "the tcpip thread\n", sw.driver.rx_interrupts(), sw.driver.tx_interrupts(),
                          board.cpsw.rx_pacer().reload(), board.cpsw.tx_pacer().reload(), sw.tcpip.frames());
  if (board.xip)
    r.report += fmt::format("code from the flash: {} lines from the RL2, {} from the OSPI ({:.0f} ns a line)\n",
                            board.flash.rl2_hits() - hits0, board.flash.rl2_misses() - misses0,
                            board.flash.line_read().to_seconds() * 1e9);
  run.finish_pc_run(r, drops, lib::ledger_report(window.ledger(), cpu / 100 * length.to_seconds(), frames_in_window,
                                                 tcp ? "segment" : "datagram", board.core.clock().hz()));
  return r;
}

}  // namespace ws
#endif
