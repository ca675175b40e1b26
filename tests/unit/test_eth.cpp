// Ethernet framing: wire timing, a MAC as a drop gate, the Internet checksum against RFC vectors, the
// FCS, and header build/parse round trips.
#include <gtest/gtest.h>
#include <cstring>
#include <vector>
#include "models/eth/ethernet.hpp"
#include "models/eth/gigabit_mac.hpp"
#include "models/eth/headers.hpp"
#include "models/eth/inet_checksum.hpp"
#include "models/eth/wire.hpp"

using namespace ws::eth;

TEST(EthWire, SixtyFourByteLineRateIsExactly1488095Fps) {
  EXPECT_EQ(wire_bytes(64), 84u);
  EXPECT_EQ(static_cast<uint64_t>(line_rate_fps(64, 1e9)), 1488095u);
  EXPECT_EQ(static_cast<uint64_t>(line_rate_fps(1518, 1e9)), 81274u);
  EXPECT_EQ(wire_time(64, 1e9), sc_core::sc_time(672, sc_core::SC_NS));
  EXPECT_EQ(wire_bytes(40), 84u) << "short frames are padded to the minimum";
}

// A sender's next step at its frame's delivery instant runs in the delivery's
// callback, where two callbacks posted one after the other would have put it;
// at any other instant it is a callback of its own.
TEST(EthWire, ANextStepAtTheDeliveryInstantRunsInTheDeliverysCallbackInTheSameOrder) {
  using sc_core::sc_time;
  ws::Scheduler sched{"sched"};
  ws::StatsRegistry stats;
  FramePool pool;
  Wire w("w", 1e9, sched, stats);
  std::vector<std::string> order;
  w.connect([&](Frame* f) {
    order.push_back("deliver " + std::to_string(f->len));
    pool.put(f);
  });
  const sc_time end = wire_time(64, 1e9), later = end + wire_time(100, 1e9);
  sched.at(end, [&] { order.push_back("posted before"); });
  sched.at(sc_core::SC_ZERO_TIME, [&] {
    Frame* f = pool.get();
    f->len = 64;
    EXPECT_EQ(w.transmit_then(f, ws::now(), end, [&] { order.push_back("next at the delivery"); }), end);
    sched.at(end, [&] { order.push_back("posted after"); });
    Frame* g = pool.get();
    g->len = 100;
    w.transmit_then(g, ws::now(), later + sc_time(1, sc_core::SC_NS), [&] { order.push_back("next 1 ns later"); });
  });
  sc_core::sc_start();
  EXPECT_EQ(order, (std::vector<std::string>{"posted before", "deliver 64", "next at the delivery", "posted after",
                                             "deliver 100", "next 1 ns later"}));
  EXPECT_EQ(sched.dispatched(), 6u) << "the first frame's delivery and next step in one callback, the second's in two";
}

// A MAC whose DMA stopped draining tells a sender ahead that it drops every
// frame that does not fit its FIFO, counts such a frame as a full FIFO's drop,
// and calls the sender back once when the DMA drains again.
TEST(GigabitMacGate, DropsAllOnlyWhileFullAndNotDrainingAndOpensOnce) {
  ws::Scheduler sched{"sched"};
  ws::StatsRegistry stats;
  FramePool pool;
  GigabitMac mac("mac", {1e9, 1536}, sched, stats, pool);
  std::vector<Frame*> held;
  mac.on_receive([&](Frame* f) { held.push_back(f); });  // nothing released: the FIFO fills
  auto frame = [&](uint32_t len) {
    Frame* f = pool.get();
    seal(*f, len - kFcsBytes);
    return f;
  };
  mac.receive(frame(512));
  mac.receive(frame(512));
  mac.stop_draining();
  EXPECT_FALSE(mac.drops_all(512)) << "1024 of 1536 B held: a 512 B frame fits";
  mac.receive(frame(512));
  EXPECT_TRUE(mac.drops_all(512));
  EXPECT_TRUE(mac.drops_all(64));
  int opened = 0;
  mac.when_open([&] { ++opened; });
  mac.dropped(512);
  EXPECT_EQ(mac.rx_stats().drops.at("rx_fifo_full"), 1u);
  EXPECT_EQ(mac.rx_stats().queue_hw, 2048u) << "the dropped frame's depth, as receive() notes it";
  mac.resume_draining();
  EXPECT_EQ(opened, 1);
  EXPECT_FALSE(mac.drops_all(512)) << "a draining FIFO may take the frame by the time it arrives";
  mac.stop_draining();
  mac.resume_draining();
  EXPECT_EQ(opened, 1) << "the call back runs once";
  for (Frame* f : held) pool.put(f);
}

TEST(InetChecksum, Rfc1071Example) {
  const uint8_t b[] = {0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7};
  EXPECT_EQ(fold_sum(ones_sum(b, sizeof b)), 0xddf2);
  EXPECT_EQ(inet_checksum(b, sizeof b), 0x220d);
}

TEST(InetChecksum, KnownIpv4Header) {
  uint8_t h[] = {0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
                 0x00, 0x00, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7};
  EXPECT_EQ(inet_checksum(h, sizeof h), 0xb861);
  put16(h + 10, 0xb861);
  EXPECT_EQ(fold_sum(ones_sum(h, sizeof h)), 0xffff) << "a header with its checksum sums to all ones";
}

