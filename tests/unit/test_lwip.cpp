// The real lwIP (2.1.3, Debian's source) as independent instances in one
// process: the board's and the PC's stacks, each with its own options and
// state, move a TCP stream in order over a simulated gigabit link.
#ifdef WS_HAVE_LWIP
#include <gtest/gtest.h>
#include <systemc>
#include <map>
#include <string>
#include <vector>
#include "models/eth/ethernet.hpp"
#include "platforms/common/pc_peer.hpp"
#include "workloads/net/lwip_stack.hpp"

using namespace ws;
using sc_core::sc_time;
using sc_core::SC_US;

namespace {

uint8_t pattern(uint64_t i) { return uint8_t(i * 131 + (i >> 9)); }

// The board's stack and the PC's, each a host on its gigabit NIC, joined by a
// cable: frames serialised one after another and delivered to the other
// stack `latency` after their last bit, as events (never re-entering lwIP).
struct TwoHosts {
  TwoHosts(const ws_lwip_api* board_api, const ws_lwip_options& board_opt, const ws_lwip_api* pc_api,
           const ws_lwip_options& pc_opt, sc_time latency = sc_time(5, SC_US))
      : board({board_api, eth::local_mac(0x02, 1), 0x0A000002, 0xFFFFFF00, board_opt, eth::NicThrottle::Config::delay(latency), "board.tx"}, run),
        pc({pc_api, eth::local_mac(0x02, 2), 0x0A000001, 0xFFFFFF00, pc_opt, eth::NicThrottle::Config::delay(latency)}, run) {
    PcPeer::cable(board, pc);
  }
  RunContext run{RunOptions{}};
  PcPeer board, pc;
};

}  // namespace

TEST(Lwip, TwoInstancesWithTheirOwnOptionsMoveATcpStreamInOrder) {
  TwoHosts hosts(ws_lwip_board_tuned(), ws_lwip_options{8 * 1460, 8 * 1460, 64, 0, 0, 0, 0, 0, 0, 0, 0}, ws_lwip_pc(), {});
  Scheduler& sched = hosts.run.sched;
  net::LwipStack &board = hosts.board.stack, &pc = hosts.pc.stack;
  EXPECT_EQ(board.window(), 8u * 1460) << "the board's run-time option";
  EXPECT_EQ(pc.window(), 256u * 1024) << "the PC's, in the same process";

  constexpr uint64_t kBytes = 2 << 20;
  uint64_t got = 0, wrong = 0;
  sc_time done;
  // The application reads what is waiting, as a socket's recv() does, after lwIP's call returns.
  int board_sock = -1, pc_sock = -1;
  board.on_event = [&](int e, int socket) {
    if (e == WS_LWIP_CONNECTED) board_sock = socket;
    if (e != WS_LWIP_READABLE) return;
    sched.at(now(), [&] {
      uint8_t d[4096];
      while (uint32_t n = board.read(board_sock, d, sizeof d)) {
        for (size_t i = 0; i < n; ++i) wrong += d[i] != pattern(got + i);
        got += n;
        if (got == kBytes) done = now();
      }
    });
  };
  ASSERT_GE(board.listen(5001), 0);
  std::vector<uint8_t> chunk(64 * 1024);
  uint64_t sent = 0;
  auto pump = [&] {
    while (sent < kBytes) {
      const uint32_t n = uint32_t(std::min<uint64_t>(chunk.size(), kBytes - sent));
      for (uint32_t i = 0; i < n; ++i) chunk[i] = pattern(sent + i);
      const uint32_t took = pc.write(pc_sock, chunk.data(), n);
      if (took == 0) return;
      sent += took;
    }
  };
  pc.on_event = [&](int e, int) {
    if (e == WS_LWIP_CONNECTED || e == WS_LWIP_SENT) sched.at(now(), [&] { pump(); });
  };
  sched.at(sc_time(10, SC_US), [&] { ASSERT_GE(pc_sock = pc.connect(0x0A000002, 5001), 0); });
  sc_core::sc_start(sc_time(2, sc_core::SC_SEC));
  EXPECT_EQ(got, kBytes) << "every byte arrived";
  EXPECT_EQ(wrong, 0u) << "in order";
  // Window-bound: 8 x 1460 B per round trip of about 2 x (5 us + frame times).
  const double mbps = double(kBytes) * 8 / (done - sc_time(10, SC_US)).to_seconds() / 1e6;
  RecordProperty("mbps", std::to_string(mbps));
  EXPECT_GT(mbps, 100);
  EXPECT_LT(mbps, 1000) << "at most the wire";
  EXPECT_GT(pc.copied_bytes(), kBytes) << "the sender copies each payload byte into lwIP at least once";
  EXPECT_GT(board.checksummed_bytes(), kBytes) << "software checksums over every received byte";
  EXPECT_EQ(board.counters().rx_pool_empty + board.counters().rx_refused, 0u);
  EXPECT_EQ(pc.counters().tcp_retransmits, 0u) << "nothing lost, nothing sent twice";
  EXPECT_GT(pc.counters().tcp_segments_out, kBytes / 1460);
}

