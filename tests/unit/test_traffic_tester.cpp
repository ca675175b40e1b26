// The tester's routed streams: frames sent on one port come back on the other
// through a router; a router that forwards (MACs rewritten, TTL one lower,
// checksum updated) has every frame counted received; one that leaves the TTL
// or the source MAC as it was has each frame counted invalid by that reason.
#include <gtest/gtest.h>
#include <systemc>
#include <utility>
#include "models/eth/headers.hpp"
#include "models/eth/inet_checksum.hpp"
#include "models/tester/traffic_tester.hpp"
#include "workloads/net/ipv4_forward.hpp"

using namespace ws;
using sc_core::sc_time;
using sc_core::SC_US;

namespace {
const eth::MacAddr kT0 = eth::local_mac(0x54, 0), kT1 = eth::local_mac(0x54, 1);  // tester ports
const eth::MacAddr kR0 = eth::local_mac(0x02, 1), kR1 = eth::local_mac(0x02, 2);  // the router's ports
constexpr uint32_t kIp0 = 0x0A000002, kIp1 = 0x0A010002, kMask = 0xFFFF0000;

// KeepTtl, KeepSourceMac: a router that does not forward right. Swap: one that
// sends each pair of frames back in the other order. Twice: one that sends the
// first of each pair back twice and loses the second.
enum class Fault { None, KeepTtl, KeepSourceMac, Swap, Twice };

// A tester of two ports, one stream each, routed to the other port through a
// router of ports kR0 and kR1; 64 B frames with UDP checksums.
struct TwoPortTester {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  eth::FramePool pool;
  tester::TrafficTester t{"tester", {1e9, 64, 0, true}, {{kT0, kIp0}, {kT1, kIp1}},
                          {{0, kR0, kIp1, 7000, 5000, true, 1, kR1}, {1, kR1, kIp0, 7001, 5001, true, 0, kR0}}, sched,
                          stats, pool};
};

// Two tester ports through a router, streams both ways; returns the trial's result.
tester::TrialResult run(Fault fault) {
  TwoPortTester bench;
  tester::TrafficTester& t = bench.t;
  const net::Ipv4Forwarder fw({{kIp0 & kMask, kMask, 0, kT0}, {kIp1 & kMask, kMask, 1, kT1}}, {kR0, kR1}, true);
  eth::Frame* held[2] = {nullptr, nullptr};  // Swap: the first of a pair, by out port
  eth::Frame* last[2] = {nullptr, nullptr};  // Twice: a copy of the first of a pair, by out port
  bool twice[2] = {false, false};            // Twice: the frame is the first of a pair
  for (unsigned in = 0; in < 2; ++in)
    t.tx_wire(in).connect([&, in](eth::Frame* f) {
      const uint8_t ttl = f->bytes[22];
      const eth::MacAddr src{f->bytes[6], f->bytes[7], f->bytes[8], f->bytes[9], f->bytes[10], f->bytes[11]};
      unsigned out = 0;
      ASSERT_EQ(fw.forward(f->bytes.data(), f->len - eth::kFcsBytes, in, out), net::FwdVerdict::Forward);
      if (fault == Fault::KeepTtl) {  // restore the TTL and its checksum: the frame stays valid but for the TTL
        eth::put16(&f->bytes[24], eth::checksum_update(eth::get16(&f->bytes[24]), eth::get16(&f->bytes[22]),
                                                        uint16_t(ttl << 8 | f->bytes[23])));
        f->bytes[22] = ttl;
      }
      if (fault == Fault::KeepSourceMac) std::copy(src.begin(), src.end(), f->bytes.begin() + 6);
      f->len = uint32_t(eth::append_fcs(f->bytes.data(), f->len - eth::kFcsBytes));
      if (fault == Fault::Swap && !held[out]) {
        held[out] = f;
        return;
      }
      if (fault == Fault::Twice && (twice[out] = !twice[out])) {
        eth::Frame* copy = bench.pool.get();
        copy->bytes = f->bytes, copy->len = f->len;
        last[out] = copy;
      } else if (fault == Fault::Twice) {
        bench.pool.put(f);
        f = std::exchange(last[out], nullptr);
      }
      t.receive(out, f);
      if (held[out]) t.receive(out, std::exchange(held[out], nullptr));
    });
  tester::TrialResult got;
  t.trial(sc_time(1, SC_US), 10, sc_time(1000, SC_US), sc_time(100, SC_US), [&](const tester::TrialResult& r) { got = r; });
  sc_core::sc_start();
  return got;
}
}  // namespace

