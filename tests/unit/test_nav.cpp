// Multicore Navigator: QMSS queues through their Queue N registers (push and
// pop, counts, FIFO order, a debug read that does not pop), the accumulator's
// list and interrupt times in each pacing mode, and the packet DMA's Rx flows
// (free descriptors, starvation) and Tx channels (descriptor recycling).
#include <gtest/gtest.h>
#include <systemc>
#include <vector>
#include "models/cpu/cpu.hpp"
#include "models/irq/epic.hpp"
#include "models/mem/memory.hpp"
#include "models/nav/accumulator.hpp"
#include "models/nav/descriptor.hpp"
#include "models/nav/packet_dma.hpp"
#include "models/nav/qmss.hpp"
#include "tests/unit/tlm_test_initiator.hpp"

using namespace ws;
using namespace ws::nav;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;
using sc_core::SC_ZERO_TIME;

namespace {
uint32_t reg(test::TestInitiator& cpu, tlm::tlm_command cmd, uint64_t addr, uint32_t v, sc_time& delay) {
  std::vector<uint8_t> d = {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)};
  EXPECT_EQ(cpu.access(cmd, addr, d, delay).status, tlm::TLM_OK_RESPONSE);
  return uint32_t(d[0]) | uint32_t(d[1]) << 8 | uint32_t(d[2]) << 16 | uint32_t(d[3]) << 24;
}

// A queue manager with 64 queues, 20 ns an access, and a core on its registers.
struct QmBench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  Qmss qm{"qm", Qmss::Config{64, 20}, sched, stats};
  test::TestInitiator cpu{"cpu"};
  QmBench() { cpu.socket.bind(qm.socket); }
};
}  // namespace