TEST(Lwip, AnInstanceServesOneStack) {
  Scheduler sched("sched");
  net::LwipStack board(ws_lwip_board_tuned(), sched, eth::local_mac(0x02, 1), 0x0A000002, 0xFFFFFF00);
  EXPECT_THROW(net::LwipStack(ws_lwip_board_tuned(), sched, eth::local_mac(0x02, 3), 0x0A000003, 0xFFFFFF00),
               std::logic_error);
}
#endif

#ifdef WS_HAVE_LWIP
// A Windows-like receiver acknowledging every tenth segment, its delayed ACK on
// a 100 ms tick: a sender with an 8 KB send buffer (six segments) waits for the
// timer every round, about 8192 B per 100 ms (0.66 Mbit/s): the arithmetic of
// TcpAckFrequency against a small buffer.
TEST(Lwip, AnAckEveryTenSegmentsStallsAnEightKilobyteSenderOnTheDelayedAckTimer) {
  TwoHosts hosts(ws_lwip_board_rtthread(), ws_lwip_options{8192, 8192, 16, 0, 0, 0, 0, 0, 0, 0, 0}, ws_lwip_windows(),
                 ws_lwip_options{0, 0, 0, 0, 0, 10, 1, 0, 0, 0, 0});
  Scheduler& sched = hosts.run.sched;
  net::LwipStack &board = hosts.board.stack, &pc = hosts.pc.stack;
  uint64_t got = 0;
  int pc_sock = -1, board_sock = -1;
  pc.on_event = [&](int e, int socket) {
    if (e == WS_LWIP_CONNECTED) pc_sock = socket;
    if (e == WS_LWIP_READABLE)
      sched.at(now(), [&] {
        uint8_t d[4096];
        while (uint32_t n = pc.read(pc_sock, d, sizeof d)) got += n;
      });
  };
  ASSERT_GE(pc.listen(5001), 0);
  std::vector<uint8_t> chunk(8192, 0x5A);
  auto pump = [&] {
    while (board.write(board_sock, chunk.data(), uint32_t(chunk.size())) > 0) {
    }
  };
  board.on_event = [&](int e, int) {
    if (e == WS_LWIP_CONNECTED || e == WS_LWIP_SENT) sched.at(now(), [&] { pump(); });
  };
  sched.at(sc_time(10, SC_US), [&] { ASSERT_GE(board_sock = board.connect(0x0A000001, 5001), 0); });
  uint64_t at_1s = 0;
  sched.at(sc_time(1, sc_core::SC_SEC), [&] { at_1s = got; });
  sc_core::sc_start(sc_time(5, sc_core::SC_SEC));
  const double mbps = double(got - at_1s) * 8 / 4.0 / 1e6;
  RecordProperty("mbps", std::to_string(mbps));
  EXPECT_GT(mbps, 0.55);
  EXPECT_LT(mbps, 0.75) << "one 8 KB round per 100 ms tick";
}
#endif

