// The CPDMA's two host-protocol rules, which a driver's mistake once broke
// silently (the DMA then read address 0): a head pointer written to a channel
// that still has a queue is refused, and a packet reached without the OWNER
// and SOP flags on its first descriptor is a host error (DMA_STATUS). A queue
// handed over as the rules ask leaves whole.
#include <gtest/gtest.h>
#include <systemc>
#include <exception>
#include <string>
#include <vector>
#include "models/eth/cpdma.hpp"
#include "models/irq/irq_controller.hpp"
#include "models/mem/memory.hpp"
#include "tests/unit/mac_dma_bench.hpp"

using namespace ws;
namespace cp = eth::cpdma;
using sc_core::sc_time;
using sc_core::SC_US;

namespace {

struct Pic : IrqController {
  Pic() : IrqController("pic", 0) {}
  void raise(unsigned) override {}
};

struct Bench : test::MacDmaBench {
  Pic pic;
  eth::Cpdma dma{"cpdma", eth::Cpdma::Config{}, sched, stats, pool, pic, 0};
  std::vector<uint32_t> sent;  // each frame's length on the wire
  Bench() {
    dma.socket.bind(mem.socket);
    dma.mac().tx_wire().connect([this](eth::Frame* f) {
      sent.push_back(f->len);
      pool.put(f);
    });
  }
  // The message of what running for `us` microseconds throws ("" if nothing).
  std::string run_for(double us) {
    try {
      sc_core::sc_start(sc_time(us, SC_US));
    } catch (const std::exception& e) {
      return e.what();
    }
    return "";
  }
  // Packet `i`: one 100 B descriptor (SOP, EOP, OWNER) linked to `next` (0: the queue's end).
  uint64_t packet(unsigned i, uint64_t next) {
    const uint64_t desc = 0x1000 + i * 0x20, buf = 0x8000 + i * 0x800;
    std::vector<uint8_t> bytes(100, uint8_t(i));
    mem.write(buf, bytes.data(), bytes.size());
    uint8_t raw[cp::kDescBytes];
    cp::encode({uint32_t(next), uint32_t(buf), 100, cp::kSop | cp::kEop | cp::kOwner | 100}, raw);
    mem.write(desc, raw, cp::kDescBytes);
    return desc;
  }
};

}  // namespace

TEST(Cpdma, AQueueHandedOverByTheRulesLeavesWhole) {
  Bench b;
  const uint64_t second = b.packet(1, 0), first = b.packet(0, second);
  b.sched.at(sc_time(0, SC_US), [&] { b.dma.write_tx_hdp(first); });
  ASSERT_EQ(b.run_for(20), "");
  ASSERT_EQ(b.sent.size(), 2u);
  for (uint32_t len : b.sent) EXPECT_EQ(len, 104u) << "100 B and the FCS";
  // The queue ended: a new one may start.
  const uint64_t third = b.packet(2, 0);
  b.sched.at(sc_time(25, SC_US), [&] { b.dma.write_tx_hdp(third); });
  ASSERT_EQ(b.run_for(20), "");
  EXPECT_EQ(b.sent.size(), 3u);
}

TEST(Cpdma, AHeadPointerWrittenWhileTheChannelHasAQueueIsRefused) {
  Bench b;
  const uint64_t second = b.packet(1, 0), first = b.packet(0, second);
  // The DMA takes the first packet and holds the second as its next: a second start is refused.
  b.sched.at(sc_time(0, SC_US), [&] {
    b.dma.write_tx_hdp(first);
    b.dma.write_tx_hdp(second);
  });
  EXPECT_NE(b.run_for(20).find("while the channel is at"), std::string::npos);
}

TEST(Cpdma, APacketStartedAgainIsAHostError) {
  Bench b;
  const uint64_t only = b.packet(0, 0);
  b.sched.at(sc_time(0, SC_US), [&] { b.dma.write_tx_hdp(only); });
  ASSERT_EQ(b.run_for(20), "");
  ASSERT_EQ(b.sent.size(), 1u);
  // Its descriptor went back to the host (OWNER clear): started again, it is
  // the host's error, not a read of the buffer at address 0.
  b.sched.at(sc_time(25, SC_US), [&] { b.dma.write_tx_hdp(only); });
  EXPECT_NE(b.run_for(20).find("host error"), std::string::npos);
  EXPECT_EQ(b.sent.size(), 1u);
}
