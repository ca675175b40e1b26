// The DesignWare-style EMAC: descriptor ownership and ring wrap on Rx and Tx,
// real bytes through the DMA, suspension without descriptors (missed frames,
// resumption on the next frame), Rx FIFO overflow counted, interrupt status
// cleared by writing it (level or edge input), checksum insertion and checking.
#include <gtest/gtest.h>
#include <systemc>
#include <vector>
#include "models/eth/dw_emac.hpp"
#include "models/eth/headers.hpp"
#include "models/eth/inet_checksum.hpp"
#include "models/cpu/cpu.hpp"
#include "models/irq/epic.hpp"
#include "models/mem/memory.hpp"

using namespace ws;
using namespace ws::eth;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

namespace {

constexpr uint64_t kRx = 0x1000, kTx = 0x2000, kBufs = 0x10000;

struct Bench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  FramePool pool;
  Memory mem{"mem", Memory::Config{1 << 20, 20, 4, 1, false}, stats};
  Epic pic{0};
  DwEmac emac;
  Cpu core{"core", Cpu::Config{1e9, Cache::Config{4096, 2, 32}, Cache::Config{4096, 2, 32}, 0, 0, 0, 0}, sched, stats,
           nullptr};
  unsigned irqs = 0;
  std::vector<std::vector<uint8_t>> sent;  // frames that left on the wire

  explicit Bench(uint32_t fifo = 16384)
      : emac("emac", DwEmac::Config{100e6, fifo, 10}, sched, stats, pool, pic, 0) {
    emac.socket.bind(mem.socket);
    core.socket.bind(mem.socket);
    pic.route(0, &core, 0);
    core.on_raise = [this](unsigned, const sc_time&) { ++irqs; };
    emac.mac().tx_wire().connect([this](Frame* f) {
      sent.emplace_back(f->bytes.begin(), f->bytes.begin() + f->len);
      pool.put(f);
    });
  }
  void put(uint64_t addr, const dw::Desc& d) {
    uint8_t raw[dw::kDescBytes];
    dw::encode(d, raw);
    mem.write(addr, raw, dw::kDescBytes);
  }
  dw::Desc get(uint64_t addr) {
    uint8_t raw[dw::kDescBytes];
    mem.read(addr, raw, dw::kDescBytes);
    return dw::decode(raw);
  }
  // A 100 B frame with a valid FCS whose bytes start at `tag`, arriving at `t`.
  void arrive(sc_time t, uint8_t tag) {
    sched.at(t, [this, tag] {
      Frame* f = pool.get();
      for (uint32_t i = 0; i < 96; ++i) f->bytes[i] = uint8_t(tag + i);
      f->len = uint32_t(append_fcs(f->bytes.data(), 96));
      emac.mac().receive(f);
    });
  }
};

}  // namespace

TEST(DwEmac, RxFillsOwnedDescriptorsAndWrapsASuspendedDmaMissesFramesAndResumesOnTheNext) {
  Bench b;
  for (unsigned i = 0; i < 4; ++i)
    b.put(kRx + i * 16, {dw::kOwn, (i == 3 ? dw::kEndOfRing : 0u) | 1536u, uint32_t(kBufs + i * 2048), 0});
  b.emac.set_rx_ring(kRx);
  b.emac.set_interrupt_enable(DwEmac::kRi);
  for (int k = 0; k < 5; ++k) b.arrive(sc_time(100.0 * (k + 1), SC_US), uint8_t(k * 10));
  // The fifth frame finds descriptor 0 the host's: the DMA suspends and discards
  // it (a missed frame). The host then gives descriptor 0 back without a poll
  // demand: the next frame's arrival makes the DMA fetch it again.
  b.sched.at(sc_time(1000, SC_US), [&] {
    EXPECT_TRUE(b.emac.status() & DwEmac::kRu) << "the fifth found no descriptor";
    b.put(kRx, {dw::kOwn, 1536u, uint32_t(kBufs), 0});
  });
  b.arrive(sc_time(1100, SC_US), 60);
  sc_core::sc_start();
  for (unsigned i = 0; i < 4; ++i) {
    const dw::Desc d = b.get(kRx + i * 16);
    EXPECT_FALSE(d.des0 & dw::kOwn) << "descriptor " << i << " handed back";
    EXPECT_EQ((d.des0 >> dw::kRxLengthShift) & 0x3FFF, 100u) << "96 B and the FCS";
    EXPECT_TRUE(d.des0 & dw::kRxFirst && d.des0 & dw::kRxLast);
  }
  uint8_t first = 0;
  b.mem.read(kBufs, &first, 1);
  EXPECT_EQ(first, 60) << "the sixth frame wrapped into descriptor 0; the fifth was missed";
  uint8_t third[96];
  b.mem.read(kBufs + 2 * 2048, third, 96);
  for (int i = 0; i < 96; ++i) ASSERT_EQ(third[i], uint8_t(20 + i)) << "real bytes";
  EXPECT_EQ(b.emac.rx_frames(), 5u);
  EXPECT_EQ(b.stats.drops_by_reason().at("emac.rx_fifo.rx_missed"), 1u);
  EXPECT_TRUE(b.emac.status() & DwEmac::kRi);
  EXPECT_EQ(b.irqs, 1u) << "raised once: the status stayed set, nobody cleared it";
  b.emac.clear_status(DwEmac::kRi | DwEmac::kRu);
  EXPECT_EQ(b.emac.status(), 0u) << "write 1 to clear";
}

