// TimedRoute and DirectPages: a plain timed access through a route books the
// same resources at the same times as b_transport through the sockets, on twin
// systems; an access across two pages takes b_transport.
#include <gtest/gtest.h>
#include <stdexcept>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>
#include "models/bus/interconnect.hpp"
#include "models/mem/dependent_reads.hpp"
#include "models/mem/direct_pages.hpp"
#include "models/mem/memory.hpp"
#include "models/mem/timed_route.hpp"
#include "models/mem/tlm_access.hpp"
#include "tests/unit/tlm_test_initiator.hpp"

using namespace sc_core;

namespace {

// An initiator, two Interconnects in a row (a bridge) and a memory of two
// interleaved ports for decoupled initiators, the bus shared or a crossbar.
struct Twin {
  ws::StatsRegistry stats;
  ws::Interconnect outer, inner;
  ws::Memory mem;
  ws::test::TestInitiator cpu;
  Twin(const std::string& name, bool crossbar, bool outer_crossbar = false)
      : outer((name + "_outer").c_str(), {8, 2, outer_crossbar, true}, stats),
        inner((name + "_inner").c_str(), {4, 3, crossbar, true}, stats),
        mem((name + "_mem").c_str(), {0x100000, 20, 2, 2, true, 64}, stats),
        cpu((name + "_cpu").c_str()) {
    cpu.socket.bind(outer.in);
    outer.attach(inner.in, 0x40000000, 0x100000);
    inner.attach(mem.socket, 0, 0x100000);
  }
  // The route and grant for the page holding `addr`, in the initiator's addresses.
  bool route(uint64_t addr, ws::TimedRoute& r, tlm::tlm_dmi& dmi) {
    tlm::tlm_generic_payload q;
    q.set_command(tlm::TLM_READ_COMMAND);
    q.set_address(addr);
    q.set_extension(&r);
    const bool granted = cpu.socket->get_direct_mem_ptr(q, dmi);
    q.clear_extension(&r);
    return granted && r.usable();
  }
};

// An initiator keeping its grants in a DirectPages table, told of revocations.
struct PagedInitiator : sc_module {
  tlm_utils::simple_initiator_socket<PagedInitiator> socket{"socket"};
  ws::DirectPages pages{16};
  explicit PagedInitiator(sc_module_name n) : sc_module(n) {
    socket.register_invalidate_direct_mem_ptr(this, &PagedInitiator::revoked);
  }
  void revoked(sc_dt::uint64 start, sc_dt::uint64 end) { pages.invalidate(start, end); }
};

}  // namespace

TEST(TimedRoute, BooksWhatTheTransportBooksAtTheSameTimes) {
  // Modules are built before the simulation starts: both fabrics' twins first.
  Twin bus_sockets("tr_sb", false), bus_routes("tr_rb", false), xbar_sockets("tr_sx", true), xbar_routes("tr_rx", true);
  sc_start(SC_ZERO_TIME);
  for (const bool crossbar : {false, true}) {
    const std::string tag = crossbar ? "x" : "b";
    Twin& sockets = crossbar ? xbar_sockets : bus_sockets;
    Twin& routes = crossbar ? xbar_routes : bus_routes;
    ws::DirectPages pages(16);  // a small table: entries are asked for again as pages collide
    uint64_t x = 99;
    auto next = [&x] { return x = x * 6364136223846793005ull + 1442695040888963407ull, x >> 33; };
    for (int i = 0; i < 3000; ++i) {
      // Accesses arriving out of time order (a core running ahead): gaps, interleaved ports.
      const uint64_t addr = 0x40000000 + (next() % 0x40000) * 4;
      const uint32_t n = uint32_t(4 << (next() % 5));  // some cross a page: those take b_transport
      const sc_time offset(double(next() % 5000), SC_NS);
      const auto cmd = next() % 3 ? tlm::TLM_READ_COMMAND : tlm::TLM_WRITE_COMMAND;
      std::vector<uint8_t> a(n, uint8_t(i)), b(n, uint8_t(i));
      const sc_time by_sockets = ws::tlm_access(sockets.cpu.socket, cmd, addr, a.data(), n, offset);
      const sc_time by_route = pages.timed(routes.cpu.socket, cmd, addr, b.data(), n, offset);
      ASSERT_EQ(by_route, by_sockets) << "access " << i << (crossbar ? " (crossbar)" : " (shared bus)");
      ASSERT_EQ(a, b) << "the same bytes, access " << i;
    }
    for (const char* res : {"_outer.bus", "_inner.bus", "_mem.port0", "_mem.port1"}) {
      const ws::ResourceStats* s = sockets.stats.resource("tr_s" + tag + res);
      const ws::ResourceStats* r = routes.stats.resource("tr_r" + tag + res);
      EXPECT_EQ(s->ops, r->ops) << res;
      EXPECT_EQ(s->bytes, r->bytes) << res;
      EXPECT_EQ(s->busy, r->busy) << res;
      EXPECT_EQ(s->until, r->until) << res;
    }
  }
}

