// Credit-based flow control (PCIe Base Spec 1.1 §2.6.1): the gate stalls when the
// advertised credits are used up and resumes on UpdateFC, with modulo counters.
#include <gtest/gtest.h>

#include <cstdint>

#include "models/pcie/flow_control.hpp"

namespace {

using ws::pcie::FcAdvert;
using ws::pcie::FcClass;
using ws::pcie::FcGate;
using ws::pcie::FcReceiver;

TEST(PcieFlowControl, StallsWhenHeaderCreditsRunOutAndResumesOnUpdate) {
  FcGate g;
  g.init(FcClass::P, FcAdvert{2, 100});
  ASSERT_TRUE(g.can_send(FcClass::P, 4));
  g.consume(FcClass::P, 4);
  ASSERT_TRUE(g.can_send(FcClass::P, 4));
  g.consume(FcClass::P, 4);
  EXPECT_FALSE(g.can_send(FcClass::P, 4));
  EXPECT_FALSE(g.can_send(FcClass::P, 1));
  EXPECT_FALSE(g.can_send(FcClass::P, 0));  // a header is always needed
  // Other classes are independent (infinite by default here).
  EXPECT_TRUE(g.can_send(FcClass::NP, 0));
  EXPECT_TRUE(g.can_send(FcClass::Cpl, 16));
  // An UpdateFC that does not raise the limit changes nothing.
  g.update(FcClass::P, 2, 100);
  EXPECT_FALSE(g.can_send(FcClass::P, 4));
  g.update(FcClass::P, 3, 100);
  EXPECT_TRUE(g.can_send(FcClass::P, 4));
  g.consume(FcClass::P, 4);
  EXPECT_FALSE(g.can_send(FcClass::P, 4));
}

TEST(PcieFlowControl, StallsWhenDataCreditsRunOutAndResumesOnUpdate) {
  FcGate g;
  g.init(FcClass::Cpl, FcAdvert{100, 8});
  ASSERT_TRUE(g.can_send(FcClass::Cpl, 6));
  g.consume(FcClass::Cpl, 6);
  EXPECT_FALSE(g.can_send(FcClass::Cpl, 3));  // 2 left
  EXPECT_TRUE(g.can_send(FcClass::Cpl, 2));
  g.consume(FcClass::Cpl, 2);
  EXPECT_FALSE(g.can_send(FcClass::Cpl, 1));
  g.update(FcClass::Cpl, 100, 12);
  EXPECT_TRUE(g.can_send(FcClass::Cpl, 4));
  EXPECT_FALSE(g.can_send(FcClass::Cpl, 5));
  // A TLP larger than the whole advertisement never fits.
  FcGate h;
  h.init(FcClass::P, FcAdvert{10, 16});
  EXPECT_TRUE(h.can_send(FcClass::P, 16));
  EXPECT_FALSE(h.can_send(FcClass::P, 17));
}

TEST(PcieFlowControl, NonPostedRequestsNeedOnlyHeaderCredits) {
  FcGate g;
  g.init(FcClass::NP, FcAdvert{8, 0});  // 8 NPH, infinite NPD
  for (int i = 0; i < 8; ++i) {
    ASSERT_TRUE(g.can_send(FcClass::NP, 0)) << i;
    g.consume(FcClass::NP, 0);
  }
  EXPECT_FALSE(g.can_send(FcClass::NP, 0));
  g.update(FcClass::NP, 9, 0);
  EXPECT_TRUE(g.can_send(FcClass::NP, 0));
}

TEST(PcieFlowControl, MaximumAdvertisementsAreUsable) {
  // 127 headers (the largest legal advertisement) can all be in flight.
  FcGate g;
  g.init(FcClass::P, FcAdvert{127, 2047});
  for (int i = 0; i < 127; ++i) {
    ASSERT_TRUE(g.can_send(FcClass::P, 16)) << i;
    g.consume(FcClass::P, 16);
  }
  EXPECT_FALSE(g.can_send(FcClass::P, 1));
  // 2047 data credits likewise.
  FcGate d;
  d.init(FcClass::P, FcAdvert{127, 2047});
  uint32_t used = 0;
  while (d.can_send(FcClass::P, 64) && used < 4096) {
    d.consume(FcClass::P, 64);
    used += 64;
  }
  EXPECT_EQ(used, 1984u);  // 31 x 64 fit under 2047, the 32nd would need 2048
  EXPECT_TRUE(d.can_send(FcClass::P, 63));
  EXPECT_FALSE(d.can_send(FcClass::P, 64));
}

// Runs `rounds` rounds of: send TLPs of `credits` data credits until the gate
// stalls, then the receiver frees them all and returns an UpdateFC. Each round
// must send exactly `per_round` TLPs, across many wraps of both counters.
void run_rounds(FcAdvert adv, uint32_t credits, unsigned per_round, unsigned rounds, unsigned update_every) {
  FcGate g;
  FcReceiver rx;
  g.init(FcClass::P, adv);
  rx.init(FcClass::P, adv);
  uint64_t total = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    unsigned sent = 0;
    while (g.can_send(FcClass::P, credits) && sent < 10 * per_round + 10) {
      g.consume(FcClass::P, credits);
      ++sent;
    }
    ASSERT_EQ(sent, per_round) << "round " << r << " after " << total << " TLPs";
    total += sent;
    for (unsigned i = 0; i < sent; ++i) {
      if (rx.release(FcClass::P, credits, update_every)) {
        g.update(FcClass::P, rx.hdr_limit(FcClass::P), rx.data_limit(FcClass::P));
        rx.sent_update(FcClass::P);
      }
    }
    // Flush whatever the coalescing held back (the update timer in the controller).
    if (rx.pending(FcClass::P) > 0) {
      g.update(FcClass::P, rx.hdr_limit(FcClass::P), rx.data_limit(FcClass::P));
      rx.sent_update(FcClass::P);
    }
  }
  // Both counters wrapped many times.
  EXPECT_GT(total, 10u * 256u);
  EXPECT_GT(total * credits, 2u * 4096u);
}

