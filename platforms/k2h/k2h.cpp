#include "platforms/k2h/k2h.hpp"

#include <fmt/format.h>
#include <filesystem>
#include <memory>
#include "models/eth/headers.hpp"
#include "models/eth/inet_checksum.hpp"
#include "models/eth/pcap_writer.hpp"
#include "models/eth/tcp_rtt_probe.hpp"
#include "models/sim/scheduler.hpp"
#include "platforms/k2h/k2h_board.hpp"
#include "workloads/os/tirtos/heap_mem.hpp"
#include "workloads/os/tirtos/tirtos.hpp"
#ifdef WS_HAVE_LWIP
#include "workloads/apps/ftp_client.hpp"
#include "workloads/apps/ftp_server.hpp"
#include "workloads/lib/cycle_ledger.hpp"
#include "workloads/net/ndk_sockets.hpp"
#include "workloads/net/nimu_netif.hpp"
#endif

namespace ws {

using namespace k2h;
using sc_core::sc_time;

namespace {

#ifdef WS_HAVE_LWIP
constexpr uint32_t kBoardIp = 0xC0A80102, kPcIp = 0xC0A80101, kMask = 0xFFFFFF00;  // 192.168.1.x
constexpr uint16_t kPasvPort = 1025;
const char* kFileName = "test.bin";
const sc_time kStart(5, sc_core::SC_MS);  // the board is up, ARP resolved

// An ICMP echo request from the PC to the board (Windows' ping: 32 B of data).
std::vector<uint8_t> echo_request(const eth::MacAddr& dst, const eth::MacAddr& src, uint32_t from, uint32_t to) {
  std::vector<uint8_t> f(14 + 20 + 8 + 32, 0);
  std::copy(dst.begin(), dst.end(), f.begin());
  std::copy(src.begin(), src.end(), f.begin() + 6);
  eth::put16(&f[12], 0x0800);
  uint8_t* ip = &f[14];
  ip[0] = 0x45;
  eth::put16(ip + 2, uint16_t(f.size() - 14));
  ip[8] = 128;
  ip[9] = 1;  // ICMP
  eth::put32(ip + 12, from);
  eth::put32(ip + 16, to);
  eth::put16(ip + 10, eth::inet_checksum(ip, 20));
  uint8_t* icmp = ip + 20;
  icmp[0] = 8;  // echo request
  eth::put16(icmp + 4, 1);
  eth::put16(icmp + 6, 1);
  for (int i = 0; i < 32; ++i) icmp[8 + i] = uint8_t('a' + i % 23);
  eth::put16(icmp + 2, eth::inet_checksum(icmp, 40));
  return f;
}

bool is_echo_reply(const uint8_t* f, uint32_t len) {
  return len >= 42 && eth::get16(f + 12) == 0x0800 && f[23] == 1 && f[14 + (f[14] & 0xF) * 4] == 0;
}

// One frame's bytes onto a wire, as a NIC sends them.
eth::Frame* frame_of(eth::FramePool& pool, const uint8_t* bytes, uint32_t len) {
  eth::Frame* f = pool.get();
  std::copy(bytes, bytes + len, f->bytes.begin());
  f->len = uint32_t(eth::pad_and_append_fcs(f->bytes.data(), len));
  return f;
}

RunResult run_ftp(const ParamTable& p, const RunOptions& o) {
  StatsRegistry stats;
  TraceWriter trace(o.trace_path);
  Scheduler sched("sched");
  eth::FramePool pool;
  K2hBoard board("board", p, sched, stats, &trace);
  const bool get = p.s("ftp.dir") == "get";
  // Path lengths are given at -O3; -Og scales the code built with the application (the FTP server),
  // not the SDK's prebuilt NDK and NIMU libraries.
  const double opt = p.s("sw.opt") == "Og" ? p.r("sw.og_factor") : 1.0;
  const auto file_bytes = uint64_t(p.r("ftp.file_mbytes") * 1e6);

  os::TiRtos rtos(board.core, stats, os::KernelCosts::from(p, "tirtos"), sc_time(1, sc_core::SC_MS));
  os::HeapMem heap(kHeap, uint64_t(p.i("rtos.heap_bytes")));
  const bool tasks_fit = p.i("rtos.boot_heap_bytes") == 0 || heap.alloc(uint64_t(p.i("rtos.boot_heap_bytes"))) != 0;

  // The stand-in for NDK's TCP: buffer sizes as NDK's, at most what a 16-bit window holds. No Nagle: NDK's
  // TcpOutput() sends whatever empties the send buffer at once (tcpout.c, "Send if we're emptying out the send
  // buffer and NOPUSH is not set"), so each send() that fits the window is its own segment. The congestion
  // window opens at TCP_MAXWIN (TcpPrAttach(): snd_cwnd = TCP_MAXWIN): no slow start until a timeout.
  const auto tx_buf = uint32_t(p.i("ndk.tcp_tx_buf")), rx_buf = uint32_t(p.i("ndk.tcp_rx_buf")),
             rx_limit = uint32_t(p.i("ndk.tcp_rx_limit"));
  // NDK: Nagle off, the congestion window opening at TCP_MAXWIN (tcpprot.c), a 6 s first timeout
  // (TCPTV_RTTDFLT: tcpprot.c), its receiver's ACK rule and its loss recovery (docs/k2h.md).
  ws_lwip_options ndk_opt{std::min(rx_limit, 65535u), std::min(tx_buf, 65535u), 0, 0, 0, 0, 0, 65535};
  ndk_opt.del_ack_ticks = 2;  // NDK's 100 ms delayed-ACK tick on the profile's 50 ms fast timer
  ndk_opt.initial_rto_ms = 6000;
  ndk_opt.ndk_tcp = 1;
  net::LwipStack stack(ws_lwip_ndk(), sched, eth::local_mac(0x02, 1), kBoardIp, kMask, ndk_opt);
  net::LwipOnCore lwip(stack, board.core, lib::Memcpy::Libc, kLwipWindow, net::LwipCallCosts::from(p, "ndk"), "NDK");
  net::TcpipThread scheduler(
      rtos.kernel(),
      [&](std::function<os::Task()> body) { rtos.task("NetScheduler", unsigned(p.i("ndk.scheduler_priority")), std::move(body)); },
      stack, lwip, unsigned(p.i("nimu.rx_descs")), board.gic, kTimeoutSource, kTimeoutLine, true);
  const drivers::NimuDriver::Config ncfg{kQm,
                                         kTxQueue,
                                         kTxFree,
                                         kTxReturn,
                                         p.s("nimu.tx_recycle") == "per_send",
                                         p.r("nimu.send_instructions"),
                                         p.r("nimu.recycle_instructions"),
                                         kRxFree,
                                         p.r("nimu.rx_isr_instructions"),
                                         p.r("nimu.rx_packet_instructions")};
  drivers::NimuDriver nimu(ncfg, board.core);
  net::NimuNetif netif({unsigned(p.i("nimu.rx_descs")), unsigned(p.i("nimu.tx_descs")), kDescs, kPbm, kRxFree, kTxFree},
                       nimu, board.qm, board.acc, rtos.kernel(), kAccLine, stack, lwip, scheduler);
  net::NdkSockets sockets({tx_buf, rx_buf, rx_limit, uint32_t(p.i("ndk.socket_object_bytes"))}, heap, rtos.kernel(),
                          scheduler, stack, lwip);
  const apps::FtpServerConfig scfg{kBoardIp,
                                   kPasvPort,
                                   kFileName,
                                   get ? file_bytes : 0,
                                   kFile,
                                   uint32_t(p.i("ftp.send_bytes")),
                                   p.s("ftp.task_yield") == "on",
                                   p.r("ftp.loop_instructions") * opt,
                                   p.r("ftp.command_instructions") * opt};
  std::unique_ptr<apps::FtpServer> server;
  if (tasks_fit) server = std::make_unique<apps::FtpServer>(scfg, rtos, sockets, lwip, unsigned(p.i("ftp.task_priority")));
  rtos.kernel().boot(0, [&]() -> os::Task {
    netif.init();
    co_return;
  }, "init", sc_core::SC_ZERO_TIME);

  // NETCP: the packet DMA between the queues and SGMII port 0, through the switch.
  const sc_time hop(p.r("netcp.switch_latency_ns"), sc_core::SC_NS);
  const unsigned flow = board.pktdma.add_rx_flow(kRxFree, kRxQueue);
  board.pktdma.add_tx_channel(kTxQueue, [&](const uint8_t* bytes, uint32_t len, const sc_time& ready) {
    eth::Frame* f = frame_of(pool, bytes, len);
    const sc_time on_wire = board.port_tx.duration(*f);
    const sc_time end = board.port_tx.transmit(f, ready + hop);
    return nav::PacketDma::Departure{end - on_wire, end};
  });
  eth::TcpRttProbe probe(kPasvPort);  // at the sender: the board for get, the PC for put
  if (get) {
    netif.on_send = [&](const uint8_t* f, uint32_t len, const sc_time& at) { probe.outgoing(f, len, at); };
    netif.on_receive = [&](const uint8_t* f, uint32_t len, const sc_time& at) { probe.incoming(f, len, at); };
  }

  // The Windows PC: its lwIP on its NIC, no simulated core.
  const ws_lwip_options pc_opt{65535, 65535, 0, 0, 1, uint32_t(p.i("pc.ack_frequency")), uint32_t(p.i("pc.del_ack_ticks")), 0};
  net::LwipStack pc(ws_lwip_windows(), sched, eth::local_mac(0x02, 2), kPcIp, kMask, pc_opt);
  pc.output = [&](void* frame, uint16_t) {
    uint8_t bytes[1600];
    const uint16_t len = pc.tx_copy(frame, bytes);
    pc.tx_free(frame);
    if (!get) probe.outgoing(bytes, len, now());
    board.pc_tx.transmit(frame_of(pool, bytes, len), now());
  };
  const sc_time pc_delay(p.r("pc.rx_delay_us"), sc_core::SC_US);
  unsigned echo_replies = 0;
  board.port_tx.connect([&](eth::Frame* f) {
    const uint32_t len = f->len - eth::kFcsBytes;
    echo_replies += is_echo_reply(f->bytes.data(), len);
    std::vector<uint8_t> bytes(f->bytes.begin(), f->bytes.begin() + len);
    pool.put(f);
    sched.after(pc_delay, [&, bytes = std::move(bytes)] {
      if (!get) probe.incoming(bytes.data(), uint32_t(bytes.size()), now());
      pc.input(bytes.data(), uint16_t(bytes.size()));
    });
  });
  board.pc_tx.connect([&](eth::Frame* f) {
    const uint32_t len = f->len - eth::kFcsBytes;
    std::vector<uint8_t> bytes(f->bytes.begin(), f->bytes.begin() + len);
    pool.put(f);
    sched.after(hop, [&board, flow, bytes = std::move(bytes)] {
      board.pktdma.receive(flow, bytes.data(), uint32_t(bytes.size()));
    });
  });
  std::vector<std::unique_ptr<eth::PcapWriter>> pcaps;
  if (!o.pcap_dir.empty()) {
    std::filesystem::create_directories(o.pcap_dir);
    pcaps.push_back(std::make_unique<eth::PcapWriter>(o.pcap_dir + "/sgmii0.pcap"));
    board.port_tx.tap(pcaps.back().get());
    board.pc_tx.tap(pcaps.back().get());
  }
  sched.at(sc_time(1, sc_core::SC_MS), [&] { pc.arp_request(kBoardIp); });

  apps::FtpClient client({get, kFileName, file_bytes, kBoardIp, kStart}, pc, sched);
  // The transfer's window, from the 150 reply to the 226: statistics over it.
  sc_time blocked_before, window;
  uint64_t retransmits_before = 0;
  double load = 0;
  std::vector<ResourceUse> used;
  std::string report;
  std::map<std::string, sc_time> ledger;
  uint64_t segs_before = 0, segments = 0, emac_sends = 0;
  double emac_mean = 0, emac_min = 0, emac_max = 0, rtt = 0;
  uint64_t rtt_samples = 0;
  const auto data_segments = [&] { return get ? stack.counters().tcp_segments_out : scheduler.frames(); };
  client.on_transfer_start = [&] {
    stats.reset();
    netif.reset_counters();
    probe.reset();
    lwip.clear_ledger();
    blocked_before = sockets.send_blocked();
    segs_before = data_segments();
    retransmits_before = (get ? stack.counters() : pc.counters()).tcp_retransmits;
  };
  client.on_transfer_end = [&] {
    window = client.transfer_end() - client.transfer_start();
    load = rtos.load_pct(window);
    used = stats.usage(window);
    report = stats.bottleneck_report(window) + "CPU load over the transfer:\n" + stats.cpu_report(window);
    ledger = lwip.ledger();
    segments = data_segments() - segs_before;
    emac_sends = netif.sends();
    emac_mean = netif.mean_send_cycles(), emac_min = netif.min_send_cycles(), emac_max = netif.max_send_cycles();
    rtt = probe.mean_us(), rtt_samples = probe.samples();
  };
  const sc_time limit = kStart + sc_time(p.r("ftp.timeout_s"), sc_core::SC_SEC);
  while (!client.done() && sc_core::sc_time_stamp() < limit) sc_core::sc_start(sc_time(10, sc_core::SC_MS));
  sc_core::sc_start(sc_time(5, sc_core::SC_MS));  // the closes
  // A ping from the PC, whatever became of FTP: the stack answers it from the scheduler task.
  {
    const auto ping = echo_request(eth::local_mac(0x02, 1), eth::local_mac(0x02, 2), kPcIp, kBoardIp);
    board.pc_tx.transmit(frame_of(pool, ping.data(), uint32_t(ping.size())), sc_core::sc_time_stamp());
    sc_core::sc_start(sc_time(5, sc_core::SC_MS));
  }

  // What the run can say.
  RunResult r;
  std::string status = "ok";
  const bool finished = client.done() && client.failure().empty();
  const std::string ping = echo_replies ? "ping answered" : "ping not answered";
  if (!server) status = "refused: the task stacks do not fit the heap (Task_create fails); " + ping;
  else if (server->status() != "ok") status = server->status() + "; " + ping;
  else if (!client.done()) status = fmt::format("incomplete: the transfer did not end within ftp.timeout_s ({} s)",
                                                p.r("ftp.timeout_s"));
  else if (!client.failure().empty()) status = "failed: " + client.failure();
  const bool ok = status == "ok" && finished;
  const uint64_t moved = get ? client.bytes() : server ? server->received_bytes() : 0;
  r.integrity_errors = ok ? (get ? client.wrong() : server->received_wrong()) + (file_bytes - std::min(file_bytes, moved)) : 0;
  const double mbytes_s = ok && window > sc_core::SC_ZERO_TIME ? double(file_bytes) / window.to_seconds() / 1e6 : 0;
  std::map<std::string, uint64_t> drops = stats.drops_by_reason();
  for (auto& [why, n] : netif.drops()) drops[why] += n;
  r.metrics = {{"mbytes_s", mbytes_s},
               {"a15_load_pct", ok ? load : 0},
               {"emacsend_cycles", ok ? emac_mean : 0},
               {"rtt_us", ok ? rtt : 0},
               {"refused", status.rfind("refused", 0) == 0 ? 1 : 0},
               {"wire_frames", double(board.port_tx.frames() + board.pc_tx.frames())}};
  r.labels = {{"status", status}, {"drops", StatsRegistry::drops_text(drops)}};

  // What bounds the transfer, from the mechanisms: the wire, the core, the
  // PC's delayed-ACK timer, or the window over the round trip (what a window
  // of W bytes allows per RTT) when the transfer reaches most of it.
  const double wire_pct = 100 * mbytes_s * 1e6 * 8 / (1e9 * 1460 / 1538);
  const double blocked_pct = ok ? 100 * (sockets.send_blocked() - blocked_before).to_seconds() / window.to_seconds() : 0;
  const uint32_t wnd = get ? std::min(tx_buf, 65535u) : std::min(rx_limit, 65535u);
  const double window_mbytes_s = rtt > 0 ? wnd / rtt : 0;  // B/us = MB/s
  const uint64_t retransmits = (get ? stack.counters() : pc.counters()).tcp_retransmits - retransmits_before;
  uint64_t dropped = 0;
  std::string worst_drop;
  for (auto& [why, n] : drops)
    if (n > dropped) dropped = n, worst_drop = why;
  if (!ok) r.limiting = status;
  else if (wire_pct >= 95) r.limiting = "wire (1 Gbit/s)";
  else if (load >= 90) r.limiting = "cpu (a15)";
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

  r.resources = used;
  r.report += report;
  r.report += fmt::format("status: {}\nping from the PC after the transfer: {}\n", status, ping);
  r.report += fmt::format("transfer: {} of {} B in {:.3f} ms ({:.2f} MB/s), replies", moved, file_bytes,
                          window.to_seconds() * 1e3, mbytes_s);
  for (int c : client.replies()) r.report += fmt::format(" {}", c);
  r.report += fmt::format("\nEmacSend: {} calls, mean {:.0f} cycles (min {:.0f}, max {:.0f}); send() blocked {:.1f} %\n",
                          emac_sends, emac_mean, emac_min, emac_max, blocked_pct);
  r.report += fmt::format("TCP: {} data segments sent again by the sender during the transfer\n", retransmits);
  r.report += fmt::format("RTT (a data segment's hand-off to its driver to its ACK's, at the sender): {:.1f} us over {} samples\n", rtt,
                          rtt_samples);
  r.report += fmt::format("heap: {} B, {} B free, largest block {} B; {} allocations failed\n", heap.size(),
                          heap.free_bytes(), heap.largest_free(), sockets.failures());
  r.report += fmt::format("Rx: {} accumulator interrupts, {} packets\n", netif.interrupts(), netif.rx_packets());
  r.report += "drops: " + StatsRegistry::drops_text(drops) + "\n";
  r.report += lib::ledger_report(ledger, load / 100 * window.to_seconds(), segments, "data segment", board.core.clock().hz());
  r.report += "limiting: " + r.limiting + "\n";
  r.simulated_s = sc_core::sc_time_stamp().to_seconds();
  r.work_units = r.metrics.back().second;
  r.work_unit = "wire frames";
  if (trace.enabled()) trace.flush();
  return r;
}
#endif

}  // namespace

void check_k2h_params(const ParamTable& p) {
  p.require_power_of_two({"a15.l1d_kb", "a15.l1i_kb"}, "8, 16, 32, 64 KB");
  Cpu::check_cache_params(p, "a15");
  p.require_power_of_two({"a15.l2_kb"}, "512, 1024, 2048, 4096 KB");
  if (uint64_t(p.i("nimu.rx_descs") + 2 * p.i("nimu.tx_descs")) * 1536 > 0x0500'0000 ||
      uint64_t(p.i("nimu.rx_descs") + p.i("nimu.tx_descs")) * 64 > 0x10000)
    throw InputError(fmt::format("{}: keys 'nimu.rx_descs', 'nimu.tx_descs': {} + {} descriptors do not fit the "
                                 "descriptor region (valid: rx + tx <= 1024)", p.origin({"nimu.rx_descs", "nimu.tx_descs"}),
                                 p.i("nimu.rx_descs"), p.i("nimu.tx_descs")));
#ifndef WS_HAVE_LWIP
  throw InputError("workload ftp: this build has no lwIP (scripts/fetch_lwip.sh, then rebuild)");
#endif
}

std::vector<Column> k2h_columns() {
  return {{"mbytes_s", "MB/s", "file bytes (10^6) per second from the 150 reply to the 226, as the FTP client prints"},
          {"a15_load_pct", "%", "TI-RTOS Load over the transfer (100 - idle)"},
          {"emacsend_cycles", "cycles", "mean A15 cycles per EmacSend() call over the transfer (NIMU's TIMING)"},
          {"rtt_us", "us", "mean time from the sender's stack handing a data segment down to its ACK coming up (the sender's RTT estimate)"},
          {"refused", "-", "1: the FTP connection was refused (socket()/accept() ENOMEM), 0: not"},
          {"wire_frames", "frames", "frames that crossed the cable (host-speed unit)"},
          {"status", "-", "ok, or why the connection was refused or the transfer did not complete"},
          {"drops", "-", "frames lost, as place.reason=count (packet DMA, NIMU, NDK)"}};
}

Platform k2h_platform() {
  return Platform{"k2h",
                  "66AK2H Cortex-A15 1 GHz, TI-RTOS, an NDK-like stack (lwIP 2.1.3 with NDK's profile), the NIMU "
                  "driver on the Multicore Navigator; FTP get/put against a Windows PC over SGMII port 0",
                  {"ftp"},
                  declare_k2h_params,
                  check_k2h_params,
                  run_k2h,
                  true,
                  k2h_columns()};
}

RunResult run_k2h(const ParamTable& p, const RunOptions& o) {
#ifdef WS_HAVE_LWIP
  return run_ftp(p, o);
#else
  (void)p, (void)o;
  throw InputError("workload ftp: this build has no lwIP (scripts/fetch_lwip.sh, then rebuild)");
#endif
}

}  // namespace ws
