// Coherence of two cores' L1 D-caches with a shared L2 (SnoopDomain): a line
// written by the two cores in turn costs an intervention each time it changes
// hands; two counters in one line (false sharing) cost the same as one, two
// in separate lines nothing beyond their first fills; lines both only read
// stay shared; a write invalidates the other core's copy, and an atomic
// read-modify-write takes the line exclusive; a device's DMA write invalidates
// every cached copy, its read has a modified line written back.
#include <gtest/gtest.h>
#include <systemc>
#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/mem/memory.hpp"
#include "models/mem/snoop_domain.hpp"

using namespace ws;
using sc_core::sc_time;
using sc_core::SC_NS;

namespace {
constexpr double kIntervention = 40, kInvalidate = 10, kL2Hit = 20;

// Two e500-like cores (32 KB 8-way L1 D, 32 B lines) on one bus, coherent, sharing a 1 MB L2.
struct Bench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  Memory mem{"mem", Memory::Config{1 << 24, 50, 8, 1, true}, stats};
  Interconnect bus{"bus", Interconnect::Config{16, 5}, stats};
  SnoopDomain domain{SnoopDomain::Config{Cache::Config{1 << 20, 8, 32}, kIntervention, kInvalidate}};
  Cpu c0{"cpu0", config(), sched, stats, nullptr};
  Cpu c1{"cpu1", config(), sched, stats, nullptr};
  Bench() {
    c0.socket.bind(bus.in);
    c1.socket.bind(bus.in);
    bus.out.bind(mem.socket);
    bus.map(0, 0, 1 << 24);
    c0.join(domain);
    c1.join(domain);
  }
  static Cpu::Config config() {
    Cpu::Config c{1e9, Cache::Config{32768, 8, 32}, Cache::Config{32768, 8, 32}, 0, 0, 2, 40};
    c.l2_hit_cycles = kL2Hit;
    return c;
  }
  // `body` at time 0 with both cores' cursors there, then the run.
  template <typename Body>
  void from_time_zero(Body body) {
    sched.at(sc_time(0, SC_NS), [&] {
      c0.set_time(ws::now());
      c1.set_time(ws::now());
      body();
    });
    sc_core::sc_start();
  }
  // `rounds` writes of a word by each core in turn, cpu0 at `a0` and cpu1 at `a1`;
  // returns the cycles the writes took after the first round.
  double alternate(uint64_t a0, uint64_t a1, int rounds) {
    double cycles = 0;
    sched.at(sc_time(0, SC_NS), [&] {
      sc_time t = ws::now();
      for (int i = 0; i < rounds; ++i)
        for (Cpu* c : {&c0, &c1}) {
          c->set_time(t);
          const uint32_t v = uint32_t(i);
          c->write(c == &c0 ? a0 : a1, &v, 4);
          if (i > 0) cycles += (c->time() - t).to_seconds() * 1e9;
          t = c->time();
        }
    });
    sc_core::sc_start();
    return cycles;
  }
};
}  // namespace

TEST(Coherence, ALineWrittenInTurnCostsAnInterventionEachTime) {
  Bench b;
  const double cycles = b.alternate(0x1000, 0x1000, 10);
  EXPECT_EQ(b.domain.interventions(), 19u) << "every write after the first finds the line modified in the other core";
  EXPECT_EQ(b.domain.invalidations(), 19u);
  EXPECT_GE(cycles, 18 * (kIntervention + kInvalidate + kL2Hit)) << "each: intervention, invalidation, the L2's line";
}

// Two counters in one 32 B line: each core writes only its own, and still the line ping-pongs.
TEST(Coherence, FalseSharingCostsWhatSharingCosts) {
  Bench b;
  const double cycles = b.alternate(0x2000, 0x2004, 10);
  EXPECT_EQ(b.domain.interventions(), 19u);
  EXPECT_GE(cycles, 18 * (kIntervention + kInvalidate + kL2Hit));
}

