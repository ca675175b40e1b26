// UEC: Rx BD ring ownership and wrap, extended-parsing lookup dispatch, drops by
// reason, interrupts per closed BD, Tx BD processing onto the wire, and the Rx
// and Tx threads that bound one UEC's frame rate.
#include <gtest/gtest.h>
#include <systemc>
#include <vector>
#include "models/cpu/cpu.hpp"
#include "models/eth/headers.hpp"
#include "models/mem/memory.hpp"
#include "models/qe/uec.hpp"

using namespace ws;
using namespace ws::qe;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

namespace {

const eth::MacAddr kMacA = eth::local_mac(1, 1), kMacB = eth::local_mac(1, 2), kMacX = eth::local_mac(1, 9);

Uec::Config uec_config(double rx_risc = 100, double tx_risc = 100, unsigned rx_threads = 1, unsigned tx_threads = 1) {
  return Uec::Config{{1e9, 4096}, ParseMode::Extended, rx_risc, tx_risc, 20, 4096, 1536, rx_threads, tx_threads};
}

struct Bench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  eth::FramePool pool;
  // The UEC books its Tx DMA ahead of its next BD fetch: a gap-filling port, as on the board.
  Memory mem{"mem", Memory::Config{1 << 20, 10, 8, 1, true}, stats};
  QuiccEngine qe{"qe", QuiccEngine::Config{400e6, 2, 8}, stats};
  Epic epic{0};
  Cpu core{"core", Cpu::Config{1e9, Cache::Config{32 * 1024, 8, 256}, Cache::Config{16 * 1024, 8, 256}, 0, 0, 0, 0}, sched, stats,
                    nullptr};
  Uec uec;
  std::vector<unsigned> irqs;  // line of every interrupt that reached the core
  std::vector<sc_time> irq_times;

  explicit Bench(const Uec::Config& cfg = uec_config()) : uec("uec", cfg, qe, epic, sched, stats, pool) {
    qe.socket.bind(mem.socket);
    core.socket.bind(mem.socket);
    for (unsigned line = 0; line < 2; ++line) epic.route(line, &core, line);
    core.on_raise = [this](unsigned line, const sc_time& at) {
      sched.at(at, [this, line] {
        irqs.push_back(line);
        irq_times.push_back(ws::now());
      });
    };
  }
  void put_bd(uint64_t addr, const Bd& bd) {
    uint8_t raw[kBdBytes];
    encode(bd, raw);
    mem.write(addr, raw, kBdBytes);
  }
  Bd bd(uint64_t addr) {
    uint8_t raw[kBdBytes];
    mem.read(addr, raw, kBdBytes);
    return decode(raw);
  }
  // A valid UDP frame to `dst` whose first payload byte is `tag`; FCS appended.
  eth::Frame* frame(const eth::MacAddr& dst, uint8_t tag) {
    eth::Frame* f = pool.get();
    f->bytes.fill(0);
    f->bytes[eth::kUdpPayloadOffset] = tag;
    eth::UdpHeaders h;
    h.dst_mac = dst;
    h.src_mac = kMacX;
    f->len = uint32_t(eth::append_fcs(f->bytes.data(), eth::write_udp_headers(f->bytes.data(), h, 18)));
    return f;
  }
  void arrive_at(double us, eth::Frame* f) {
    sched.at(sc_time(us, SC_US), [this, f] { uec.mac().receive(f); });
  }
};

constexpr uint64_t kRingA = 0x1000, kRingB = 0x2000, kBufs = 0x10000;

}  // namespace

