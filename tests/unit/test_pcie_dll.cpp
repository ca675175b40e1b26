// Data link layer (PCIe Base Spec 1.1 §3.5): two DataLinkLayers wired back to back
// by hand, packets passed directly. Ack coalescing, the Ack timer, duplicates,
// Nak and replay, replay buffer room, sequence number wrap.
#include <gtest/gtest.h>

#include <systemc>
#include <memory>
#include <vector>

#include "models/pcie/data_link_layer.hpp"
#include "models/pcie/dllp.hpp"
#include "models/pcie/tlp.hpp"
#include "models/sim/rng.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"

namespace {

using namespace ws::pcie;
using sc_core::sc_start;
using sc_core::sc_time;
using sc_core::SC_NS;

std::shared_ptr<const Tlp> make_tlp(uint32_t n, uint64_t addr = 0x1000, uint8_t fill = 0x5A) {
  std::vector<uint8_t> d(n, fill);
  return std::make_shared<const Tlp>(Tlp::mem_write(1, 0, addr, d.data(), n, false));
}

Dllp decode(const WirePacket& p) {
  EXPECT_EQ(p.tlp, nullptr);
  EXPECT_EQ(p.symbols(), kDllpSymbols);
  return Dllp::decode(p.dllp);
}

// A sender and a receiver on one scheduler; kicks are counted, not acted on.
struct Link {
  explicit Link(DllConfig cfg)
      // The tests step time from outside with sc_start, so the scheduler must not run ahead.
      : sched("sched", sc_core::SC_ZERO_TIME), rng(7), tx(sched, cfg, rng, stats, "tx"), rx(sched, cfg, rng, stats, "rx") {
    tx.on_tx_ready = [this] { ++tx_kicks; };
    rx.on_tx_ready = [this] { ++rx_kicks; };
  }
  ws::Scheduler sched;
  ws::Rng rng;
  ws::StatsRegistry stats;
  DataLinkLayer tx, rx;
  unsigned tx_kicks = 0, rx_kicks = 0;
};

DllConfig cfg4() {
  DllConfig c;
  c.ack_every = 4;
  c.ack_timeout_ns = 1000;
  c.replay_buffer_bytes = 1 << 20;
  c.lcrc_error_rate = 0;
  return c;
}

TEST(PcieDll, AckCoalescingSendsOneAckPerAckEveryTlps) {
  Link l(cfg4());
  std::vector<int> acked;
  std::vector<WirePacket> sent;
  for (int i = 0; i < 4; ++i) {
    sent.push_back(l.tx.send(make_tlp(64), [&acked, i] { acked.push_back(i); }));
    EXPECT_EQ(sent.back().seq, i);
    EXPECT_EQ(sent.back().lcrc, lcrc_of(uint16_t(i), *sent.back().tlp));
  }
  EXPECT_EQ(l.tx.replay_bytes(), 4u * (make_tlp(64)->wire_symbols() - 2));
  for (int i = 0; i < 3; ++i) {
    auto t = l.rx.receive_tlp(sent[i]);
    ASSERT_NE(t, nullptr) << i;
    EXPECT_EQ(t, sent[i].tlp.get());
    EXPECT_FALSE(l.rx.has_dllp()) << "Ack before ack_every TLPs, after TLP " << i;
  }
  ASSERT_NE(l.rx.receive_tlp(sent[3]), nullptr);
  ASSERT_TRUE(l.rx.has_dllp());
  EXPECT_GT(l.rx_kicks, 0u);
  const WirePacket ack = l.rx.take_dllp();
  EXPECT_FALSE(l.rx.has_dllp());
  const Dllp d = decode(ack);
  EXPECT_EQ(d.type, Dllp::Type::Ack);
  EXPECT_EQ(d.seq, 3);

  EXPECT_TRUE(acked.empty());
  l.tx.receive_dllp(ack);
  EXPECT_EQ(acked, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(l.tx.replay_bytes(), 0u);
  EXPECT_FALSE(l.tx.replaying());
}

TEST(PcieDll, AckTimerAcksFewerThanAckEveryTlps) {
  Link l(cfg4());
  auto p0 = l.tx.send(make_tlp(16), {});
  auto p1 = l.tx.send(make_tlp(16), {});
  ASSERT_NE(l.rx.receive_tlp(p0), nullptr);
  ASSERT_NE(l.rx.receive_tlp(p1), nullptr);
  EXPECT_FALSE(l.rx.has_dllp());
  sc_start(sc_time(999, SC_NS));
  EXPECT_FALSE(l.rx.has_dllp()) << "Ack timer fired early";
  sc_start(sc_time(2, SC_NS));
  ASSERT_TRUE(l.rx.has_dllp()) << "Ack timer did not fire by ack_timeout";
  const Dllp d = decode(l.rx.take_dllp());
  EXPECT_EQ(d.type, Dllp::Type::Ack);
  EXPECT_EQ(d.seq, 1);
  // Nothing new arrived: the timer does not produce another Ack.
  sc_start(sc_time(5000, SC_NS));
  EXPECT_FALSE(l.rx.has_dllp());
  // A later TLP starts a new timer measured from its own arrival.
  auto p2 = l.tx.send(make_tlp(16), {});
  ASSERT_NE(l.rx.receive_tlp(p2), nullptr);
  sc_start(sc_time(999, SC_NS));
  EXPECT_FALSE(l.rx.has_dllp());
  sc_start(sc_time(2, SC_NS));
  ASSERT_TRUE(l.rx.has_dllp());
  EXPECT_EQ(decode(l.rx.take_dllp()).seq, 2);
}

TEST(PcieDll, DuplicateTlpIsDroppedAndAcked) {
  Link l(cfg4());
  auto p0 = l.tx.send(make_tlp(32), {});
  auto p1 = l.tx.send(make_tlp(32), {});
  ASSERT_NE(l.rx.receive_tlp(p0), nullptr);
  ASSERT_NE(l.rx.receive_tlp(p1), nullptr);
  EXPECT_FALSE(l.rx.has_dllp());
  EXPECT_EQ(l.rx.receive_tlp(p0), nullptr) << "a duplicate must not be delivered twice";
  ASSERT_TRUE(l.rx.has_dllp());
  const Dllp d = decode(l.rx.take_dllp());
  EXPECT_EQ(d.type, Dllp::Type::Ack);
  EXPECT_EQ(d.seq, 1);  // the last good sequence number, not the duplicate's
  EXPECT_EQ(l.rx.naks_sent(), 0u);
  // The next new TLP is still accepted.
  auto p2 = l.tx.send(make_tlp(32), {});
  EXPECT_NE(l.rx.receive_tlp(p2), nullptr);
}

TEST(PcieDll, CorruptLcrcNaksAndSenderReplaysInOrder) {
  Link l(cfg4());
  std::vector<int> acked;
  std::vector<WirePacket> sent;
  std::vector<std::shared_ptr<const Tlp>> original;
  for (int i = 0; i < 4; ++i) {
    if (i == 1) l.tx.corrupt_next(1);
    original.push_back(make_tlp(64, 0x1000 + 64 * i, uint8_t(i)));
    sent.push_back(l.tx.send(original.back(), [&acked, i] { acked.push_back(i); }));
  }
  EXPECT_NE(sent[1].tlp->bytes(), original[1]->bytes()) << "a bit error changes the bytes on the wire";
  EXPECT_EQ(sent[1].lcrc, lcrc_of(1, *original[1])) << "under the LCRC of the bytes sent";
  EXPECT_NE(sent[1].lcrc, lcrc_of(1, *sent[1].tlp));
  EXPECT_EQ(sent[2].tlp.get(), original[2].get()) << "corrupt_next(1) corrupts only one TLP";

  ASSERT_NE(l.rx.receive_tlp(sent[0]), nullptr);
  EXPECT_EQ(l.rx.receive_tlp(sent[1]), nullptr);
  ASSERT_TRUE(l.rx.has_dllp());
  EXPECT_EQ(l.rx.receive_tlp(sent[2]), nullptr) << "out of sequence after the lost TLP";
  EXPECT_EQ(l.rx.receive_tlp(sent[3]), nullptr);
  const WirePacket nakp = l.rx.take_dllp();
  const Dllp nak = decode(nakp);
  EXPECT_EQ(nak.type, Dllp::Type::Nak);
  EXPECT_EQ(nak.seq, 0);
  EXPECT_FALSE(l.rx.has_dllp()) << "one Nak per lost TLP";
  EXPECT_EQ(l.rx.naks_sent(), 1u);
  EXPECT_EQ(l.stats.resource("rx.replay_buffer")->drops.at("bad_lcrc"), 1u);
  EXPECT_EQ(l.stats.resource("rx.replay_buffer")->drops.at("out_of_sequence"), 2u)
      << "every discarded TLP is counted, not every Nak";

  l.tx.receive_dllp(nakp);
  // The Nak acknowledges seq 0 and asks for 1..3 again.
  EXPECT_EQ(acked, (std::vector<int>{0}));
  EXPECT_EQ(l.tx.replays(), 1u);
  ASSERT_TRUE(l.tx.replaying());
  std::vector<WirePacket> again;
  while (l.tx.replaying()) {
    again.push_back(l.tx.take_replay());
    ASSERT_LE(again.size(), 3u);
  }
  ASSERT_EQ(again.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(again[i].seq, sent[i + 1].seq);
    EXPECT_EQ(again[i].tlp.get(), original[i + 1].get()) << "the replay buffer holds what was sent";
    EXPECT_EQ(again[i].lcrc, lcrc_of(again[i].seq, *again[i].tlp)) << "replayed copy must carry a good LCRC";
    auto t = l.rx.receive_tlp(again[i]);
    ASSERT_NE(t, nullptr) << "replayed seq " << again[i].seq << " rejected";
    EXPECT_EQ(t->bytes(), original[i + 1]->bytes()) << "the replay delivers the right bytes";
  }
  // The Nak already acknowledged seq 0, so 3 replayed TLPs are fewer than
  // ack_every: the Ack timer sends the Ack for seq 3.
  EXPECT_FALSE(l.rx.has_dllp());
  sc_core::sc_start(sc_core::sc_time(1001, sc_core::SC_NS));
  ASSERT_TRUE(l.rx.has_dllp());
  const WirePacket ack = l.rx.take_dllp();
  EXPECT_EQ(decode(ack).type, Dllp::Type::Ack);
  EXPECT_EQ(decode(ack).seq, 3);
  l.tx.receive_dllp(ack);
  EXPECT_EQ(acked, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(l.tx.replay_bytes(), 0u);
}

TEST(PcieDll, NakOfFirstTlpReplaysEverything) {
  Link l(cfg4());
  l.tx.corrupt_next(1);
  auto p0 = l.tx.send(make_tlp(8), {});
  auto p1 = l.tx.send(make_tlp(8), {});
  EXPECT_EQ(l.rx.receive_tlp(p0), nullptr);
  EXPECT_EQ(l.rx.receive_tlp(p1), nullptr);
  const WirePacket nak = l.rx.take_dllp();
  const Dllp d = decode(nak);
  EXPECT_EQ(d.type, Dllp::Type::Nak);
  EXPECT_EQ(d.seq, 4095);  // nothing received yet: the sequence before 0
  l.tx.receive_dllp(nak);
  ASSERT_TRUE(l.tx.replaying());
  auto r0 = l.tx.take_replay();
  auto r1 = l.tx.take_replay();
  EXPECT_FALSE(l.tx.replaying());
  EXPECT_EQ(r0.seq, 0);
  EXPECT_EQ(r1.seq, 1);
  EXPECT_NE(l.rx.receive_tlp(r0), nullptr);
  EXPECT_NE(l.rx.receive_tlp(r1), nullptr);
}

// After a Nak, if the first replayed TLP is lost again the receiver must still
// get the link going: either by Nak'ing again or (on the transmit side) by a
// REPLAY_TIMER timeout that replays once more (§3.5.2.1). Here the second replay
// is requested the only way the model offers, by a second Nak or by tx replaying
// on its own after time passes.
TEST(PcieDll, LostReplayIsRecovered) {
  DllConfig c = cfg4();
  Link l(c);
  l.tx.corrupt_next(1);
  auto p0 = l.tx.send(make_tlp(8), {});
  EXPECT_EQ(l.rx.receive_tlp(p0), nullptr);
  l.tx.receive_dllp(l.rx.take_dllp());  // Nak 4095
  ASSERT_TRUE(l.tx.replaying());
  WirePacket r0 = l.tx.take_replay();
  r0.lcrc ^= 1;  // the replayed copy is corrupted on the wire as well
  EXPECT_EQ(l.rx.receive_tlp(r0), nullptr);
  // Give any timer (Ack/Nak or replay) ample time.
  sc_start(sc_time(100, sc_core::SC_US));
  for (int i = 0; i < 4 && !l.tx.replaying(); ++i) {
    if (!l.rx.has_dllp()) break;
    l.tx.receive_dllp(l.rx.take_dllp());
  }
  ASSERT_TRUE(l.tx.replaying())
      << "a TLP lost twice is never replayed: the receiver sends no second Nak (NAK_SCHEDULED stays set) and the "
         "transmitter has no REPLAY_TIMER, so the link stalls forever";
  auto r1 = l.tx.take_replay();
  EXPECT_NE(l.rx.receive_tlp(r1), nullptr);
}

TEST(PcieDll, ReplayBufferRoomFreesOnAck) {
  DllConfig c = cfg4();
  c.ack_every = 1;
  const auto t = make_tlp(256);
  const size_t held = t->wire_symbols() - 2;  // sequence number + TLP + LCRC
  ASSERT_EQ(held, 2u + 268u + 4u);
  c.replay_buffer_bytes = unsigned(2 * held + 10);
  Link l(c);
  EXPECT_TRUE(l.tx.room_for(*t));
  auto p0 = l.tx.send(t, {});
  EXPECT_TRUE(l.tx.room_for(*t));
  auto p1 = l.tx.send(t, {});
  EXPECT_EQ(l.tx.replay_bytes(), 2 * held);
  EXPECT_FALSE(l.tx.room_for(*t)) << "replay buffer over-committed";
  // 10 bytes left; a 4-byte MWr needs sequence 2 + header 12 + data 4 + LCRC 4 = 22.
  EXPECT_FALSE(l.tx.room_for(*make_tlp(4)));
  ASSERT_NE(l.rx.receive_tlp(p0), nullptr);
  const WirePacket ack = l.rx.take_dllp();
  EXPECT_EQ(decode(ack).seq, 0);
  const unsigned before = l.tx_kicks;
  l.tx.receive_dllp(ack);
  EXPECT_GT(l.tx_kicks, before) << "purging must kick the transmitter";
  EXPECT_EQ(l.tx.replay_bytes(), held);
  EXPECT_TRUE(l.tx.room_for(*t));
  (void)p1;

  // A TLP larger than the whole buffer can still go when the buffer is empty.
  DllConfig tiny = cfg4();
  tiny.replay_buffer_bytes = 64;
  ws::Rng rng(1);
  ws::StatsRegistry st;
  DataLinkLayer solo(l.sched, tiny, rng, st, "solo");
  EXPECT_TRUE(solo.room_for(*t));
  solo.send(t, {});
  EXPECT_FALSE(solo.room_for(*make_tlp(4)));
}

TEST(PcieDll, SequenceNumbersWrapAt4096) {
  Link l(cfg4());
  uint64_t acked = 0;
  const auto t = make_tlp(16);
  for (unsigned i = 0; i < 5000; ++i) {
    const WirePacket p = l.tx.send(t, [&acked] { ++acked; });
    ASSERT_EQ(p.seq, i % 4096);
    ASSERT_NE(l.rx.receive_tlp(p), nullptr) << "seq " << p.seq << " at " << i;
    if (l.rx.has_dllp()) l.tx.receive_dllp(l.rx.take_dllp());
  }
  EXPECT_EQ(acked, 5000u);
  EXPECT_EQ(l.tx.replay_bytes(), 0u);
  // A stale Ack from before the wrap purges nothing and does not break the window.
  const auto p = l.tx.send(t, [&acked] { ++acked; });
  Dllp stale;
  stale.type = Dllp::Type::Ack;
  stale.seq = uint16_t((p.seq + 4096 - 100) % 4096);
  WirePacket w;
  w.dllp = stale.encode();
  l.tx.receive_dllp(w);
  EXPECT_EQ(acked, 5000u);
  EXPECT_GT(l.tx.replay_bytes(), 0u);
}

}  // namespace