#ifdef WS_HAVE_LWIP
// Several TCP sockets in one instance (an FTP server's control and data
// connections): each accepted connection has its own id and its own bytes,
// and a peer's close reaches only its connection.
TEST(Lwip, ConnectionsOnTwoListenersKeepTheirOwnBytesAndCloses) {
  TwoHosts hosts(ws_lwip_board_tuned(), ws_lwip_options{8 * 1460, 8 * 1460, 64, 0, 0, 0, 0, 0, 0, 0, 0}, ws_lwip_pc(), {});
  Scheduler& sched = hosts.run.sched;
  net::LwipStack &board = hosts.board.stack, &pc = hosts.pc.stack;
  const int control = board.listen(21), data = board.listen(20001);
  ASSERT_GE(control, 0);
  ASSERT_GE(data, 0);
  EXPECT_NE(control, data);
  std::map<uint16_t, int> accepted;  // listening port -> connection id
  std::map<int, std::string> got;
  std::vector<int> closed;
  board.on_event = [&](int e, int s) {
    if (e == WS_LWIP_CONNECTED) accepted[board.local_port(s)] = s;
    if (e == WS_LWIP_CLOSED) closed.push_back(s);
    if (e == WS_LWIP_READABLE)
      sched.at(now(), [&, s] {
        uint8_t d[2048];
        while (uint32_t n = board.read(s, d, sizeof d)) got[s].append(reinterpret_cast<char*>(d), n);
      });
  };
  int c = -1, d = -1;
  const std::string bulk(100000, 'x');
  size_t bulk_sent = 0;
  pc.on_event = [&](int e, int s) {
    if (e == WS_LWIP_CONNECTED && s == c)
      sched.at(now(), [&] { pc.write(c, reinterpret_cast<const uint8_t*>("USER anonymous\r\n"), 16); });
    if ((e == WS_LWIP_CONNECTED || e == WS_LWIP_SENT) && s == d)
      sched.at(now(), [&] {
        while (bulk_sent < bulk.size())
          if (const uint32_t n = pc.write(d, reinterpret_cast<const uint8_t*>(bulk.data()) + bulk_sent,
                                          uint32_t(bulk.size() - bulk_sent)))
            bulk_sent += n;
          else
            return;
      });
  };
  // ARP first: lwIP keeps one packet per unresolved neighbour, and the first SYN would be replaced.
  sched.at(sc_time(1, SC_US), [&] { pc.arp_request(0x0A000002); });
  sched.at(sc_time(10, sc_core::SC_MS), [&] {
    c = pc.connect(0x0A000002, 21);
    d = pc.connect(0x0A000002, 20001);
  });
  sched.at(sc_time(500, sc_core::SC_MS), [&] { pc.close(d); });
  sc_core::sc_start(sc_time(1, sc_core::SC_SEC));
  ASSERT_EQ(accepted.size(), 2u);
  EXPECT_NE(accepted[21], accepted[20001]);
  EXPECT_EQ(got[accepted[21]], "USER anonymous\r\n");
  EXPECT_EQ(got[accepted[20001]], bulk);
  EXPECT_EQ(closed, std::vector<int>{accepted[20001]}) << "only the data connection closed";
  EXPECT_EQ(pc.counters().tcp_retransmits, 0u) << "two connections' sequences are counted apart";
}
#endif

