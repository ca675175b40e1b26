// Interconnect: address decode, base removal, error responses and FCFS bus contention.
#include <gtest/gtest.h>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <cstring>
#include <vector>
#include "models/bus/interconnect.hpp"
#include "models/mem/memory.hpp"
#include "tests/unit/tlm_test_initiator.hpp"

using namespace sc_core;

namespace {

using BusInitiator = ws::test::TestInitiator;

// A target with b_transport alone (a register block): it grants no DMI.
struct NoDmiTarget : sc_module {
  tlm_utils::simple_target_socket<NoDmiTarget> socket{"socket"};
  explicit NoDmiTarget(sc_module_name n) : sc_module(n) {
    socket.register_b_transport(this, &NoDmiTarget::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& t, sc_time&) { t.set_response_status(tlm::TLM_OK_RESPONSE); }
};

}  // namespace

TEST(Interconnect, RoutesByAddressAndRemovesBase) {
  ws::StatsRegistry stats;
  ws::Interconnect ic("ic_route", {8, 2}, stats);
  ws::Memory m0("ic_route_m0", {0x1000, 0, 64}, stats);
  ws::Memory m1("ic_route_m1", {0x1000, 0, 64}, stats);
  BusInitiator cpu("ic_route_cpu");
  cpu.socket.bind(ic.in);
  ic.out.bind(m0.socket);
  ic.out.bind(m1.socket);
  ic.map(0, 0x10000000, 0x1000);
  ic.map(1, 0x20000000, 0x1000);
  sc_start(SC_ZERO_TIME);

  std::vector<uint8_t> data{1, 2, 3, 4};
  sc_time d = SC_ZERO_TIME;
  auto r = cpu.access(tlm::TLM_WRITE_COMMAND, 0x20000010, data, d);
  EXPECT_EQ(r.status, tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(r.address, 0x20000010u);  // restored for the initiator

  std::vector<uint8_t> got(4, 0xEE), zero(4, 0xEE);
  m1.read(0x10, got.data(), 4);
  m0.read(0x10, zero.data(), 4);
  EXPECT_EQ(got, data);
  EXPECT_EQ(zero, std::vector<uint8_t>(4, 0));

  // Debug reads take the same route.
  std::vector<uint8_t> dbg(4, 0);
  tlm::tlm_generic_payload q;
  q.set_command(tlm::TLM_READ_COMMAND);
  q.set_address(0x2000000F);
  q.set_data_ptr(dbg.data());
  q.set_data_length(4);
  EXPECT_EQ(cpu.socket->transport_dbg(q), 4u);
  EXPECT_EQ(dbg, (std::vector<uint8_t>{0, 1, 2, 3}));

  // Timing: 4 B over 8 B/ns + 2 ns hop, then 4 B at 64 B/ns with no latency.
  EXPECT_EQ(d, sc_time(0.5 + 2 + 0.0625, SC_NS));
}

TEST(Interconnect, RejectsUnmappedAndStraddlingAddresses) {
  ws::StatsRegistry stats;
  ws::Interconnect ic("ic_err", {8, 2}, stats);
  ws::Memory m0("ic_err_m0", {0x1000, 0, 64}, stats);
  BusInitiator cpu("ic_err_cpu");
  cpu.socket.bind(ic.in);
  ic.out.bind(m0.socket);
  ic.map(0, 0x10000000, 0x1000);
  EXPECT_THROW(ic.map(0, 0x10000800, 0x1000), std::invalid_argument);
  EXPECT_THROW(ic.map(0, 0x0FFFF000, 0x1001), std::invalid_argument);
  EXPECT_THROW(ic.map(0, 0x30000000, 0), std::invalid_argument);
  sc_start(SC_ZERO_TIME);

  std::vector<uint8_t> buf(8);
  sc_time d = SC_ZERO_TIME;
  EXPECT_EQ(cpu.access(tlm::TLM_READ_COMMAND, 0x30000000, buf, d).status,
            tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(cpu.access(tlm::TLM_READ_COMMAND, 0x0FFFFFFC, buf, d).status,
            tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(cpu.access(tlm::TLM_READ_COMMAND, 0x10000FFC, buf, d).status,
            tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(d, SC_ZERO_TIME);
  EXPECT_EQ(stats.resource("ic_err.bus")->ops, 0u);

  tlm::tlm_generic_payload q;
  q.set_command(tlm::TLM_READ_COMMAND);
  q.set_address(0x40000000);
  q.set_data_ptr(buf.data());
  q.set_data_length(4);
  EXPECT_EQ(cpu.socket->transport_dbg(q), 0u);
  EXPECT_EQ(q.get_response_status(), tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST(Interconnect, BusContentionDelaysSecondInitiator) {
  ws::StatsRegistry stats;
  ws::Interconnect ic("ic_cont", {4, 5}, stats);
  // Four fast ports so the bus, not the memory, is the contended resource.
  ws::Memory mem("ic_cont_mem", {1 << 20, 10, 64, 4}, stats);
  BusInitiator a("ic_cont_a"), b("ic_cont_b");
  a.socket.bind(ic.in);
  b.socket.bind(ic.in);
  ic.out.bind(mem.socket);
  ic.map(0, 0x80000000, 1 << 20);
  sc_start(SC_ZERO_TIME);

  std::vector<uint8_t> x(256), y(256), z(256);
  sc_time da = SC_ZERO_TIME, db = SC_ZERO_TIME;
  a.access(tlm::TLM_READ_COMMAND, 0x80000000, x, da);
  b.access(tlm::TLM_READ_COMMAND, 0x80001000, y, db);
  // a: bus 0..64, hop 5, memory 4 + 10 -> 83 ns.
  EXPECT_EQ(da, sc_time(83, SC_NS));
  // b: waits for the bus until 64, then the same path -> 147 ns.
  EXPECT_EQ(db, sc_time(147, SC_NS));

  // A request arriving once the bus is free again sees no queueing.
  sc_time dc = sc_time(1000, SC_NS);
  a.access(tlm::TLM_READ_COMMAND, 0x80002000, z, dc);
  EXPECT_EQ(dc, sc_time(1083, SC_NS));

  const auto* bus = stats.resource("ic_cont.bus");
  EXPECT_EQ(bus->ops, 3u);
  EXPECT_EQ(bus->bytes, 768u);
  EXPECT_EQ(bus->busy, sc_time(192, SC_NS));
}

// A core that runs ahead books the path at its future time; a DMA asking now
// must not queue behind that booking (a busy-until path made the A7's EMAC wait
// 450 us for a descriptor: docs/architecture.md). With decoupled initiators the
// path serves each request in the first idle gap after its arrival.
TEST(Interconnect, DecoupledInitiatorsAreServedInTimeOrderNotInCallOrder) {
  ws::StatsRegistry stats;
  ws::Interconnect ic("ic_dec", {4, 5, false, true}, stats);
  ws::Memory mem("ic_dec_mem", {1 << 20, 10, 64, 4, true}, stats);
  BusInitiator core("ic_dec_core"), dma("ic_dec_dma");
  core.socket.bind(ic.in);
  dma.socket.bind(ic.in);
  ic.out.bind(mem.socket);
  ic.map(0, 0x80000000, 1 << 20);
  sc_start(SC_ZERO_TIME);

  std::vector<uint8_t> x(256), y(256);
  sc_time ahead = sc_time(500, SC_NS), now = SC_ZERO_TIME;
  core.access(tlm::TLM_READ_COMMAND, 0x80000000, x, ahead);  // at 500 ns: bus 500..564
  dma.access(tlm::TLM_READ_COMMAND, 0x80001000, y, now);     // at 0: the path is idle then
  EXPECT_EQ(now, sc_time(83, SC_NS)) << "bus 0..64, hop 5, memory 4 + 10";
  EXPECT_EQ(ahead, sc_time(583, SC_NS));
}

// DMI (the cores' functional bytes): a memory grants the 4 KB page holding the
// address, in the initiator's addresses and within its window; a target that
// does not grant, or a hole, is refused over its extent only, so the initiator
// falls back to transport_dbg there and nowhere else.
TEST(Interconnect, ForwardsDirectMemoryGrantsInInitiatorAddresses) {
  ws::StatsRegistry stats;
  ws::Interconnect ic("ic_dmi", {8, 2}, stats);
  ws::Memory mem("ic_dmi_m", {0x10000, 0, 64}, stats);
  NoDmiTarget plain("ic_dmi_plain");
  BusInitiator cpu("ic_dmi_cpu");
  cpu.socket.bind(ic.in);
  ic.out.bind(mem.socket);
  ic.map(0, 0x20000000, 0x1800);  // a window that ends inside a page
  ic.out.bind(plain.socket);
  ic.map(1, 0x30000000, 0x1000);
  sc_start(SC_ZERO_TIME);

  const uint8_t first = 1;
  mem.write(0x1000, &first, 1);  // a written page: granted for writing (an unwritten one reads as zeros only)
  tlm::tlm_generic_payload q;
  q.set_command(tlm::TLM_READ_COMMAND);
  q.set_address(0x20001010);
  tlm::tlm_dmi dmi;
  ASSERT_TRUE(cpu.socket->get_direct_mem_ptr(q, dmi));
  EXPECT_EQ(q.get_address(), 0x20001010u) << "restored for the initiator";
  EXPECT_EQ(dmi.get_start_address(), 0x20001000u);
  EXPECT_EQ(dmi.get_end_address(), 0x200017ffu) << "clipped to the window";
  EXPECT_TRUE(dmi.is_read_write_allowed());
  const uint8_t bytes[3] = {7, 8, 9};
  std::memcpy(dmi.get_dmi_ptr() + 0x10, bytes, 3);
  uint8_t got[3] = {};
  mem.read(0x1010, got, 3);
  EXPECT_EQ(std::vector<uint8_t>(got, got + 3), std::vector<uint8_t>(bytes, bytes + 3)) << "the pointer is the storage";

  q.set_address(0x30000020);
  tlm::tlm_dmi refused;
  EXPECT_FALSE(cpu.socket->get_direct_mem_ptr(q, refused));
  EXPECT_EQ(refused.get_start_address(), 0x30000000u) << "refused over the window, not beyond";
  EXPECT_EQ(refused.get_end_address(), 0x30000fffu);

  q.set_address(0x28000000);
  tlm::tlm_dmi hole;
  EXPECT_FALSE(cpu.socket->get_direct_mem_ptr(q, hole));
  EXPECT_EQ(hole.get_start_address(), 0x20001800u) << "refused over the hole between the windows";
  EXPECT_EQ(hole.get_end_address(), 0x2fffffffu);
}
