// Memory: sparse storage, TLM responses and the port/latency/bandwidth timing.
#include <gtest/gtest.h>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <algorithm>
#include <numeric>
#include <vector>
#include "models/bus/interconnect.hpp"
#include "models/mem/dependent_reads.hpp"
#include "models/mem/memory.hpp"
#include "models/mem/transfer_time.hpp"
#include "tests/unit/tlm_test_initiator.hpp"

using namespace sc_core;

namespace {

constexpr uint64_t kTiB = uint64_t{1} << 40;

// Issues blocking transactions from outside any process (b_transport is a plain
// call, so no simulation time has to pass); these tests only look at the status.
struct MemInitiator : ws::test::TestInitiator {
  using TestInitiator::TestInitiator;
  tlm::tlm_response_status access(tlm::tlm_command cmd, uint64_t addr, std::vector<uint8_t>& data, sc_time& delay,
                                  unsigned char* byte_enable = nullptr) {
    return TestInitiator::access(cmd, addr, data, delay, byte_enable).status;
  }
};

std::vector<uint8_t> pattern(size_t n, uint8_t seed) {
  std::vector<uint8_t> v(n);
  std::iota(v.begin(), v.end(), seed);
  return v;
}

}  // namespace

// A path remembers a few sizes' times: every answer, remembered or not, is the
// size scaled afresh, across more sizes than it keeps and back.
TEST(TransferTime, EverySizeTakesItsOwnTimeAcrossMoreSizesThanItRemembers) {
  constexpr double kBytesPerNs = 2.9;
  ws::TransferTime path(kBytesPerNs);
  const uint64_t sizes[] = {32, 8, 64, 32, 4, 1518, 8, 0, 32, 256, 64, 8, 4, 4, 1518, 32};
  for (int round = 0; round < 3; ++round)
    for (const uint64_t n : sizes) ASSERT_EQ(path.of(n), ws::ns(double(n) / kBytesPerNs)) << n << " B";
}

TEST(Memory, SparseRoundTripAcrossPagesAtHighAddress) {
  ws::StatsRegistry stats;
  ws::Memory mem("mem_sparse", {kTiB, 10, 2}, stats);
  const uint64_t addr = kTiB - 3 * 4096 - 100;  // spans four pages, last ends at 2^40
  auto data = pattern(3 * 4096 + 100, 7);
  mem.write(addr, data.data(), data.size());
  EXPECT_EQ(mem.pages_allocated(), 4u);

  std::vector<uint8_t> back(data.size(), 0xAA);
  mem.read(addr, back.data(), back.size());
  EXPECT_EQ(back, data);
}

TEST(Memory, ManyPagesKeepTheirBytesAndUnwrittenOnesReadZero) {
  ws::StatsRegistry stats;
  ws::Memory mem("mem_many", {64 << 20, 10, 2}, stats);
  // Every other page of 8 MB written by 4 KB, more than the arena's single pages.
  for (uint64_t pg = 0; pg < 2048; pg += 2) {
    const auto data = pattern(4096, uint8_t(pg));
    mem.write(pg * 4096, data.data(), data.size());
  }
  EXPECT_EQ(mem.pages_allocated(), 1024u);
  std::vector<uint8_t> back(4096);
  for (uint64_t pg = 0; pg < 2048; ++pg) {
    mem.read(pg * 4096, back.data(), back.size());
    ASSERT_EQ(back, pg % 2 ? std::vector<uint8_t>(4096, 0) : pattern(4096, uint8_t(pg))) << "page " << pg;
  }
}

TEST(Memory, UntouchedBytesReadZeroAndReadsDoNotAllocate) {
  ws::StatsRegistry stats;
  ws::Memory mem("mem_zero", {kTiB, 10, 2}, stats);
  const uint8_t one = 0x5A;
  mem.write(0x123456789, &one, 1);

  std::vector<uint8_t> around(64, 0xFF);
  mem.read(0x123456789 - 32, around.data(), around.size());
  for (size_t i = 0; i < around.size(); ++i) EXPECT_EQ(around[i], i == 32 ? 0x5A : 0) << "byte " << i;

  std::vector<uint8_t> far(8192, 0xFF);
  mem.read(0x8000000000, far.data(), far.size());
  EXPECT_EQ(far, std::vector<uint8_t>(8192, 0));
  EXPECT_EQ(mem.pages_allocated(), 1u);
}