TEST(DwEmac, AFullRxFifoDropsAndCounts) {
  Bench b(256);  // room for two 100 B frames
  for (unsigned i = 0; i < 8; ++i)
    b.put(kRx + i * 16, {dw::kOwn, (i == 7 ? dw::kEndOfRing : 0u) | 1536u, uint32_t(kBufs + i * 2048), 0});
  b.emac.set_rx_ring(kRx);
  for (int k = 0; k < 5; ++k) b.arrive(sc_time(10, SC_US), uint8_t(k));  // a burst faster than the DMA stores
  sc_core::sc_start();
  EXPECT_EQ(b.stats.drops_by_reason().at("emac.rx_fifo.rx_fifo_full"), 3u);
  EXPECT_EQ(b.emac.rx_frames(), 2u);
}

namespace {
// A frame completes while the handler of a Tx interrupt runs, then the handler
// clears the TI it read: the interrupts the core saw.
unsigned interrupts_when_a_clear_leaves_rx(bool edge) {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  FramePool pool;
  Epic pic{0};
  DwEmac emac("emac", DwEmac::Config{100e6, 16384, 10, edge}, sched, stats, pool, pic, 0);
  Memory mem{"mem", Memory::Config{1 << 20, 20, 4, 1, false}, stats};
  emac.socket.bind(mem.socket);
  uint8_t raw[dw::kDescBytes];
  dw::encode({dw::kOwn, dw::kTxIrqOnComplete | dw::kTxFirst | dw::kTxLast | dw::kEndOfRing | 60u, uint32_t(kBufs), 0},
             raw);
  mem.write(kTx, raw, dw::kDescBytes);
  dw::encode({dw::kOwn, dw::kEndOfRing | 1536u, uint32_t(kBufs + 4096), 0}, raw);
  mem.write(kRx, raw, dw::kDescBytes);
  Cpu core{"core", Cpu::Config{1e9, Cache::Config{4096, 2, 32}, Cache::Config{4096, 2, 32}, 0, 0, 0, 0}, sched, stats,
           nullptr};
  core.socket.bind(mem.socket);
  pic.route(0, &core, 0);
  unsigned irqs = 0;
  core.on_raise = [&](unsigned, const sc_time&) { ++irqs; };
  emac.mac().tx_wire().connect([&](Frame* f) { pool.put(f); });
  emac.set_tx_ring(kTx);
  emac.set_rx_ring(kRx);
  emac.set_interrupt_enable(DwEmac::kRi | DwEmac::kTi);
  sched.at(sc_time(1, SC_US), [&] { emac.tx_poll_demand(); });  // TI: the output rises
  sched.at(sc_time(50, SC_US), [&] {
    Frame* f = pool.get();
    f->len = uint32_t(append_fcs(f->bytes.data(), 96));
    emac.mac().receive(f);
  });
  sched.at(sc_time(100, SC_US), [&] { emac.clear_status(DwEmac::kTi); });
  sc_core::sc_start(sc_time(200, SC_US));
  EXPECT_TRUE(emac.status() & DwEmac::kRi);
  return irqs;
}
}  // namespace

// A level input interrupts again while a status bit is left set after a
// clear; an edge input only when the output rises (emac.irq_trigger).
TEST(DwEmac, ALevelInputInterruptsAgainForWhatAClearLeaves) { EXPECT_EQ(interrupts_when_a_clear_leaves_rx(false), 2u); }
TEST(DwEmac, AnEdgeInputDoesNotInterruptForWhatAClearLeaves) { EXPECT_EQ(interrupts_when_a_clear_leaves_rx(true), 1u); }