TEST(InetChecksum, Rfc1624IncrementalUpdate) {
  // RFC 1624 §4: m = 5555h becomes 3285h, HC = DD2Fh; the update gives 0000h.
  EXPECT_EQ(checksum_update(0xdd2f, 0x5555, 0x3285), 0x0000);
  uint8_t h[] = {0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
                 0x00, 0x00, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7};
  const uint16_t before = inet_checksum(h, sizeof h);
  put16(h + 8, 0x3f11);  // TTL 64 -> 63
  EXPECT_EQ(checksum_update(before, 0x4011, 0x3f11), inet_checksum(h, sizeof h));
}

TEST(Fcs, Crc32CheckValueAndAppend) {
  const char* s = "123456789";
  EXPECT_EQ(fcs(reinterpret_cast<const uint8_t*>(s), 9), 0xcbf43926u);
  std::vector<uint8_t> f(64);
  for (size_t i = 0; i < 60; ++i) f[i] = uint8_t(i * 3);
  EXPECT_EQ(append_fcs(f.data(), 60), 64u);
  EXPECT_TRUE(fcs_ok(f.data(), 64));
  f[10] ^= 1;
  EXPECT_FALSE(fcs_ok(f.data(), 64));
}

// A sealed frame's check is skipped, so the seal must not outlive the bytes it
// vouches for: a frame back from the pool is checked again.
TEST(Fcs, ASealOnlyVouchesForTheBytesItWasMadeOver) {
  FramePool pool;
  Frame* f = pool.get();
  for (size_t i = 0; i < 40; ++i) f->bytes[i] = uint8_t(i * 7);
  seal(*f, pad_to_minimum(f->bytes.data(), 40));
  EXPECT_EQ(f->len, 64u) << "padded to the minimum, then the FCS";
  EXPECT_TRUE(f->sealed);
  EXPECT_TRUE(fcs_ok(f->bytes.data(), f->len)) << "the seal's FCS is the real one";
  pool.put(f);
  Frame* again = pool.get();
  ASSERT_EQ(again, f) << "the pool hands the same frame out again";
  EXPECT_FALSE(again->sealed);
  again->bytes[10] ^= 1;  // new bytes under the old FCS
  EXPECT_FALSE(fcs_ok(*again)) << "a frame from the pool is checked";
  again->bytes[10] ^= 1;
  EXPECT_TRUE(fcs_ok(*again));
}

TEST(Headers, UdpRoundTripWithValidChecksums) {
  std::vector<uint8_t> b(128);
  const char payload[] = "wirespeed";
  std::memcpy(b.data() + kUdpPayloadOffset, payload, sizeof payload);
  UdpHeaders h;
  h.dst_mac = local_mac(1, 2);
  h.src_mac = local_mac(3, 4);
  h.src_ip = 0x0a000001;
  h.dst_ip = 0x0a00000a;
  h.src_port = 6000;
  h.dst_port = 5000;
  h.ip_id = 77;
  const size_t len = write_udp_headers(b.data(), h, sizeof payload);
  EXPECT_EQ(len, 60u) << "padded to the 60 B minimum before the FCS";
  ParsedUdp u;
  ASSERT_TRUE(parse_udp(b.data(), len, u));
  EXPECT_TRUE(u.ip_checksum_ok);
  EXPECT_TRUE(u.udp_checksum_ok);
  EXPECT_EQ(u.payload_len, sizeof payload);
  EXPECT_EQ(u.h.src_port, 6000);
  EXPECT_EQ(u.h.dst_port, 5000);
  EXPECT_EQ(u.h.dst_mac, h.dst_mac);
  b[kUdpPayloadOffset] ^= 0x40;  // corrupt the payload: the UDP checksum catches it
  ASSERT_TRUE(parse_udp(b.data(), len, u));
  EXPECT_TRUE(u.ip_checksum_ok);
  EXPECT_FALSE(u.udp_checksum_ok);
}

TEST(Headers, ZeroUdpChecksumMeansNone) {
  std::vector<uint8_t> b(128);
  UdpHeaders h;
  h.src_ip = 1;
  h.dst_ip = 2;
  const size_t len = write_udp_headers(b.data(), h, 30, false);
  ParsedUdp u;
  ASSERT_TRUE(parse_udp(b.data(), len, u));
  EXPECT_EQ(get16(b.data() + 40), 0);
  EXPECT_TRUE(u.udp_checksum_ok);
}

TEST(Headers, ArpRoundTripAndRejects) {
  std::vector<uint8_t> b(64);
  Arp a;
  a.op = 1;
  a.sender_mac = local_mac(9, 9);
  a.sender_ip = 0x0a000001;
  a.target_ip = 0x0a00000a;
  EXPECT_EQ(write_arp(b.data(), kBroadcast, a.sender_mac, a), 60u);
  Arp r;
  ASSERT_TRUE(parse_arp(b.data(), 60, r));
  EXPECT_EQ(r.sender_ip, a.sender_ip);
  EXPECT_EQ(r.target_ip, a.target_ip);
  EXPECT_EQ(r.sender_mac, a.sender_mac);
  ParsedUdp u;
  EXPECT_FALSE(parse_udp(b.data(), 60, u)) << "an ARP frame is not IPv4/UDP";
  EXPECT_FALSE(parse_arp(b.data(), 30, r)) << "too short";
}