// The in-place backdoor: pieces end at page boundaries, offsets count from the
// start, an edit lands as a write would, a view of an unwritten page is zeros
// and allocates nothing, and a range past the end throws before any piece.
TEST(Memory, ViewAndEditWorkPageByPageInPlace) {
  ws::StatsRegistry stats;
  ws::Memory mem("mem_inplace", {1 << 20, 10, 2}, stats);
  const uint64_t addr = 3 * 4096 - 100;
  const auto data = pattern(2 * 4096 + 300, 3);
  std::vector<std::pair<uint64_t, size_t>> pieces;
  mem.edit(addr, data.size(), [&](uint8_t* d, uint64_t at, size_t k) {
    pieces.emplace_back(at, k);
    std::copy_n(data.begin() + at, k, d);
  });
  EXPECT_EQ(pieces, (std::vector<std::pair<uint64_t, size_t>>{{0, 100}, {100, 4096}, {4196, 4096}, {8292, 200}}));
  std::vector<uint8_t> back(data.size());
  mem.read(addr, back.data(), back.size());
  EXPECT_EQ(back, data);

  const size_t before = mem.pages_allocated();
  std::vector<uint8_t> seen;
  mem.view(addr - 8192, data.size() + 8192, [&](const uint8_t* d, uint64_t at, size_t k) {
    EXPECT_EQ(at, seen.size());
    seen.insert(seen.end(), d, d + k);
  });
  EXPECT_EQ(std::vector<uint8_t>(seen.begin(), seen.begin() + 8192), std::vector<uint8_t>(8192, 0));
  EXPECT_EQ(std::vector<uint8_t>(seen.begin() + 8192, seen.end()), data);
  EXPECT_EQ(mem.pages_allocated(), before);

  bool called = false;
  EXPECT_THROW(mem.edit((1 << 20) - 10, 11, [&](uint8_t*, uint64_t, size_t) { called = true; }), std::out_of_range);
  EXPECT_THROW(mem.view((1 << 20) - 10, 11, [&](const uint8_t*, uint64_t, size_t) { called = true; }), std::out_of_range);
  EXPECT_FALSE(called);
}

