// The sender-side RTT probe: one sample per ACK that acknowledges exactly the
// end of a segment sent once (Karn's rule leaves retransmitted ones out), only
// for the connection's port, with everything up to the ACK forgotten.
#include <gtest/gtest.h>
#include <systemc>
#include <vector>
#include "models/eth/headers.hpp"
#include "models/eth/tcp_rtt_probe.hpp"

using ws::eth::TcpRttProbe;
using sc_core::sc_time;
using sc_core::SC_US;

namespace {
// An Ethernet/IPv4/TCP frame: ports, sequence, acknowledgement and `payload` bytes.
std::vector<uint8_t> tcp_frame(uint16_t sport, uint16_t dport, uint32_t seq, uint32_t ack, uint16_t payload) {
  std::vector<uint8_t> f(54 + payload, 0);
  ws::eth::put16(&f[12], 0x0800);
  f[14] = 0x45;
  ws::eth::put16(&f[16], uint16_t(40 + payload));
  f[23] = 6;
  ws::eth::put16(&f[34], sport);
  ws::eth::put16(&f[36], dport);
  ws::eth::put32(&f[38], seq);
  ws::eth::put32(&f[42], ack);
  f[46] = 5 << 4;
  f[47] = 0x10;  // ACK
  return f;
}
}  // namespace

TEST(TcpRttProbe, SamplesExactAcksOfSegmentsSentOnce) {
  TcpRttProbe p(1025);
  const auto d1 = tcp_frame(1025, 5000, 1000, 1, 1460), d2 = tcp_frame(1025, 5000, 2460, 1, 1460);
  p.outgoing(d1.data(), uint32_t(d1.size()), sc_time(0, SC_US));
  p.outgoing(d2.data(), uint32_t(d2.size()), sc_time(10, SC_US));
  const auto a1 = tcp_frame(5000, 1025, 1, 2460, 0);
  p.incoming(a1.data(), uint32_t(a1.size()), sc_time(300, SC_US));
  EXPECT_EQ(p.samples(), 1u);
  EXPECT_NEAR(p.mean_us(), 300, 1e-6);
  // The second segment is sent again before its ACK: Karn's rule, no sample.
  p.outgoing(d2.data(), uint32_t(d2.size()), sc_time(400, SC_US));
  const auto a2 = tcp_frame(5000, 1025, 1, 3920, 0);
  p.incoming(a2.data(), uint32_t(a2.size()), sc_time(700, SC_US));
  EXPECT_EQ(p.samples(), 1u);
  // Another connection's frames are not this probe's.
  const auto other = tcp_frame(21, 5001, 1, 99, 10), other_ack = tcp_frame(5001, 21, 99, 11, 0);
  p.outgoing(other.data(), uint32_t(other.size()), sc_time(800, SC_US));
  p.incoming(other_ack.data(), uint32_t(other_ack.size()), sc_time(900, SC_US));
  EXPECT_EQ(p.samples(), 1u);
  // An ACK in the middle of a segment acknowledges no segment's end.
  const auto d3 = tcp_frame(1025, 5000, 3920, 1, 1460), mid = tcp_frame(5000, 1025, 1, 4000, 0);
  p.outgoing(d3.data(), uint32_t(d3.size()), sc_time(1000, SC_US));
  p.incoming(mid.data(), uint32_t(mid.size()), sc_time(1100, SC_US));
  EXPECT_EQ(p.samples(), 1u);
  p.reset();
  EXPECT_EQ(p.samples(), 0u);
  EXPECT_EQ(p.mean_us(), 0);
}