TEST(PcieFlowControl, ModuloWrapHeaderLimited) {
  run_rounds(FcAdvert{4, 64}, 3, 4, 1000, 1);
}

TEST(PcieFlowControl, ModuloWrapDataLimited) {
  run_rounds(FcAdvert{32, 64}, 16, 4, 1000, 4);
}

TEST(PcieFlowControl, ModuloWrapLargeAdvertisement) {
  // 100 headers, 2000 data credits, 16 credits each: data allows 125, headers 100.
  run_rounds(FcAdvert{100, 2000}, 16, 100, 200, 8);
  // 7 credits each: 2000 / 7 = 285 by data but headers allow 100.
  run_rounds(FcAdvert{100, 2000}, 7, 100, 200, 3);
}

TEST(PcieFlowControl, InfiniteAdvertisementNeverStalls) {
  FcGate g;
  g.init(FcClass::P, FcAdvert{0, 0});
  for (int i = 0; i < 100000; ++i) {
    ASSERT_TRUE(g.can_send(FcClass::P, 256)) << i;
    g.consume(FcClass::P, 256);
  }
  // A stray UpdateFC with small limits does not make an infinite class finite.
  g.update(FcClass::P, 1, 1);
  EXPECT_TRUE(g.can_send(FcClass::P, 256));
  // Default-constructed gates are infinite in every class.
  FcGate d;
  for (unsigned c = 0; c < 3; ++c) EXPECT_TRUE(d.can_send(FcClass(c), 1000));

  // Infinite data but finite headers: stalls on headers only.
  FcGate h;
  h.init(FcClass::P, FcAdvert{3, 0});
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(h.can_send(FcClass::P, 4000));
    h.consume(FcClass::P, 4000);
  }
  EXPECT_FALSE(h.can_send(FcClass::P, 1));
  // Infinite headers but finite data: stalls on data only.
  FcGate dd;
  dd.init(FcClass::P, FcAdvert{0, 10});
  for (int i = 0; i < 1000; ++i) {
    if (!dd.can_send(FcClass::P, 1)) {
      EXPECT_EQ(i, 10);
      break;
    }
    dd.consume(FcClass::P, 1);
  }
  EXPECT_FALSE(dd.can_send(FcClass::P, 1));
}