TEST(Qmss, QueueRegistersPushPopAndCountInOrder) {
  QmBench b;
  auto& [sched, stats, qm, cpu] = b;
  const uint64_t q5 = 5 * Qmss::kQueueStride;
  sc_time delay;
  for (uint32_t d : {0x1000u, 0x1080u, 0x1100u}) reg(cpu, tlm::TLM_WRITE_COMMAND, q5 + 12, d, delay);
  EXPECT_EQ(delay, sc_time(60, SC_NS)) << "three register accesses";
  EXPECT_EQ(reg(cpu, tlm::TLM_READ_COMMAND, q5 + 0, 0, delay), 3u) << "register A: the entry count";
  // A debug read of register D must not pop.
  tlm::tlm_generic_payload t;
  uint32_t v = 0;
  t.set_command(tlm::TLM_READ_COMMAND);
  t.set_address(q5 + 12);
  t.set_data_ptr(reinterpret_cast<uint8_t*>(&v));
  t.set_data_length(4);
  EXPECT_EQ(cpu.socket->transport_dbg(t), 0u);
  EXPECT_EQ(reg(cpu, tlm::TLM_READ_COMMAND, q5 + 12, 0, delay), 0x1000u) << "FIFO: the head first";
  sched.at(sc_time(1, SC_US), [&] {  // hardware's side, once the pushes have landed
    EXPECT_EQ(qm.count(5), 2u);
    EXPECT_EQ(qm.pop(5), 0x1080u);
    sc_time later = SC_ZERO_TIME;
    EXPECT_EQ(reg(cpu, tlm::TLM_READ_COMMAND, q5 + 12, 0, later), 0x1100u);
    EXPECT_EQ(reg(cpu, tlm::TLM_READ_COMMAND, q5 + 12, 0, later), 0u) << "an empty queue pops 0";
    EXPECT_EQ(qm.count(5), 0u);
  });
  sc_core::sc_start(sc_time(2, SC_US));
  std::vector<uint8_t> d(4);
  EXPECT_EQ(cpu.access(tlm::TLM_READ_COMMAND, 64 * Qmss::kQueueStride, d, delay).status, tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

// A push through the registers takes effect when the access reaches the queue
// manager, not when a core running ahead makes the call (issue 37: the 66AK2H's
// packet DMA sent a segment up to 300 us before its A15 had built it, and its
// ACK came back 3 us after the core's send). The core's own later pops see it.
TEST(Qmss, APushTakesEffectWhenItsAccessLands) {
  QmBench b;
  auto& [sched, stats, qm, cpu] = b;
  std::vector<sc_time> heard;
  qm.watch(4, [&] { heard.push_back(ws::now()); });
  const uint64_t q4 = 4 * Qmss::kQueueStride;
  sched.at(sc_time(1, SC_US), [&] {
    sc_time ahead(10, SC_US);  // the core's cursor leads simulated time
    reg(cpu, tlm::TLM_WRITE_COMMAND, q4 + 12, 0x3000, ahead);
    EXPECT_EQ(qm.count(4), 0u) << "hardware does not see it yet";
    EXPECT_EQ(qm.pop(4), 0u);
    sc_time before(5, SC_US);
    EXPECT_EQ(reg(cpu, tlm::TLM_READ_COMMAND, q4 + 0, 0, before), 0u) << "nor does an access that lands earlier";
    EXPECT_EQ(reg(cpu, tlm::TLM_READ_COMMAND, q4 + 0, 0, ahead), 1u) << "the pushing core's later access does";
  });
  sched.at(sc_time(12, SC_US), [&] { EXPECT_EQ(qm.pop(4), 0x3000u); });
  sc_core::sc_start(sc_time(20, SC_US));
  ASSERT_EQ(heard.size(), 1u);
  EXPECT_EQ(heard[0], sc_time(11020, SC_NS)) << "the watcher hears it at 1 us + 10 us ahead + the access";
}

// The queue manager takes one register access at a time: two that reach it
// together end one access apart (an 8 us access_ns once read 113 % busy).
TEST(Qmss, AccessesThatArriveTogetherAreServedInTurn) {
  QmBench b;
  sc_time first, second;
  reg(b.cpu, tlm::TLM_WRITE_COMMAND, 4 * Qmss::kQueueStride + 12, 0x3000, first);
  reg(b.cpu, tlm::TLM_WRITE_COMMAND, 4 * Qmss::kQueueStride + 12, 0x3040, second);
  EXPECT_EQ(first, sc_time(20, SC_NS));
  EXPECT_EQ(second, sc_time(40, SC_NS)) << "after the first";
  EXPECT_EQ(b.stats.resource("qm")->busy, sc_time(40, SC_NS));
}

TEST(Navigator, HostDescriptorRoundTrips) {
  HostDesc h{1514, 7, 0x2345, 1536, 0x80001000, 0, 1536, 0x80001000};
  uint8_t raw[kDescBytes];
  h.encode(raw);
  const HostDesc g = HostDesc::decode(raw);
  EXPECT_EQ(g.packet_len, 1514u);
  EXPECT_EQ(g.return_queue, 0x2345u);
  EXPECT_EQ(g.buffer, 0x80001000u);
  EXPECT_EQ(raw[0], uint8_t(1514 & 0xFF)) << "little-endian words";
}

namespace {
// An accumulator on queue 3 with 4-entry pages; interrupts are recorded by time.
struct AccBench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  Qmss qm{"qm", Qmss::Config{16, 0}, sched, stats};
  Memory mem{"mem", Memory::Config{1 << 16, 0, 16, 1, false}, stats};
  Epic pic{0};
  Cpu core{"core", Cpu::Config{1e9, Cache::Config{4096, 2, 32}, Cache::Config{4096, 2, 32}, 0, 0, 0, 0}, sched, stats,
           nullptr};
  Accumulator acc;
  test::TestInitiator host{"host"};  // the Queue N registers' side
  std::vector<sc_time> irqs;
  AccBench(Pacing mode, unsigned count, unsigned entries = 4)
      : acc("acc", Accumulator::Config{3, entries, 0x1000, mode, count, 25}, qm, sched, pic, 0) {
    acc.socket.bind(mem.socket);
    core.socket.bind(mem.socket);
    host.socket.bind(qm.socket);
    pic.route(0, &core, 0);
    core.on_raise = [this](unsigned, const sc_time&) { irqs.push_back(ws::now()); };
  }
  void push_at(double us, uint32_t desc) {
    sched.at(sc_time(us, SC_US), [this, desc] { qm.push(3, desc); });
  }
  uint32_t word(uint64_t addr) {
    uint8_t w[4];
    mem.read(addr, w, 4);
    return uint32_t(w[0]) | uint32_t(w[1]) << 8 | uint32_t(w[2]) << 16 | uint32_t(w[3]) << 24;
  }
};
}  // namespace

TEST(Accumulator, NoPacingInterruptsOnAFullPageOnly) {
  AccBench b(Pacing::None, 0);
  for (uint32_t k = 0; k < 3; ++k) b.push_at(10, 0x100 + k * 0x80);
  b.push_at(110, 0x280);
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  ASSERT_EQ(b.irqs.size(), 1u) << "three entries wait; the fourth fills the page";
  EXPECT_EQ(b.irqs[0], sc_time(125, SC_US)) << "the tick after the fourth push";
  EXPECT_EQ(b.word(0x1000), 4u) << "word 0: the count";
  EXPECT_EQ(b.word(0x1004), 0x100u);
  EXPECT_EQ(b.word(0x1010), 0x280u);
}

TEST(Accumulator, LastInterruptWithNoDelayInterruptsOnTheNextTick) {
  AccBench b(Pacing::LastInterrupt, 0);
  b.push_at(10, 0x100);
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  ASSERT_EQ(b.irqs.size(), 1u);
  EXPECT_EQ(b.irqs[0], sc_time(25, SC_US));
}

TEST(Accumulator, FirstNewPacketCountsFromThePagesFirstEntry) {
  AccBench b(Pacing::FirstNewPacket, 2);
  b.push_at(10, 0x100);
  b.push_at(60, 0x180);
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  ASSERT_EQ(b.irqs.size(), 1u);
  EXPECT_EQ(b.irqs[0], sc_time(75, SC_US)) << "placed at 25 us, two ticks of 25 us";
  EXPECT_EQ(b.word(0x1000), 2u) << "the second arrived before the timer ran out";
}

TEST(Accumulator, LastNewPacketRestartsAtEveryEntry) {
  AccBench b(Pacing::LastNewPacket, 2);
  b.push_at(10, 0x100);
  b.push_at(60, 0x180);
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  ASSERT_EQ(b.irqs.size(), 1u);
  EXPECT_EQ(b.irqs[0], sc_time(125, SC_US)) << "two ticks after the entry placed at 75 us";
}

TEST(Accumulator, LastInterruptHoldsOffForItsCountAfterAnInterrupt) {
  AccBench b(Pacing::LastInterrupt, 4);
  b.sched.at(sc_time(30, SC_US), [&] { b.acc.ack(); });
  b.push_at(10, 0x100);   // the count has run (none before): interrupt at 25 us
  b.push_at(40, 0x180);   // four ticks after 25 us: at 125 us
  b.sched.at(sc_time(130, SC_US), [&] { b.acc.ack(); });
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  ASSERT_EQ(b.irqs.size(), 2u);
  EXPECT_EQ(b.irqs[0], sc_time(25, SC_US));
  EXPECT_EQ(b.irqs[1], sc_time(125, SC_US));
}

// Ping/pong: with both pages the host's, descriptors wait in the queue until an ack.
TEST(Accumulator, BothPagesWithTheHostStallTheFirmwareUntilAnAck) {
  AccBench b(Pacing::None, 0, 1);
  for (uint32_t k = 0; k < 3; ++k) b.push_at(10, 0x100 + k * 0x80);
  b.sched.at(sc_time(210, SC_US), [&] {
    EXPECT_EQ(b.qm.count(3), 1u) << "the third waits";
    EXPECT_EQ(b.acc.host_page(), 1u);
    b.acc.ack();
  });
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  ASSERT_EQ(b.irqs.size(), 3u);
  EXPECT_EQ(b.irqs[0], sc_time(25, SC_US));
  EXPECT_EQ(b.irqs[1], sc_time(50, SC_US));
  EXPECT_EQ(b.irqs[2], sc_time(225, SC_US)) << "the tick after the ack";
  EXPECT_EQ(b.word(b.acc.page_address(0) + 4), 0x200u) << "page 0 again, with the third";
}

namespace {
struct DmaBench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  Qmss qm{"qm", Qmss::Config{16, 0}, sched, stats};
  Memory mem{"mem", Memory::Config{1 << 20, 10, 8, 1, false}, stats};
  PacketDma dma{"dma", PacketDma::Config{20}, qm, sched, stats};
  test::TestInitiator host{"host"};
  DmaBench() {
    dma.socket.bind(mem.socket);
    host.socket.bind(qm.socket);
  }
  // A descriptor at `addr` with a buffer of `len` bytes at `buf`, returning to `ret`.
  void descriptor(uint32_t addr, uint32_t buf, uint32_t len, uint32_t packet_len, unsigned ret) {
    uint8_t raw[kDescBytes];
    HostDesc{packet_len, 0, ret, packet_len, buf, 0, len, buf}.encode(raw);
    mem.write(addr, raw, kDescBytes);
  }
};
}  // namespace