TEST(Uec, RxFillsEmptyBdsInOrderWrapsAndDropsWhenTheRingIsFull) {
  Bench b;
  for (unsigned i = 0; i < 4; ++i)
    b.put_bd(kRingA + i * kBdBytes, Bd{uint16_t(kBdEmpty | kBdInterrupt | (i == 3 ? kBdWrap : 0)), 0,
                                       uint32_t(kBufs + i * 0x800)});
  b.uec.set_rx_ring(0, kRingA, 0);
  b.uec.add_lookup(kMacA, 0);
  for (unsigned i = 0; i < 5; ++i) b.arrive_at(1 + i, b.frame(kMacA, uint8_t(10 + i)));
  // The driver returns BD 0 to the UEC; the next frame must land there (W on BD 3).
  b.sched.at(sc_time(7, SC_US), [&] { b.put_bd(kRingA, Bd{uint16_t(kBdEmpty | kBdInterrupt), 0, uint32_t(kBufs)}); });
  b.arrive_at(8, b.frame(kMacA, 99));
  sc_core::sc_start();

  for (unsigned i = 1; i < 4; ++i) {
    const Bd bd = b.bd(kRingA + i * kBdBytes);
    EXPECT_FALSE(bd.status & kBdEmpty) << "BD " << i << " belongs to the driver once closed";
    EXPECT_TRUE(bd.status & kBdLast && bd.status & kBdFirst);
    EXPECT_EQ(bd.length, 64) << "the Rx length includes the FCS";
    uint8_t tag;
    b.mem.read(kBufs + i * 0x800 + eth::kUdpPayloadOffset, &tag, 1);
    EXPECT_EQ(tag, 10 + i);
  }
  EXPECT_TRUE(b.bd(kRingA + 3 * kBdBytes).status & kBdWrap) << "the W bit survives the close";
  uint8_t tag;
  b.mem.read(kBufs + eth::kUdpPayloadOffset, &tag, 1);
  EXPECT_EQ(tag, 99) << "after the W bit the UEC came back to BD 0";
  uint8_t frame[64];
  b.mem.read(kBufs, frame, 64);
  EXPECT_TRUE(eth::fcs_ok(frame, 64)) << "real bytes, FCS included, reached the buffer";
  EXPECT_EQ(b.uec.stats().drops.at("rx_ring_full"), 1u);
  EXPECT_EQ(b.irqs.size(), 5u) << "one interrupt per closed BD with I set";
  EXPECT_EQ(b.pool.in_use(), 0u) << "every frame went back to the pool";
}

TEST(Uec, ExtendedParsingDispatchesByDestinationMac) {
  Bench b;
  b.put_bd(kRingA, Bd{uint16_t(kBdEmpty | kBdInterrupt | kBdWrap), 0, uint32_t(kBufs)});
  b.put_bd(kRingB, Bd{uint16_t(kBdEmpty | kBdInterrupt | kBdWrap), 0, uint32_t(kBufs + 0x800)});
  b.uec.set_rx_ring(0, kRingA, 0);
  b.uec.set_rx_ring(1, kRingB, 1);
  b.uec.add_lookup(kMacA, 0);
  b.uec.add_lookup(kMacB, 1);
  b.arrive_at(1, b.frame(kMacB, 2));
  b.arrive_at(2, b.frame(kMacX, 3));  // in no table entry: rejected
  b.arrive_at(3, b.frame(kMacA, 1));
  sc_core::sc_start();
  uint8_t a, c;
  b.mem.read(kBufs + eth::kUdpPayloadOffset, &a, 1);
  b.mem.read(kBufs + 0x800 + eth::kUdpPayloadOffset, &c, 1);
  EXPECT_EQ(a, 1);
  EXPECT_EQ(c, 2);
  EXPECT_EQ(b.irqs, (std::vector<unsigned>{1, 0})) << "each queue raises its own interrupt";
  EXPECT_EQ(b.uec.stats().drops.at("no_address_match"), 1u);
}

TEST(Uec, BadFcsIsDroppedByTheMac) {
  Bench b;
  b.put_bd(kRingA, Bd{uint16_t(kBdEmpty | kBdWrap), 0, uint32_t(kBufs)});
  b.uec.set_rx_ring(0, kRingA, 0);
  b.uec.add_lookup(kMacA, 0);
  eth::Frame* f = b.frame(kMacA, 1);
  f->bytes[20] ^= 1;
  b.arrive_at(1, f);
  sc_core::sc_start();
  EXPECT_EQ(b.uec.mac().rx_stats().drops.at("fcs_error"), 1u);
  EXPECT_TRUE(b.bd(kRingA).status & kBdEmpty);
}

