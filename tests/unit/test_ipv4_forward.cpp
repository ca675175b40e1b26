// IPv4 forwarding on real bytes: a valid frame leaves by its route's port with
// the MACs rewritten, the TTL one lower and a header checksum still valid,
// its payload (and UDP checksum) untouched; a bad header, a bad checksum, no
// route, TTL 1 and a strict reverse-path failure are dropped, each named.
#include <gtest/gtest.h>
#include <vector>
#include "models/eth/headers.hpp"
#include "models/eth/inet_checksum.hpp"
#include "workloads/net/ipv4_forward.hpp"

using namespace ws;
using net::FwdVerdict;

namespace {
const eth::MacAddr kTester0 = eth::local_mac(0x02, 10), kTester1 = eth::local_mac(0x02, 11);
const eth::MacAddr kEth0 = eth::local_mac(0x02, 1), kEth1 = eth::local_mac(0x02, 2);
constexpr uint32_t kNet0 = 0x0A000000, kNet1 = 0x0A010000, kMask = 0xFFFF0000;  // 10.0/16, 10.1/16

net::Ipv4Forwarder forwarder(bool rp_filter) {
  return net::Ipv4Forwarder({{kNet0, kMask, 0, kTester0}, {kNet1, kMask, 1, kTester1}}, {kEth0, kEth1}, rp_filter);
}

// A 64 B frame (60 without the FCS) from `src` to `dst`, arriving from tester port 0.
std::vector<uint8_t> frame(uint32_t src, uint32_t dst, uint8_t ttl = 64) {
  std::vector<uint8_t> f(1518, 0);
  for (size_t i = eth::kUdpPayloadOffset; i < eth::kUdpPayloadOffset + 18; ++i) f[i] = uint8_t(i * 3);
  eth::UdpHeaders h{kEth0, kTester0, src, dst, 5000, 5001, 7, ttl};
  f.resize(eth::write_udp_headers(f.data(), h, 18));
  return f;
}
}  // namespace

TEST(Ipv4Forward, AValidFrameLeavesByItsRouteRewrittenWithItsTtlOneLower) {
  const auto fw = forwarder(true);
  auto f = frame(kNet0 | 5, kNet1 | 9);
  const auto before = f;
  unsigned out = 99;
  ASSERT_EQ(fw.forward(f.data(), uint32_t(f.size()), 0, out), FwdVerdict::Forward);
  EXPECT_EQ(out, 1u);
  EXPECT_TRUE(std::equal(kTester1.begin(), kTester1.end(), f.begin())) << "the next hop's MAC";
  EXPECT_TRUE(std::equal(kEth1.begin(), kEth1.end(), f.begin() + 6)) << "the out port's MAC";
  EXPECT_EQ(f[14 + 8], 63);
  EXPECT_EQ(eth::inet_checksum(&f[14], 20), 0) << "the header checksum, updated, still holds";
  eth::ParsedUdp p;
  ASSERT_TRUE(eth::parse_udp(f.data(), f.size(), p));
  EXPECT_TRUE(p.ip_checksum_ok);
  EXPECT_TRUE(p.udp_checksum_ok) << "the TTL is not in the UDP pseudo header";
  EXPECT_TRUE(std::equal(before.begin() + 42, before.end(), f.begin() + 42)) << "payload untouched";
}

TEST(Ipv4Forward, EachDropHasItsReason) {
  unsigned out = 0;
  auto bad_sum = frame(kNet0 | 5, kNet1 | 9);
  bad_sum[14 + 10] ^= 0xFF;
  EXPECT_EQ(forwarder(true).forward(bad_sum.data(), uint32_t(bad_sum.size()), 0, out), FwdVerdict::BadChecksum);
  auto arp = frame(kNet0 | 5, kNet1 | 9);
  eth::put16(&arp[12], 0x0806);
  EXPECT_EQ(forwarder(true).forward(arp.data(), uint32_t(arp.size()), 0, out), FwdVerdict::BadHeader);
  auto nowhere = frame(kNet0 | 5, 0xC0A80001);
  EXPECT_EQ(forwarder(true).forward(nowhere.data(), uint32_t(nowhere.size()), 0, out), FwdVerdict::NoRoute);
  auto dying = frame(kNet0 | 5, kNet1 | 9, 1);
  EXPECT_EQ(forwarder(true).forward(dying.data(), uint32_t(dying.size()), 0, out), FwdVerdict::TtlExceeded);
  // A source of port 1's network arriving on port 0: strict rp_filter drops it, rp_filter 0 forwards it.
  auto spoofed = frame(kNet1 | 5, kNet1 | 9);
  EXPECT_EQ(forwarder(true).forward(spoofed.data(), uint32_t(spoofed.size()), 0, out), FwdVerdict::RpFilter);
  EXPECT_EQ(forwarder(false).forward(spoofed.data(), uint32_t(spoofed.size()), 0, out), FwdVerdict::Forward);
  EXPECT_STREQ(net::verdict_name(FwdVerdict::RpFilter), "rp_filter");
}