TEST(PacketDma, RxTakesFreeDescriptorsAndDropsWithoutOne) {
  DmaBench b;
  for (uint32_t k = 0; k < 2; ++k) {
    b.descriptor(0x1000 + k * 0x40, 0x10000 + k * 0x800, 1536, 0, 0);
    b.qm.push(1, 0x1000 + k * 0x40);
  }
  const unsigned flow = b.dma.add_rx_flow(1, 2);
  std::vector<uint8_t> frame(100);
  b.sched.at(sc_time(1, SC_US), [&] {
    for (uint8_t tag : {10, 20, 30}) {
      for (size_t i = 0; i < frame.size(); ++i) frame[i] = uint8_t(tag + i);
      b.dma.receive(flow, frame.data(), uint32_t(frame.size()));
    }
  });
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  EXPECT_EQ(b.qm.count(2), 2u);
  EXPECT_EQ(b.dma.rx_starved(), 1u) << "the third found the free queue empty";
  EXPECT_EQ(b.stats.drops_by_reason().at("dma.rx.free_queue_empty"), 1u);
  const uint32_t first = b.qm.pop(2);
  ASSERT_EQ(first, 0x1000u);
  uint8_t raw[kDescBytes];
  b.mem.read(first, raw, kDescBytes);
  EXPECT_EQ(HostDesc::decode(raw).packet_len, 100u);
  uint8_t got[100];
  b.mem.read(0x10000, got, 100);
  EXPECT_EQ(got[0], 10);
  EXPECT_EQ(got[99], uint8_t(10 + 99));
}