// Ready Tx BDs leave back to back and close; one with its I bit raises the
// queue's source as it closes (the Tx confirmation).
TEST(Uec, TxSendsReadyBdsBackToBackAndHandsThemBack) {
  Bench b;
  std::vector<std::pair<sc_time, std::vector<uint8_t>>> wire;
  b.uec.mac().tx_wire().connect([&](eth::Frame* f) {
    wire.emplace_back(ws::now(), std::vector<uint8_t>(f->bytes.begin(), f->bytes.begin() + f->len));
    b.pool.put(f);
  });
  constexpr uint64_t kTx = 0x3000;
  for (unsigned i = 0; i < 3; ++i) {
    eth::Frame* f = b.frame(kMacA, uint8_t(i));
    b.mem.write(kBufs + i * 0x800, f->bytes.data(), 60);  // without FCS: the MAC appends it
    b.pool.put(f);
    b.put_bd(kTx + i * kBdBytes, Bd{uint16_t((i < 2 ? kBdReady : 0) | (i == 1 ? kBdInterrupt : 0) | kBdLast | kBdTxCrc |
                                             (i == 2 ? kBdWrap : 0)), 60, uint32_t(kBufs + i * 0x800)});
  }
  b.uec.set_tx_ring(0, kTx, 1);
  b.sched.at(sc_time(1, SC_US), [&] { b.uec.transmit_on_demand(); });
  sc_core::sc_start();
  ASSERT_EQ(wire.size(), 2u) << "only BDs with R set are sent";
  EXPECT_EQ(wire[0].second.size(), 64u);
  EXPECT_TRUE(eth::fcs_ok(wire[0].second.data(), 64));
  EXPECT_EQ(wire[0].second[eth::kUdpPayloadOffset], 0);
  EXPECT_EQ(wire[1].second[eth::kUdpPayloadOffset], 1);
  EXPECT_EQ(wire[1].first - wire[0].first, sc_time(672, SC_NS)) << "back to back on the wire";
  EXPECT_FALSE(b.bd(kTx).status & kBdReady);
  EXPECT_FALSE(b.bd(kTx + kBdBytes).status & kBdReady);
  EXPECT_EQ(b.uec.tx_frames(), 2u);
  EXPECT_EQ(b.irqs, std::vector<unsigned>{1}) << "the second BD's I bit: the queue's Tx confirmation, once";
}

namespace {

// Frames of 64 B back to back at line rate into a 16-BD ring; returns the times
// their BDs closed (the interrupts).
std::vector<sc_time> close_times(Bench& b, unsigned frames) {
  for (unsigned i = 0; i < 16; ++i)
    b.put_bd(kRingA + i * kBdBytes, Bd{uint16_t(kBdEmpty | kBdInterrupt | (i == 15 ? kBdWrap : 0)), 0,
                                       uint32_t(kBufs + i * 0x800)});
  b.uec.set_rx_ring(0, kRingA, 0);
  b.uec.add_lookup(kMacA, 0);
  for (unsigned i = 0; i < frames; ++i) b.arrive_at(1 + i * 0.672, b.frame(kMacA, uint8_t(i)));
  sc_core::sc_start();
  return b.irq_times;
}

}  // namespace

TEST(Uec, OneRxThreadTakesTheNextFrameOnlyWhenItsFrameIsPlaced) {
  // 980 + 20 QE cycles of Rx microcode = 2.5 us per frame on a RISC, far longer than the 0.672 us
  // between frames: with one thread the frames queue in the FIFO and close one thread latency apart.
  Bench b(uec_config(980));
  const auto t = close_times(b, 6);
  ASSERT_EQ(t.size(), 6u) << "every frame waits in the FIFO, none is lost";
  for (size_t i = 1; i < t.size(); ++i) EXPECT_GE(t[i] - t[i - 1], sc_time(2500, SC_NS)) << "frame " << i;
  EXPECT_EQ(b.stats.resource("uec.rx_thread0")->ops, 6u);
  for (unsigned i = 0; i < 6; ++i) {
    uint8_t tag;
    b.mem.read(kBufs + i * 0x800 + eth::kUdpPayloadOffset, &tag, 1);
    EXPECT_EQ(tag, i) << "frames are placed in arrival order";
  }
}