TEST(Memory, RejectsOutOfRangeByteEnablesAndUnknownCommands) {
  ws::StatsRegistry stats;
  ws::Memory mem("mem_err", {0x1000, 10, 2}, stats);
  MemInitiator cpu("cpu_err");
  cpu.socket.bind(mem.socket);
  sc_start(SC_ZERO_TIME);  // completes the multi-socket binding

  std::vector<uint8_t> buf(8);
  sc_time d = SC_ZERO_TIME;
  EXPECT_EQ(cpu.access(tlm::TLM_READ_COMMAND, 0x1000 - 4, buf, d), tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(cpu.access(tlm::TLM_WRITE_COMMAND, 0xFFFFFFFFFFFFFFFC, buf, d), tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(cpu.access(tlm::TLM_READ_COMMAND, 0x1000 - 8, buf, d), tlm::TLM_OK_RESPONSE);
  unsigned char be = 0xFF;
  EXPECT_EQ(cpu.access(tlm::TLM_WRITE_COMMAND, 0, buf, d, &be), tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
  EXPECT_EQ(cpu.access(tlm::TLM_IGNORE_COMMAND, 0, buf, d), tlm::TLM_COMMAND_ERROR_RESPONSE);
  EXPECT_THROW(mem.write(0x1000 - 4, buf.data(), buf.size()), std::out_of_range);
  EXPECT_THROW(mem.read(0x1000, buf.data(), 1), std::out_of_range);

  tlm::tlm_generic_payload t;
  t.set_command(tlm::TLM_READ_COMMAND);
  t.set_address(0x2000);
  t.set_data_ptr(buf.data());
  t.set_data_length(4);
  EXPECT_EQ(cpu.socket->transport_dbg(t), 0u);
  EXPECT_EQ(t.get_response_status(), tlm::TLM_ADDRESS_ERROR_RESPONSE);
  // Errors never occupy a port.
  EXPECT_EQ(stats.resource("mem_err.port0")->ops, 1u);
}

TEST(Memory, DelayIsTransferPlusLatencyAndDataMoves) {
  ws::StatsRegistry stats;
  ws::Memory mem("mem_delay", {1 << 20, 10, 2}, stats);
  MemInitiator cpu("cpu_delay");
  cpu.socket.bind(mem.socket);
  sc_start(SC_ZERO_TIME);

  auto data = pattern(256, 1);
  sc_time d = SC_ZERO_TIME;
  ASSERT_EQ(cpu.access(tlm::TLM_WRITE_COMMAND, 0xFF0, data, d), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(d, sc_time(138, SC_NS));  // 256 B / 2 B/ns + 10 ns

  std::vector<uint8_t> back(256);
  mem.read(0xFF0, back.data(), back.size());
  EXPECT_EQ(back, data);

  // A read arriving after the port is free is not delayed by the earlier write.
  std::vector<uint8_t> rd(256, 0);
  d = sc_time(500, SC_NS);
  ASSERT_EQ(cpu.access(tlm::TLM_READ_COMMAND, 0xFF0, rd, d), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(d, sc_time(638, SC_NS));
  EXPECT_EQ(rd, data);

  tlm::tlm_generic_payload t;
  std::vector<uint8_t> dbg(4, 0);
  t.set_command(tlm::TLM_READ_COMMAND);
  t.set_address(0xFF0);
  t.set_data_ptr(dbg.data());
  t.set_data_length(4);
  EXPECT_EQ(cpu.socket->transport_dbg(t), 4u);
  EXPECT_EQ(dbg, std::vector<uint8_t>(data.begin(), data.begin() + 4));
}

TEST(Memory, OnePortQueuesBackToBackRequests) {
  ws::StatsRegistry stats;
  ws::Memory mem("mem_1p", {1 << 20, 10, 2, 1}, stats);
  MemInitiator a("cpu_1p_a"), b("cpu_1p_b");
  a.socket.bind(mem.socket);
  b.socket.bind(mem.socket);
  sc_start(SC_ZERO_TIME);

  std::vector<uint8_t> x(256), y(256);
  sc_time da = SC_ZERO_TIME, db = SC_ZERO_TIME;
  a.access(tlm::TLM_READ_COMMAND, 0, x, da);
  b.access(tlm::TLM_READ_COMMAND, 0x1000, y, db);
  EXPECT_EQ(da, sc_time(138, SC_NS));
  EXPECT_EQ(db, sc_time(266, SC_NS));  // waits 128 ns for the port, then 128 + 10

  const auto* port = stats.resource("mem_1p.port0");
  EXPECT_EQ(port->ops, 2u);
  EXPECT_EQ(port->bytes, 512u);
  EXPECT_EQ(port->busy, sc_time(256, SC_NS));
}

TEST(Memory, TwoPortsServeInParallel) {
  ws::StatsRegistry stats;
  ws::Memory mem("mem_2p", {1 << 20, 10, 2, 2}, stats);
  MemInitiator a("cpu_2p_a"), b("cpu_2p_b");
  a.socket.bind(mem.socket);
  b.socket.bind(mem.socket);
  sc_start(SC_ZERO_TIME);

  std::vector<uint8_t> x(256), y(256), z(256);
  sc_time da = SC_ZERO_TIME, db = SC_ZERO_TIME, dc = SC_ZERO_TIME;
  a.access(tlm::TLM_READ_COMMAND, 0, x, da);
  b.access(tlm::TLM_WRITE_COMMAND, 0x1000, y, db);
  EXPECT_EQ(da, sc_time(138, SC_NS));
  EXPECT_EQ(db, sc_time(138, SC_NS));
  // A third request queues behind whichever port frees first.
  a.access(tlm::TLM_READ_COMMAND, 0x2000, z, dc);
  EXPECT_EQ(dc, sc_time(266, SC_NS));

  EXPECT_EQ(stats.resource("mem_2p.port0")->ops, 2u);
  EXPECT_EQ(stats.resource("mem_2p.port1")->ops, 1u);
  EXPECT_EQ(stats.resource("mem_2p.port1")->bytes, 256u);
}

TEST(Memory, DecoupledInitiatorsFillIdleGapsInsteadOfQueueingBehindFutureBookings) {
  ws::StatsRegistry stats;
  ws::Memory mem("mem_gap", {1 << 20, 10, 2, 1, true}, stats);
  MemInitiator a("cpu_gap_a"), b("cpu_gap_b");
  a.socket.bind(mem.socket);
  b.socket.bind(mem.socket);
  sc_start(SC_ZERO_TIME);
  std::vector<uint8_t> x(256), y(64);
  // A core running ahead books the port 1 us from now; a request for now fits before it.
  sc_time da = sc_time(1, SC_US), db = SC_ZERO_TIME;
  a.access(tlm::TLM_READ_COMMAND, 0, x, da);
  b.access(tlm::TLM_READ_COMMAND, 0x1000, y, db);
  EXPECT_EQ(da, sc_time(1138, SC_NS));
  EXPECT_EQ(db, sc_time(42, SC_NS)) << "served at once (32 ns + 10 ns), not after the 1 us booking";
  // One that would overlap the booking waits for its end.
  std::vector<uint8_t> z(2048);
  sc_time dc = sc_time(100, SC_NS);
  b.access(tlm::TLM_READ_COMMAND, 0x2000, z, dc);
  EXPECT_EQ(dc, sc_time(1128 + 1024 + 10, SC_NS)) << "1024 ns does not fit in the 900 ns gap";
}

TEST(Memory, InterleavedPortsArePickedByAddress) {
  ws::StatsRegistry stats;
  ws::Memory mem("mem_il", {1 << 20, 0, 1, 4, true, 256}, stats);
  MemInitiator a("cpu_il");
  a.socket.bind(mem.socket);
  sc_start(SC_ZERO_TIME);
  std::vector<uint8_t> x(8);
  for (uint64_t addr : {0x000, 0x100, 0x104, 0x300, 0x400}) {
    sc_time d = SC_ZERO_TIME;
    a.access(tlm::TLM_READ_COMMAND, addr, x, d);
  }
  EXPECT_EQ(stats.resource("mem_il.port0")->ops, 2u) << "0x000 and 0x400";
  EXPECT_EQ(stats.resource("mem_il.port1")->ops, 2u) << "0x100 and 0x104 share a port even when another is idle";
  EXPECT_EQ(stats.resource("mem_il.port2")->ops, 0u);
  EXPECT_EQ(stats.resource("mem_il.port3")->ops, 1u);
}

// A DependentReads chain times each read as a separate access issued when the
// previous one's data is back, through the fabric's hop each time.
TEST(Memory, DependentReadChainTimesEachReadInTurn) {
  ws::StatsRegistry stats;
  ws::Memory mem("mem_chain", {1 << 20, 10, 2, 1, true}, stats);
  ws::Interconnect fabric("fabric_chain", {0, 5, true}, stats);
  MemInitiator a("cpu_chain");
  a.socket.bind(fabric.in);
  fabric.out.bind(mem.socket);
  fabric.map(0, 0, 1 << 20);
  sc_start(SC_ZERO_TIME);
  uint8_t word[4] = {};
  ws::DependentReads chain;
  chain.count = 3;
  chain.stride = 8;
  tlm::tlm_generic_payload t;
  t.set_command(tlm::TLM_READ_COMMAND);
  t.set_address(0x100);
  t.set_data_ptr(word);
  t.set_data_length(4);
  t.set_streaming_width(4);
  t.set_extension(&chain);
  sc_time d = SC_ZERO_TIME;
  a.socket->b_transport(t, d);
  t.clear_extension(&chain);
  ASSERT_TRUE(t.is_response_ok());
  // Each read: 5 ns hop, 2 ns on the port, 10 ns latency = 17 ns; three in turn.
  EXPECT_EQ(d, sc_time(51, SC_NS));
  EXPECT_EQ(stats.resource("mem_chain.port0")->ops, 3u);
}