// Descriptor recycling: each sent descriptor comes back on its return queue,
// in order, once its packet has left.
TEST(PacketDma, TxReturnsEachDescriptorOnceItsPacketHasLeft) {
  DmaBench b;
  std::vector<std::pair<sc_time, std::vector<uint8_t>>> sent;
  b.dma.add_tx_channel(4, [&](const uint8_t* bytes, uint32_t len, const sc_time& ready) {
    const sc_time start = std::max(ready, sent.empty() ? sc_core::SC_ZERO_TIME : sent.back().first);
    sent.push_back({start + sc_time(len * 8.0, SC_NS), std::vector<uint8_t>(bytes, bytes + len)});
    return nav::PacketDma::Departure{start, sent.back().first};
  });
  for (uint32_t k = 0; k < 3; ++k) {
    std::vector<uint8_t> data(64 + k, uint8_t(0xA0 + k));
    b.mem.write(0x20000 + k * 0x800, data.data(), data.size());
    b.descriptor(0x3000 + k * 0x40, 0x20000 + k * 0x800, 1536, 64 + k, 7);
  }
  std::vector<sc_time> returned;
  b.qm.watch(7, [&] { returned.push_back(ws::now()); });
  b.sched.at(sc_time(1, SC_US), [&] {
    for (uint32_t k = 0; k < 3; ++k) b.qm.push(4, 0x3000 + k * 0x40);
  });
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  ASSERT_EQ(sent.size(), 3u);
  EXPECT_EQ(sent[2].second, std::vector<uint8_t>(66, 0xA2)) << "real bytes";
  ASSERT_EQ(returned.size(), 3u);
  for (size_t k = 0; k < 3; ++k) EXPECT_EQ(returned[k], sent[k].first) << "back when its packet left";
  for (uint32_t k = 0; k < 3; ++k) EXPECT_EQ(b.qm.pop(7), 0x3000 + k * 0x40) << "in order";
}