#ifdef WS_HAVE_LWIP
// The ndk profile's send rule, as NDK's TcpOutput() has it: no Nagle (a write
// that empties the send buffer goes out at once, however short) and a
// congestion window that opens at TCP_MAXWIN. Sixteen 512 B writes into an
// 8 KB buffer are sixteen 512 B segments on the wire before any ACK is back;
// lwIP's own rules would coalesce them and send at most three segments' worth.
TEST(Lwip, TheNdkProfileSendsEachWriteAsItsOwnSegmentWithTheWholeWindowOpen) {
  TwoHosts hosts(ws_lwip_ndk(), ws_lwip_options{8192, 8192, 0, 0, 0, 0, 0, 65535, 0, 0, 0}, ws_lwip_windows(),
                 ws_lwip_options{65535, 65535, 0, 0, 1, 2, 2, 0, 0, 0, 0},
                 sc_time(1, sc_core::SC_MS));  // no ACK is back while the writes go out
  Scheduler& sched = hosts.run.sched;
  net::LwipStack &board = hosts.board.stack, &pc = hosts.pc.stack;
  std::vector<uint32_t> data_frames;  // lengths of the board's frames carrying 512 B of TCP data
  bool writing = false;
  hosts.board.on_send = [&](const uint8_t*, uint32_t len) {
    if (writing) data_frames.push_back(len);
  };
  ASSERT_GE(pc.listen(5001), 0);
  int sock = -1;
  board.on_event = [&](int e, int) {
    if (e != WS_LWIP_CONNECTED) return;
    sched.at(now(), [&] {
      const std::vector<uint8_t> chunk(512, 0x5A);
      writing = true;
      for (int k = 0; k < 16; ++k) EXPECT_EQ(board.write(sock, chunk.data(), 512), 512u) << "write " << k;
      writing = false;
    });
  };
  sched.at(sc_time(10, SC_US), [&] { ASSERT_GE(sock = board.connect(0x0A000001, 5001), 0); });
  sc_core::sc_start(sc_time(10, sc_core::SC_MS));
  EXPECT_EQ(data_frames, std::vector<uint32_t>(16, 14 + 20 + 20 + 512)) << "one 512 B segment per write";
}
#endif

#ifdef WS_HAVE_LWIP
// A UDP send goes by reference, as lwip_sendto's netbuf_ref does: lwIP copies
// none of the payload (the driver's copy is the only one). With checksum
// offload lwIP computes no checksum: the frame leaves with zeros for the NIC
// to fill in; without it lwIP checksums the datagram and the PC accepts it.
TEST(Lwip, UdpGoesByReferenceAndChecksumOffloadLeavesTheChecksumsToTheNic) {
  Scheduler sched("sched");
  ws_lwip_options offload{};
  offload.checksum_offload = 1;
  net::LwipStack board(ws_lwip_board_rtthread(), sched, eth::local_mac(0x02, 1), 0x0A000002, 0xFFFFFF00, offload);
  net::LwipStack pc(ws_lwip_linux(), sched, eth::local_mac(0x02, 2), 0x0A000001, 0xFFFFFF00);
  std::vector<std::vector<uint8_t>> out;
  board.output = [&](void* f, uint16_t) {
    uint8_t b[1600];
    const uint16_t n = board.tx_copy(f, b);
    board.tx_free(f);
    out.emplace_back(b, b + n);
  };
  pc.output = [&](void* f, uint16_t) {
    uint8_t b[1600];
    const uint16_t n = pc.tx_copy(f, b);
    pc.tx_free(f);
    std::vector<uint8_t> copy(b, b + n);
    sched.at(sc_time(1, SC_US), [&board, copy] { board.input(copy.data(), uint16_t(copy.size())); });
  };
  ASSERT_TRUE(pc.udp_bind(5001));
  ASSERT_TRUE(board.udp_connect(0x0A000001, 5001));
  pc.arp_request(0x0A000002);  // the board learns the PC's MAC from the request
  sc_core::sc_start(sc_time(10, SC_US));
  out.clear();
  std::vector<uint8_t> data(1472);
  for (size_t i = 0; i < data.size(); ++i) data[i] = pattern(i);
  const uint64_t copied = board.copied_bytes(), summed = board.checksummed_bytes();
  ASSERT_TRUE(board.udp_send(data.data(), uint16_t(data.size())));
  EXPECT_EQ(board.copied_bytes() - copied, 12u) << "no copy of the payload: only the two MAC addresses (etharp's SMEMCPY)";
  EXPECT_EQ(board.checksummed_bytes(), summed) << "offload: lwIP computes no checksum";
  ASSERT_EQ(out.size(), 1u);
  ASSERT_EQ(out[0].size(), 14u + 20 + 8 + 1472);
  EXPECT_EQ(out[0][14 + 10] | out[0][14 + 11], 0) << "IPv4 header checksum left to the NIC";
  EXPECT_EQ(out[0][34 + 6] | out[0][34 + 7], 0) << "UDP checksum left to the NIC";
  EXPECT_TRUE(std::equal(data.begin(), data.end(), out[0].begin() + 42));
}
#endif