// A chain of dependent reads through the sockets, as a core sends it; its delay.
sc_time chain_by_sockets(Twin& twin, uint64_t addr, uint8_t* data, uint32_t n, uint32_t stride, unsigned count,
                         sc_time delay) {
  ws::DependentReads chain;
  chain.count = count, chain.stride = stride;
  tlm::tlm_generic_payload t;
  t.set_command(tlm::TLM_READ_COMMAND);
  t.set_address(addr);
  t.set_data_ptr(data);
  t.set_data_length(n);
  t.set_streaming_width(n);
  t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  t.set_extension(&chain);
  twin.cpu.socket->b_transport(t, delay);
  t.clear_extension(&chain);
  EXPECT_TRUE(t.is_response_ok()) << t.get_response_string();
  return delay;
}

TEST(TimedRoute, ChainsOfDependentReadsBookWhatTheTransportBooks) {
  Twin sockets("trc_s", true, true), routes("trc_r", true, true), shared("trc_b", false);
  sc_start(SC_ZERO_TIME);
  ws::DirectPages pages(16);
  uint64_t x = 7;
  auto next = [&x] { return x = x * 6364136223846793005ull + 1442695040888963407ull, x >> 33; };
  unsigned routed = 0;
  for (int i = 0; i < 2000; ++i) {
    // Chains and plain accesses mixed, out of time order; some chains span two pages (b_transport).
    const uint64_t addr = 0x40000000 + (next() % 0x3f000) * 4;  // a chain spans at most 628 B
    const sc_time offset(double(next() % 5000), SC_NS);
    if (next() % 2) {
      std::vector<uint8_t> a(4, uint8_t(i)), b(4, uint8_t(i));
      const uint32_t stride = uint32_t(4 << (next() % 3));
      const unsigned count = unsigned(1 + next() % 40);
      const sc_time by_sockets = chain_by_sockets(sockets, addr, a.data(), 4, stride, count, offset);
      sc_time by_route = offset;
      if (pages.chain(routes.cpu.socket, addr, b.data(), 4, stride, count, by_route)) ++routed;
      else by_route = chain_by_sockets(routes, addr, b.data(), 4, stride, count, offset);
      ASSERT_EQ(by_route, by_sockets) << "chain " << i << " of " << count;
      ASSERT_EQ(a, b) << "the first read's bytes, chain " << i;
    } else {
      const uint32_t n = uint32_t(4 << (next() % 5));
      const auto cmd = next() % 3 ? tlm::TLM_READ_COMMAND : tlm::TLM_WRITE_COMMAND;
      std::vector<uint8_t> a(n, uint8_t(i)), b(n, uint8_t(i));
      ASSERT_EQ(pages.timed(routes.cpu.socket, cmd, addr, b.data(), n, offset),
                ws::tlm_access(sockets.cpu.socket, cmd, addr, a.data(), n, offset))
          << "access " << i;
    }
  }
  EXPECT_GT(routed, 800u) << "most chains lie in one page and take the route";
  for (const char* res : {"_outer.bus", "_inner.bus", "_mem.port0", "_mem.port1"}) {
    const ws::ResourceStats* s = sockets.stats.resource(std::string("trc_s") + res);
    const ws::ResourceStats* r = routes.stats.resource(std::string("trc_r") + res);
    EXPECT_EQ(s->ops, r->ops) << res;
    EXPECT_EQ(s->bytes, r->bytes) << res;
    EXPECT_EQ(s->busy, r->busy) << res;
    EXPECT_EQ(s->until, r->until) << res;
  }
  // A shared data path cannot take a chain: no route, nothing booked.
  ws::DirectPages shared_pages(16);
  uint8_t sink[4];
  sc_time delay = SC_ZERO_TIME;
  EXPECT_FALSE(shared_pages.chain(shared.cpu.socket, 0x40000100, sink, 4, 8, 3, delay));
  EXPECT_EQ(shared.stats.resource("trc_b_mem.port0")->ops + shared.stats.resource("trc_b_mem.port1")->ops, 0u);
}