// The same two counters a line apart (per-CPU): one fill each, then hits that cost nothing extra.
TEST(Coherence, SeparateLinesCostNothingAfterTheirFills) {
  Bench b;
  const double cycles = b.alternate(0x2000, 0x2020, 10);
  EXPECT_EQ(b.domain.interventions(), 0u);
  EXPECT_EQ(b.c0.l1d().misses() + b.c1.l1d().misses(), 2u);
  EXPECT_EQ(cycles, 0);
}

TEST(Coherence, ReadersShareAWriteInvalidatesAnAtomicTakesTheLine) {
  Bench b;
  b.from_time_zero([&] {
    uint32_t v = 0;
    for (int i = 0; i < 5; ++i) {
      b.c0.read(0x3000, &v, 4);
      b.c1.read(0x3000, &v, 4);
    }
    EXPECT_EQ(b.domain.interventions(), 0u) << "clean copies are shared";
    EXPECT_EQ(b.c1.l1d().misses(), 1u);
    v = 7;
    const sc_time before = b.c0.time();
    b.c0.write(0x3000, &v, 4);  // an upgrade: cpu1's copy goes
    EXPECT_EQ(b.c0.time() - before, sc_time(kInvalidate, SC_NS));
    EXPECT_FALSE(b.c1.l1d().holds(0x3000));
    b.c1.read(0x3000, &v, 4);  // cpu0 holds it modified: it supplies the line
    EXPECT_EQ(v, 7u) << "the bytes are the memory's: the caches keep tags";
    EXPECT_EQ(b.domain.interventions(), 1u);
    EXPECT_TRUE(b.c0.l1d().holds(0x3000)) << "a read leaves the supplier a shared copy";
    b.c1.atomic_rmw(0x3000, 4, [](uint8_t* p) { return ++p[0] != 0; });
    EXPECT_FALSE(b.c0.l1d().holds(0x3000)) << "the reservation's store takes the line exclusive";
  });
}

TEST(Coherence, ADevicesWriteInvalidatesAndItsReadCleansModifiedLines) {
  Bench b;
  b.from_time_zero([&] {
    uint32_t v = 0;
    b.c0.read(0x5000, &v, 4);
    b.c1.read(0x5020, &v, 4);
    b.domain.device_write(0x5000, 64);  // a received frame over both lines
    EXPECT_FALSE(b.c0.l1d().holds(0x5000));
    EXPECT_FALSE(b.c1.l1d().holds(0x5020));
    EXPECT_FALSE(b.domain.l2().holds(0x5000)) << "no stashing: the next read goes to memory";
    b.c0.write(0x6000, &v, 4);
    b.domain.device_read(0x6000, 32);  // a frame to send, written by the core
    EXPECT_TRUE(b.c0.l1d().holds(0x6000));
    EXPECT_FALSE(b.c0.l1d().dirty(0x6000)) << "written back for the device";
    EXPECT_EQ(b.domain.interventions(), 1u);
  });
}

// A core whose L1 never filled a line holds none, so a snoop passes it by
// without a look-up (every interrupt on one CPU leaves the other's L1 so); its
// first fill, a miss with no hit yet, makes it one to snoop.
TEST(Coherence, ACoreIsSnoopedFromItsFirstFillOn) {
  Bench b;
  b.from_time_zero([&] {
    uint32_t v = 0;
    EXPECT_TRUE(b.c1.l1d().untouched());
    b.c0.write(0x7000, &v, 4);
    EXPECT_EQ(b.domain.invalidations(), 0u);
    b.domain.device_read(0x7000, 32);  // cpu0's modified line, and none in cpu1
    EXPECT_EQ(b.domain.interventions(), 1u);
    b.c1.read(0x7020, &v, 4);  // one miss, no hit
    EXPECT_FALSE(b.c1.l1d().untouched());
    const sc_time before = b.c0.time();
    b.c0.write(0x7020, &v, 4);
    EXPECT_EQ(b.c0.time() - before, sc_time(kInvalidate + kL2Hit, SC_NS)) << "cpu1's copy invalidated, the line from the L2";
    EXPECT_FALSE(b.c1.l1d().holds(0x7020));
    EXPECT_EQ(b.domain.invalidations(), 1u);
  });
}