TEST(TrafficTester, RoutedStreamsComeBackOnTheOtherPortForwarded) {
  const auto r = run(Fault::None);
  EXPECT_GT(r.sent, 200u);
  EXPECT_EQ(r.received, r.sent);
  EXPECT_EQ(r.invalid, 0u);
  EXPECT_EQ(r.received_per_port[0], r.sent_per_port[1]) << "port 1's stream arrives on port 0";
}

TEST(TrafficTester, ARouterThatKeepsTheTtlIsCaught) {
  const auto r = run(Fault::KeepTtl);
  EXPECT_EQ(r.received, 0u);
  EXPECT_EQ(r.errors.at("ttl"), r.sent);
}

TEST(TrafficTester, ARouterThatKeepsTheSourceMacIsCaught) {
  const auto r = run(Fault::KeepSourceMac);
  EXPECT_EQ(r.errors.at("mac_address"), r.sent);
}

// Frames overtaken by later ones of their stream are valid echoes, counted as
// out of order (two CPUs forwarding one port's frames do that); a frame back
// twice is a duplicate, an error. The tester once took both for errors.
TEST(TrafficTester, AFrameOutOfOrderIsAValidEcho) {
  const auto r = run(Fault::Swap);
  EXPECT_EQ(r.invalid, 0u);
  EXPECT_GE(r.received + 2, r.sent) << "all but an unpaired last frame a port";
  EXPECT_GE(2 * r.reordered + 2, r.received) << "the first of every pair came back second";
}

TEST(TrafficTester, AFrameBackTwiceIsADuplicate) {
  const auto r = run(Fault::Twice);
  EXPECT_EQ(r.received + r.invalid, r.sent);
  EXPECT_EQ(r.reordered, 0u);
  EXPECT_EQ(r.errors.at("duplicate"), r.sent / 2);
}

// The tester keeps each stream's headers from one frame to the next and puts in
// only the IP id and the checksums: every frame it sends, at every size and
// after the size changes, has the headers write_udp_headers writes for it.
TEST(TrafficTester, EveryFrameHasTheHeadersWrittenFromScratchAcrossSizeChanges) {
  TwoPortTester bench;
  tester::TrafficTester& t = bench.t;
  std::vector<std::pair<uint32_t, uint32_t>> seen;  // (frame size, frames of it)
  for (unsigned port = 0; port < 2; ++port)
    t.tx_wire(port).connect([&](eth::Frame* f) {
      const size_t len = f->len - eth::kFcsBytes;
      ASSERT_TRUE(eth::fcs_ok(f->bytes.data(), f->len));
      eth::ParsedUdp u;
      ASSERT_TRUE(eth::parse_udp(f->bytes.data(), len, u));
      EXPECT_TRUE(u.ip_checksum_ok && u.udp_checksum_ok);
      EXPECT_EQ(u.payload_len, len - eth::kUdpPayloadOffset);
      std::vector<uint8_t> scratch(f->bytes.begin(), f->bytes.begin() + len);
      eth::write_udp_headers(scratch.data(), u.h, u.payload_len, true);
      EXPECT_TRUE(std::equal(scratch.begin(), scratch.begin() + eth::kUdpPayloadOffset, f->bytes.begin()));
      if (seen.empty() || seen.back().first != f->len) seen.push_back({f->len, 0});
      ++seen.back().second;
      bench.pool.put(f);
    });
  const uint32_t sizes[] = {64, 1518, 64, 317};
  for (unsigned i = 0; i < 4; ++i)
    bench.sched.at(sc_time(1000.0 * i, SC_US), [&, i] {
      t.set_frame_bytes(sizes[i]);
      t.trial(sc_time(1000.0 * i + 1, SC_US), 100, sc_time(500, SC_US), sc_time(1, SC_US), [](const tester::TrialResult&) {});
    });
  sc_core::sc_start();
  ASSERT_EQ(seen.size(), 4u);
  for (unsigned i = 0; i < 4; ++i) {
    EXPECT_EQ(seen[i].first, sizes[i]);
    EXPECT_GT(seen[i].second, 10u);
  }
}