// Checksum offload: the DMA fills in the IPv4 and TCP/UDP checksums a
// descriptor asks for (TDES1 CIC), and flags a received frame whose checksum
// is wrong when the MAC's Rx checksum engine is on.
TEST(DwEmac, TxInsertsTheChecksumsADescriptorAsksForAndRxFlagsABadOne) {
  Bench b;
  std::vector<uint8_t> frame(14 + 20 + 20 + 40, 0);
  frame[12] = 0x08;  // IPv4
  frame[14] = 0x45;
  put16(frame.data() + 16, 20 + 20 + 40);
  frame[22] = 64, frame[23] = 6;  // TTL, TCP
  put32(frame.data() + 26, 0xC0A80A02), put32(frame.data() + 30, 0xC0A80A01);
  frame[14 + 20 + 12] = 0x50;  // data offset: 5 words
  for (size_t i = 54; i < frame.size(); ++i) frame[i] = uint8_t(i * 7);
  ASSERT_FALSE(checksums_ok(frame.data(), frame.size())) << "both checksums are still 0";
  b.mem.write(kBufs, frame.data(), frame.size());
  b.put(kTx, {dw::kOwn, dw::kTxChecksumFull | dw::kTxFirst | dw::kTxLast | uint32_t(frame.size()), uint32_t(kBufs), 0});
  b.put(kTx + 16, {0, dw::kEndOfRing, 0, 0});  // the host's: the DMA stops there
  b.emac.set_tx_ring(kTx);
  b.sched.at(sc_time(1, SC_US), [&] { b.emac.tx_poll_demand(); });
  // Rx: the same frame with a byte of its payload changed after the checksums.
  b.put(kRx, {dw::kOwn, dw::kEndOfRing | 1536u, uint32_t(kBufs + 8192), 0});
  b.emac.set_rx_ring(kRx);
  b.emac.set_rx_checksum_offload(true);
  b.sched.at(sc_time(100, SC_US), [&] {
    ASSERT_EQ(b.sent.size(), 1u);
    Frame* f = b.pool.get();
    std::copy(b.sent[0].begin(), b.sent[0].end() - 4, f->bytes.begin());
    f->bytes[60] ^= 1;
    f->len = uint32_t(append_fcs(f->bytes.data(), b.sent[0].size() - 4));
    b.emac.mac().receive(f);
  });
  sc_core::sc_start();
  ASSERT_EQ(b.sent.size(), 1u);
  EXPECT_TRUE(checksums_ok(b.sent[0].data(), b.sent[0].size() - 4)) << "IPv4 and TCP checksums filled in";
  EXPECT_TRUE(fcs_ok(b.sent[0].data(), b.sent[0].size()));
  const dw::Desc d = b.get(kRx);
  EXPECT_TRUE(d.des0 & dw::kRxErrorSummary) << "the bad TCP checksum is flagged";
}

TEST(DwEmac, TxSendsOwnedDescriptorsOnAPollDemandThenSuspends) {
  Bench b;
  std::vector<uint8_t> frame(60);
  for (int f = 0; f < 2; ++f) {
    for (size_t i = 0; i < frame.size(); ++i) frame[i] = uint8_t(f * 100 + i);
    b.mem.write(kBufs + f * 2048, frame.data(), frame.size());
    b.put(kTx + f * 16, {dw::kOwn, dw::kTxIrqOnComplete | dw::kTxFirst | dw::kTxLast | (f == 1 ? dw::kEndOfRing : 0u) | 60u,
                         uint32_t(kBufs + f * 2048), 0});
  }
  b.emac.set_tx_ring(kTx);
  b.sched.at(sc_time(1, SC_US), [&] { b.emac.tx_poll_demand(); });
  sc_core::sc_start();
  ASSERT_EQ(b.sent.size(), 2u);
  EXPECT_EQ(b.sent[1].size(), 64u) << "60 B and the FCS the MAC appends";
  EXPECT_EQ(b.sent[1][0], 100);
  EXPECT_TRUE(fcs_ok(b.sent[0].data(), b.sent[0].size()));
  EXPECT_FALSE(b.get(kTx).des0 & dw::kOwn);
  EXPECT_FALSE(b.get(kTx + 16).des0 & dw::kOwn);
  EXPECT_TRUE(b.emac.status() & DwEmac::kTi);
  EXPECT_TRUE(b.emac.status() & DwEmac::kTu) << "descriptor 0 again, not owned: suspended";
  EXPECT_EQ(b.emac.tx_frames(), 2u);
}