TEST(TimedRoute, ReachesAMemoryThroughTheInterconnects) {
  Twin twin("tr_reach", false);
  sc_start(SC_ZERO_TIME);
  ws::TimedRoute r;
  tlm::tlm_dmi dmi;
  EXPECT_FALSE(r.usable()) << "no memory named yet";
  ASSERT_TRUE(twin.route(0x40012345, r, dmi));
  EXPECT_EQ(dmi.get_start_address(), 0x40012000u);
}

TEST(TimedRoute, AnUnwrittenPageIsGrantedAsZerosForReadingUntilAWriteAllocatesIt) {
  ws::StatsRegistry stats;
  ws::Interconnect ic("tr_alloc_ic", {8, 2}, stats);
  ws::Memory mem("tr_alloc_mem", {0x10000, 0, 64}, stats);
  PagedInitiator dma("tr_alloc_dma");
  dma.socket.bind(ic.in);
  ic.attach(mem.socket, 0x20000000, 0x10000);
  sc_start(SC_ZERO_TIME);
  uint8_t got[4] = {9, 9, 9, 9};
  ASSERT_TRUE(dma.pages.copy(dma.socket, tlm::TLM_READ_COMMAND, 0x20003010, got, 4));
  EXPECT_EQ(std::vector<uint8_t>(got, got + 4), std::vector<uint8_t>(4, 0)) << "an unwritten page reads 0";
  EXPECT_EQ(mem.pages_allocated(), 0u) << "a reader allocates nothing";
  uint8_t data[4] = {1, 2, 3, 4};
  EXPECT_FALSE(dma.pages.copy(dma.socket, tlm::TLM_WRITE_COMMAND, 0x20003010, data, 4)) << "the zero page is for reading";
  dma.pages.timed(dma.socket, tlm::TLM_WRITE_COMMAND, 0x20003010, data, 4);  // by b_transport: allocates the page
  EXPECT_EQ(mem.pages_allocated(), 1u);
  ASSERT_TRUE(dma.pages.copy(dma.socket, tlm::TLM_READ_COMMAND, 0x20003010, got, 4));
  EXPECT_EQ(std::vector<uint8_t>(got, got + 4), std::vector<uint8_t>(data, data + 4))
      << "the zero page's grant was revoked when the write allocated the page";
  EXPECT_TRUE(dma.pages.copy(dma.socket, tlm::TLM_WRITE_COMMAND, 0x20003020, data, 4)) << "now granted for writing";
  uint8_t zero_after[4] = {7, 7, 7, 7};
  ASSERT_TRUE(dma.pages.copy(dma.socket, tlm::TLM_READ_COMMAND, 0x20005000, zero_after, 4));
  EXPECT_EQ(std::vector<uint8_t>(zero_after, zero_after + 4), std::vector<uint8_t>(4, 0)) << "the zero page stays zero";
}

// A table's slot is picked by a mask: a size that is not a power of two is refused, not folded.
TEST(DirectPages, RefusesATableSizeThatIsNotAPowerOfTwo) {
  EXPECT_NO_THROW(ws::DirectPages(64));
  EXPECT_THROW(ws::DirectPages(48), std::invalid_argument);
  EXPECT_THROW(ws::DirectPages(0), std::invalid_argument);
}