TEST(Uec, TwoRxThreadsOverlapTwoFramesOnTheTwoRiscs) {
  Bench b(uec_config(980, 100, 2));
  const auto t = close_times(b, 6);
  ASSERT_EQ(t.size(), 6u);
  // One thread needs at least 5 x 2.5 us between the first and the last close; two need half.
  EXPECT_LT(t.back() - t.front(), sc_time(8, SC_US));
  EXPECT_EQ(b.stats.resource("uec.rx_thread0")->ops + b.stats.resource("uec.rx_thread1")->ops, 6u);
  EXPECT_EQ(b.pool.in_use(), 0u);
}

namespace {

// `bds` ready Tx BDs (a ring of that many) with 2000 QE cycles (5 us) of Tx
// microcode each, sent by `threads` Tx threads; returns when the last frame
// reached the wire and checks the wire got each once, in BD order.
sc_time send_ring(unsigned bds, unsigned threads) {
  Bench b(uec_config(100, 2000, 1, threads));
  std::vector<uint8_t> order;
  sc_time last;
  b.uec.mac().tx_wire().connect([&](eth::Frame* f) {
    order.push_back(f->bytes[eth::kUdpPayloadOffset]);
    last = ws::now();
    b.pool.put(f);
  });
  constexpr uint64_t kTx = 0x3000;
  std::vector<uint8_t> expected;
  for (unsigned i = 0; i < bds; ++i) {
    eth::Frame* f = b.frame(kMacA, uint8_t(i));
    b.mem.write(kBufs + i * 0x800, f->bytes.data(), 60);
    b.pool.put(f);
    b.put_bd(kTx + i * kBdBytes, Bd{uint16_t(kBdReady | kBdLast | kBdTxCrc | (i + 1 == bds ? kBdWrap : 0)), 60,
                                    uint32_t(kBufs + i * 0x800)});
    expected.push_back(uint8_t(i));
  }
  b.uec.set_tx_ring(0, kTx, 0);
  b.sched.at(sc_time(1, SC_US), [&] { b.uec.transmit_on_demand(); });
  sc_core::sc_start();
  EXPECT_EQ(order, expected) << threads << " Tx threads on " << bds << " BDs";
  for (unsigned i = 0; i < bds; ++i) EXPECT_FALSE(b.bd(kTx + i * kBdBytes).status & kBdReady);
  EXPECT_EQ(b.pool.in_use(), 0u);
  return last;
}

}  // namespace

TEST(Uec, OneTxThreadSendsOneFrameAtATime) { EXPECT_GE(send_ring(4, 1), sc_time(21, SC_US)); }

TEST(Uec, TwoTxThreadsOverlapFramesButTheWireGetsThemInBdOrder) { EXPECT_LE(send_ring(4, 2), sc_time(14, SC_US)); }

// Four Tx threads on a two-BD ring: the cursor wraps onto BDs still in threads,
// which must not be fetched (and sent) again.
TEST(Uec, ATxBdAThreadHoldsIsNotFetchedAgain) { send_ring(2, 4); }

TEST(Uec, IdleRxThreadsAreTakenInTurn) {
  Bench b(uec_config(980, 100, 4));
  for (unsigned i = 0; i < 16; ++i)
    b.put_bd(kRingA + i * kBdBytes, Bd{uint16_t(kBdEmpty | kBdInterrupt | (i == 15 ? kBdWrap : 0)), 0,
                                       uint32_t(kBufs + i * 0x800)});
  b.uec.set_rx_ring(0, kRingA, 0);
  b.uec.add_lookup(kMacA, 0);
  // Frames far apart: each finds every thread idle; the busy time must still spread over all four.
  for (unsigned i = 0; i < 8; ++i) b.arrive_at(1 + i * 10.0, b.frame(kMacA, uint8_t(i)));
  sc_core::sc_start();
  for (unsigned k = 0; k < 4; ++k)
    EXPECT_EQ(b.stats.resource("uec.rx_thread" + std::to_string(k))->ops, 2u) << "thread " << k;
}