TEST(PcieFlowControl, ReceiverReleaseSignalsEveryUpdateEveryHeaders) {
  FcReceiver rx;
  rx.init(FcClass::P, FcAdvert{32, 256});
  EXPECT_FALSE(rx.infinite(FcClass::P));
  EXPECT_EQ(rx.hdr_limit(FcClass::P), 32);
  EXPECT_EQ(rx.data_limit(FcClass::P), 256);
  unsigned updates = 0;
  for (unsigned i = 1; i <= 40; ++i) {
    const bool due = rx.release(FcClass::P, 4, 4);
    EXPECT_EQ(due, i % 4 == 0) << i;
    if (due) {
      EXPECT_EQ(rx.pending(FcClass::P), 4u);
      rx.sent_update(FcClass::P);
      ++updates;
    }
  }
  EXPECT_EQ(updates, 10u);
  EXPECT_EQ(rx.pending(FcClass::P), 0u);
  EXPECT_EQ(rx.hdr_limit(FcClass::P), 32 + 40);
  EXPECT_EQ(rx.data_limit(FcClass::P), 256 + 160);

  // update_every = 1: every release is due.
  FcReceiver one;
  one.init(FcClass::NP, FcAdvert{8, 0});
  for (int i = 0; i < 5; ++i) {
    EXPECT_TRUE(one.release(FcClass::NP, 0, 1));
    one.sent_update(FcClass::NP);
  }
  EXPECT_EQ(one.hdr_limit(FcClass::NP), 13);
}

// A partner blocked on data credits must not wait for the header count: an
// UpdateFC is due once half the advertised data credits are free again.
TEST(PcieFlowControl, ReceiverUpdatesAtHalfTheAdvertisedDataOrHeaders) {
  FcReceiver rx;
  rx.init(FcClass::P, FcAdvert{32, 64});  // 64 data credits = 1 KB
  EXPECT_FALSE(rx.release(FcClass::P, 16, 100));  // 256 B freed
  EXPECT_TRUE(rx.release(FcClass::P, 16, 100));   // 512 B: half of the data advertisement
  rx.sent_update(FcClass::P);
  EXPECT_FALSE(rx.release(FcClass::P, 16, 100)) << "the data count restarts after an UpdateFC";

  FcReceiver hdr;
  hdr.init(FcClass::NP, FcAdvert{8, 0});
  for (int i = 1; i < 4; ++i) EXPECT_FALSE(hdr.release(FcClass::NP, 0, 100)) << i;
  EXPECT_TRUE(hdr.release(FcClass::NP, 0, 100)) << "4 of 8 headers free: half the advertisement";
}

TEST(PcieFlowControl, ReceiverLimitsWrapModulo) {
  FcReceiver rx;
  rx.init(FcClass::Cpl, FcAdvert{250, 4000});
  for (int i = 0; i < 10; ++i) rx.release(FcClass::Cpl, 20, 100);
  EXPECT_EQ(rx.hdr_limit(FcClass::Cpl), (250 + 10) % 256);
  EXPECT_EQ(rx.data_limit(FcClass::Cpl), (4000 + 200) % 4096);
}

TEST(PcieFlowControl, InfiniteReceiverNeverAsksForUpdates) {
  FcReceiver rx;
  rx.init(FcClass::Cpl, FcAdvert{0, 0});
  EXPECT_TRUE(rx.infinite(FcClass::Cpl));
  for (int i = 0; i < 20; ++i) EXPECT_FALSE(rx.release(FcClass::Cpl, 16, 1));
  EXPECT_EQ(rx.pending(FcClass::Cpl), 0u);
}

}  // namespace
