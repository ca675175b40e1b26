// The FTP study's transfer: the Windows PC on SGMII port 0, the transfer's
// window from the 150 reply to the 226, the client's figures, what bounds the
// transfer, and the report; a ping from the PC after it, whatever became of FTP.
#ifdef WS_HAVE_LWIP
#include <fmt/format.h>
#include "models/eth/tcp_rtt_probe.hpp"
#include "platforms/common/measurement_window.hpp"
#include "platforms/common/pc_peer.hpp"
#include "platforms/k2h/k2h.hpp"
#include "platforms/k2h/k2h_software.hpp"
#include "workloads/apps/ftp_client.hpp"

namespace ws {

using namespace k2h;
using sc_core::sc_time;

namespace {

const sc_time kStart(5, sc_core::SC_MS);  // the board is up, ARP resolved

// The Windows PC: its lwIP on its NIC, no simulated core.
PcPeer::Config pc_config(const ParamTable& p) {
  return {ws_lwip_windows(), eth::local_mac(0x02, 2), kPcIp, kMask,
          ws_lwip_options{65535, 65535, 0, 0, 1, uint32_t(p.i("pc.ack_frequency")), uint32_t(p.i("pc.del_ack_ticks")), 0, 0, 0, 0},
          eth::NicThrottle::Config::bindings().build(p, "pc.nic")};
}

}  // namespace

RunResult run_ftp(const ParamTable& p, const RunOptions& o) {
  RunContext run(o);
  K2hBoard board("board", p, run);
  const bool get = p.s("ftp.dir") == "get";
  const auto file_bytes = transfer_bytes(p);
  K2hSoftware sw(p, board, run);
  sw.boot();
  eth::TcpRttProbe probe(kPasvPort);  // at the sender: the board for get, the PC for put
  PcPeer pc(pc_config(p), run);
  if (get) {
    sw.netif.on_send = [&](const uint8_t* f, uint32_t len, const sc_time& at) { probe.outgoing(f, len, at); };
    sw.netif.on_receive = [&](const uint8_t* f, uint32_t len, const sc_time& at) { probe.incoming(f, len, at); };
  } else {
    pc.on_send = [&](const uint8_t* f, uint32_t len) { probe.outgoing(f, len, now()); };
    pc.on_input = [&](const uint8_t* f, uint32_t len) { probe.incoming(f, len, now()); };
  }
  pc.plug([&board](eth::Frame* f) { board.port_rx(f); }, board.port_tx);
  run.pcap("sgmii0.pcap", {&board.port_tx, &pc.nic});
  run.sched.at(sc_time(1, sc_core::SC_MS), [&] { pc.stack.arp_request(kBoardIp); });
  apps::FtpClient client({get, kFileName, file_bytes, kBoardIp, kStart, p.r("pc.file_mbytes_s") * 1e6}, pc.stack,
                         run.sched);

  // The transfer's window, from the 150 reply to the 226.
  MeasurementWindow window(run.stats, [&] {
    auto d = run.stats.drops_by_reason();
    for (auto& [why, n] : sw.netif.drops()) d[why] += n;
    return d;
  });
  window.track(sw.lwip.ledger());
  sc_time blocked_before;
  uint64_t retransmits_before = 0, segs_before = 0, segments = 0, emac_sends = 0, rtt_samples = 0;
  double load = 0, rtt = 0, emac_mean = 0, emac_min = 0, emac_max = 0;
  const auto data_segments = [&] { return get ? sw.stack.counters().tcp_segments_out : sw.scheduler.frames(); };
  const auto& sender = get ? sw.stack : pc.stack;
  window.at_start([&] {
    sw.netif.reset_counters();
    probe.reset();
    blocked_before = sw.sockets.send_blocked();
    segs_before = data_segments();
    retransmits_before = sender.counters().tcp_retransmits;
  });
  client.on_transfer_start = [&] { window.start(); };
  client.on_transfer_end = [&] {
    const sc_time length = client.transfer_end() - client.transfer_start();
    load = sw.rtos.load_pct(length);
    segments = data_segments() - segs_before;
    emac_sends = sw.netif.sends();
    emac_mean = sw.netif.mean_send_cycles(), emac_min = sw.netif.min_send_cycles(), emac_max = sw.netif.max_send_cycles();
    rtt = probe.mean_us(), rtt_samples = probe.samples();
    window.end(length);
  };
  const sc_time limit = kStart + sc_time(p.r("ftp.timeout_s"), sc_core::SC_SEC);
  while (!client.done() && sc_core::sc_time_stamp() < limit) sc_core::sc_start(sc_time(10, sc_core::SC_MS));
  sc_core::sc_start(sc_time(5, sc_core::SC_MS));  // the closes
  // The stack answers a ping from its scheduler task.
  pc.ping(eth::local_mac(0x02, 1), kBoardIp, sc_core::sc_time_stamp());
  sc_core::sc_start(sc_time(5, sc_core::SC_MS));

  // What the run can say.
  const sc_time length = window.length();
  std::string status = "ok";
  const bool finished = client.done() && client.failure().empty();
  const std::string ping = pc.echo_replies() ? "ping answered" : "ping not answered";
  if (!sw.server) status = "refused: the task stacks do not fit the heap (Task_create fails); " + ping;
  else if (sw.server->status() != "ok") status = sw.server->status() + "; " + ping;
  else if (!client.done()) status = fmt::format("incomplete: the transfer did not end within ftp.timeout_s ({} s)",
                                                p.r("ftp.timeout_s"));
  else if (!client.failure().empty()) status = "failed: " + client.failure();
  const bool ok = status == "ok" && finished;
  const uint64_t moved = get ? client.bytes() : sw.server ? sw.server->received_bytes() : 0;
  RunResult r;
  r.integrity_errors =
      ok ? (get ? client.wrong() : sw.server->received_wrong()) + (file_bytes - std::min(file_bytes, moved)) : 0;
  const double mbytes_s = ok && length > sc_core::SC_ZERO_TIME ? double(file_bytes) / length.to_seconds() / 1e6 : 0;
  const auto drops = window.drops();
  r.metrics = {{"mbytes_s", mbytes_s},
               {"a15_load_pct", ok ? load : 0},
               {"emacsend_cycles", ok ? emac_mean : 0},
               {"rtt_us", ok ? rtt : 0},
               {"refused", status.rfind("refused", 0) == 0 ? 1 : 0},
               {"wire_frames", double(board.port_tx.frames() + pc.nic.frames())}};
  r.labels = {{"status", status}, {"drops", StatsRegistry::drops_text(drops)}};

  // What bounds the transfer, from the mechanisms: the wire, the core, the
  // PC's file side, the PC's delayed-ACK timer, or the window over the round
  // trip (what a window of W bytes allows per RTT) when the transfer reaches
  // most of it.
  const double wire_pct = 100 * mbytes_s * 1e6 * 8 / (1e9 * 1460 / 1538);
  const double blocked_pct = ok ? 100 * (sw.sockets.send_blocked() - blocked_before).to_seconds() / length.to_seconds() : 0;
  const uint32_t wnd = get ? sw.options.tcp_snd_buf : sw.options.tcp_wnd;
  const double window_mbytes_s = rtt > 0 ? wnd / rtt : 0;  // B/us = MB/s
  const uint64_t retransmits = sender.counters().tcp_retransmits - retransmits_before;
  const auto [worst_drop, dropped] = MeasurementWindow::worst(drops);
  if (!ok) r.limiting = status;
  else if (wire_pct >= 95) r.limiting = "wire (1 Gbit/s)";
  else if (load >= 90) r.limiting = "cpu (a15)";
  else if (const double file = p.r("pc.file_mbytes_s");
           file > 0 && mbytes_s >= 0.9 * file && client.file_held() * 10 > length)  // held a tenth of it or more
    r.limiting = fmt::format("the PC's file side ({} MB/s): its FTP client {}; a15 {:.0f} % busy", file,
                             get ? "reads the data connection no faster than it writes the file, and its receive "
                                   "window closes"
                                 : "sends no faster than it reads the file",
                             load);
  else if (dropped > 0 && retransmits > 0)
    r.limiting = fmt::format("loss recovery: {} segments sent again after drops at {}; a15 {:.0f} % busy", retransmits,
                             worst_drop, load);
  else if (rtt > 50000) r.limiting = fmt::format("the PC's delayed-ACK timer: RTT {:.0f} us (TcpAckFrequency {}, "
                                                 "TcpDelAckTicks {})", rtt, p.i("pc.ack_frequency"), p.i("pc.del_ack_ticks"));
  else if (mbytes_s >= 0.75 * window_mbytes_s)
    r.limiting = fmt::format("{} ({} B) over the RTT ({:.0f} us): {:.1f} MB/s at most; a15 {:.0f} % busy",
                             get ? "TCP send buffer" : "receive window", wnd, rtt, window_mbytes_s, load);
  else if (get && blocked_pct > 20)
    r.limiting = fmt::format("the ACK clock: send() blocked {:.0f} % of the transfer (slow start, the PC's "
                             "delayed ACKs); a15 {:.0f} % busy", blocked_pct, load);
  else r.limiting = fmt::format("the board's path per segment: a15 {:.0f} % busy, RTT {:.0f} us", load, rtt);

  r.resources = window.resources();
  r.report += window.report("the transfer");
  r.report += fmt::format("status: {}\nping from the PC after the transfer: {}\n", status, ping);
  r.report += fmt::format("transfer: {} of {} B in {:.3f} ms ({:.2f} MB/s), replies", moved, file_bytes,
                          length.to_seconds() * 1e3, mbytes_s);
  for (int c : client.replies()) r.report += fmt::format(" {}", c);
  r.report += fmt::format("\nEmacSend: {} calls, mean {:.0f} cycles (min {:.0f}, max {:.0f}); send() blocked {:.1f} %\n",
                          emac_sends, emac_mean, emac_min, emac_max, blocked_pct);
  r.report += fmt::format("TCP: {} data segments sent again by the sender during the transfer\n", retransmits);
  r.report += fmt::format("RTT (a data segment's hand-off to its driver to its ACK's, at the sender): {:.1f} us over {} samples\n", rtt,
                          rtt_samples);
  r.report += fmt::format("heap: {} B, {} B free, largest block {} B; {} allocations failed\n", sw.heap.size(),
                          sw.heap.free_bytes(), sw.heap.largest_free(), sw.sockets.failures());
  r.report += fmt::format("Rx: {} accumulator interrupts, {} packets\n", sw.netif.interrupts(), sw.netif.rx_packets());
  run.finish_pc_run(r, drops, lib::ledger_report(window.ledger(), load / 100 * length.to_seconds(), segments,
                                                 "data segment", board.core.clock().hz()));
  return r;
}

}  // namespace ws
#endif