#ifdef WS_HAVE_LWIP
// NDK's receiver (the stand-in's ndk_tcp): an in-order segment without PSH is
// not ACKed at once (lwIP would ACK every second one); the ACK rides the window
// update once 2 MSS are read, or the delayed-ACK timer; a segment with PSH is
// ACKed at once.
TEST(Lwip, TheNdkReceiverAcksAtOnceOnlyOnPushOrAWindowUpdate) {
  ws_lwip_options ndk{};
  ndk.tcp_wnd = ndk.tcp_snd_buf = 65535;
  ndk.ndk_tcp = 1;
  ndk.del_ack_ticks = 2;
  TwoHosts hosts(ws_lwip_ndk(), ndk, ws_lwip_linux(), {});
  Scheduler& sched = hosts.run.sched;
  net::LwipStack &board = hosts.board.stack, &pc = hosts.pc.stack;
  ASSERT_GE(board.listen(21), 0);
  int s = -1;
  sched.at(sc_time(10, SC_US), [&] { s = pc.connect(0x0A000002, 21); });
  sc_core::sc_start(sc_time(5, sc_core::SC_MS));
  ASSERT_GE(s, 0);
  const uint64_t acks_before = hosts.board.nic.frames();
  // Two full segments without PSH (the write's last segment carries it: write 3, the third is PSH).
  std::vector<uint8_t> data(3 * 1460);
  for (size_t i = 0; i < data.size(); ++i) data[i] = pattern(i);
  ASSERT_EQ(pc.write(s, data.data(), uint32_t(data.size())), data.size());
  sc_core::sc_start(sc_time(200, SC_US));  // the three segments are in, nothing read
  EXPECT_EQ(hosts.board.nic.frames() - acks_before, 1u) << "one ACK: for the PSH segment, none for the first two";
}
#endif

#ifdef WS_HAVE_LWIP
// RT-Thread's boards build lwIP with ETH_PAD_SIZE 2: a received frame starts
// two bytes into its pbuf, so its IP header, which lwIP reads as words (an
// unaligned word access to strongly ordered memory faults with the MMU off),
// sits on a word. The PC's stack has no padding word. (The streaming tests
// above carry every frame through the padded pbufs.)
TEST(Lwip, TheBoardsReceivedFramesPutTheirIpHeaderOnAWord) {
  Scheduler sched("sched");
  for (const bool board_profile : {true, false}) {
    net::LwipStack s(board_profile ? ws_lwip_board_rtthread() : ws_lwip_linux(), sched, eth::local_mac(0x02, 1),
                     0x0A000002, 0xFFFFFF00);
    uint8_t* data = nullptr;
    void* f = s.rx_alloc(1514, &data);
    ASSERT_NE(f, nullptr);
    const auto at = reinterpret_cast<uintptr_t>(data);
    if (board_profile) EXPECT_EQ((at + 14) % 4, 0u) << "the IP header on a word";
    else EXPECT_EQ(at % 4, 0u) << "the frame on a word";
    s.rx_free(f);
  }
}
#endif