// The channel reads the next packet while one is on the wire: packets queued
// together leave back to back, the wire never waiting for the channel's reads.
TEST(PacketDma, TxReadsTheNextPacketWhileOneIsOnTheWire) {
  DmaBench b;
  std::vector<std::pair<sc_time, sc_time>> on_wire;  // start, end
  b.dma.add_tx_channel(4, [&](const uint8_t*, uint32_t len, const sc_time& ready) {
    const sc_time start = std::max(ready, on_wire.empty() ? sc_core::SC_ZERO_TIME : on_wire.back().second);
    on_wire.push_back({start, start + sc_time(len * 8.0, SC_NS)});
    return nav::PacketDma::Departure{on_wire.back().first, on_wire.back().second};
  });
  for (uint32_t k = 0; k < 3; ++k) {
    std::vector<uint8_t> data(1500, uint8_t(k));
    b.mem.write(0x20000 + k * 0x800, data.data(), data.size());
    b.descriptor(0x3000 + k * 0x40, 0x20000 + k * 0x800, 1536, 1500, 7);
  }
  b.sched.at(sc_time(1, SC_US), [&] {
    for (uint32_t k = 0; k < 3; ++k) b.qm.push(4, 0x3000 + k * 0x40);
  });
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  ASSERT_EQ(on_wire.size(), 3u);
  for (size_t k = 1; k < 3; ++k) EXPECT_EQ(on_wire[k].first, on_wire[k - 1].second) << "packet " << k;
}

// Rx flows and Tx channels are separate engines, each with its own resource:
// each counts its own operations, bytes and busy time (one shared resource
// summed both and read 106 % busy on the 66AK2H's put).
TEST(PacketDma, RxAndTxKeepTheirOwnBusyTime) {
  DmaBench b;
  b.dma.add_tx_channel(4, [](const uint8_t*, uint32_t len, const sc_time& ready) {
    return nav::PacketDma::Departure{ready, ready + sc_time(len * 8.0, SC_NS)};
  });
  const unsigned flow = b.dma.add_rx_flow(1, 2);
  std::vector<uint8_t> frame(1500, 0x5A);
  for (uint32_t k = 0; k < 8; ++k) {
    b.descriptor(0x1000 + k * 0x40, 0x10000 + k * 0x800, 1536, 0, 0);
    b.qm.push(1, 0x1000 + k * 0x40);
    b.mem.write(0x40000 + k * 0x800, frame.data(), frame.size());
    b.descriptor(0x3000 + k * 0x40, 0x40000 + k * 0x800, 1536, 1500, 7);
  }
  b.sched.at(sc_time(1, SC_US), [&] {
    for (uint32_t k = 0; k < 8; ++k) {
      b.qm.push(4, 0x3000 + k * 0x40);
      b.dma.receive(flow, frame.data(), uint32_t(frame.size()));
    }
  });
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  const ResourceStats& rx = *b.stats.resource("dma.rx");
  const ResourceStats& tx = *b.stats.resource("dma.tx");
  EXPECT_EQ(rx.ops, 8u);
  EXPECT_EQ(tx.ops, 8u);
  EXPECT_EQ(rx.bytes, 8u * 1500);
  EXPECT_EQ(tx.bytes, 8u * 1500);
  EXPECT_GT(rx.busy, sc_core::SC_ZERO_TIME);
  EXPECT_GT(tx.busy, sc_core::SC_ZERO_TIME);
}
