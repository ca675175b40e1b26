// Cpu: the time cursor for computation and cache misses, posted writes, region
// attributes, atomics, and the interrupt inputs' priorities and round robin.
// Code runs here as plain calls inside scheduler callbacks (no kernel).
#include <gtest/gtest.h>
#include <systemc>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>
#include <tlm_utils/simple_target_socket.h>
#include <array>
#include <cstring>
#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/cpu/access_pattern.hpp"
#include "models/mem/memory.hpp"

using namespace ws;
using sc_core::sc_time;
using sc_core::SC_NS;

namespace {
struct Bench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  // 8 B/ns, 10 ns latency: a 256 B line fill takes 32 + 10 ns.
  Memory mem{"mem", Memory::Config{1 << 20, 10, 8, 1, true}, stats};
  Cpu core{"core", Cpu::Config{1e9, Cache::Config{32 * 1024, 8, 256}, Cache::Config{16 * 1024, 8, 256}, 10, 10, 2, 40}, sched, stats,
                    nullptr};
  Bench() { core.socket.bind(mem.socket); }
  // Runs `code` on the core at `t`, its cursor starting there.
  template <typename F>
  void run_at(sc_time t, F code) {
    sched.at(t, [this, code] {
      core.set_time(ws::now());
      code();
    });
  }
};
}  // namespace

TEST(Cpu, CachedReadsMissOnceAndReturnRealBytes) {
  Bench b;
  const uint8_t data[4] = {1, 2, 3, 4};
  b.mem.write(0x1000, data, 4);
  uint8_t got[4] = {};
  sc_time first, second;
  b.run_at(sc_time(0, SC_NS), [&] {
    b.core.read(0x1000, got, 4);
    first = b.core.time();
    b.core.read(0x1002, got + 2, 2);
    second = b.core.time();
    b.core.reg_access();
  });
  sc_core::sc_start();
  EXPECT_EQ(got[0], 1);
  EXPECT_EQ(got[3], 4);
  EXPECT_EQ(first, sc_time(42, SC_NS)) << "a 256 B line at 8 B/ns plus 10 ns latency";
  EXPECT_EQ(second, first) << "a hit costs nothing beyond the code's cycles";
  EXPECT_EQ(b.core.l1d().misses(), 1u);
  EXPECT_EQ(b.core.l1d().hits(), 1u);
}

// The bytes of cached accesses go straight to the memory's pages (DMI); one
// that straddles two pages takes the debug transport. Both land in memory.
TEST(Cpu, CachedBytesLandInMemoryWithinAndAcrossPages) {
  Bench b;
  const uint8_t within[4] = {1, 2, 3, 4}, across[8] = {9, 8, 7, 6, 5, 4, 3, 2};
  uint8_t got_within[4] = {}, got_across[8] = {};
  b.run_at(sc_time(0, SC_NS), [&] {
    b.core.write(0x3010, within, 4);
    b.core.write(0x4ffc, across, 8);  // 0x4ffc..0x5003: two 4 KB pages
    b.core.read(0x3010, got_within, 4);
    b.core.read(0x4ffc, got_across, 8);
  });
  sc_core::sc_start();
  uint8_t mem_within[4] = {}, mem_across[8] = {};
  b.mem.read(0x3010, mem_within, 4);
  b.mem.read(0x4ffc, mem_across, 8);
  EXPECT_EQ(std::vector<uint8_t>(mem_within, mem_within + 4), std::vector<uint8_t>(within, within + 4));
  EXPECT_EQ(std::vector<uint8_t>(mem_across, mem_across + 8), std::vector<uint8_t>(across, across + 8));
  EXPECT_EQ(std::vector<uint8_t>(got_within, got_within + 4), std::vector<uint8_t>(within, within + 4));
  EXPECT_EQ(std::vector<uint8_t>(got_across, got_across + 8), std::vector<uint8_t>(across, across + 8));
}

namespace {
// A memory whose storage moves (a target that revokes its DMI grants): it
// grants its one page, and on move() copies nothing, points at a second page
// and revokes the first grant.
struct MovingMemory : sc_core::sc_module {
  tlm_utils::simple_target_socket<MovingMemory> socket{"socket"};
  std::array<uint8_t, 4096> first{}, second{};
  uint8_t* now_at = first.data();
  explicit MovingMemory(sc_core::sc_module_name n) : sc_module(n) {
    socket.register_b_transport(this, &MovingMemory::b_transport);
    socket.register_transport_dbg(this, &MovingMemory::transport_dbg);
    socket.register_get_direct_mem_ptr(this, &MovingMemory::get_direct_mem_ptr);
  }
  void b_transport(tlm::tlm_generic_payload& t, sc_time& delay) {
    transport_dbg(t);
    delay += sc_time(10, SC_NS);
    t.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  unsigned transport_dbg(tlm::tlm_generic_payload& t) {
    uint8_t* p = now_at + t.get_address();
    if (t.is_read()) std::memcpy(t.get_data_ptr(), p, t.get_data_length());
    else std::memcpy(p, t.get_data_ptr(), t.get_data_length());
    return t.get_data_length();
  }
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi& dmi) {
    dmi.set_dmi_ptr(now_at);
    dmi.set_start_address(0);
    dmi.set_end_address(4095);
    dmi.allow_read_write();
    return true;
  }
  void move() {
    now_at = second.data();
    socket->invalidate_direct_mem_ptr(0, 4095);
  }
};
}  // namespace

// The cores' bytes go by DMI through the bus, in the bus's addresses; a grant
// the target revokes is asked for again (the bytes come from where they now are).
TEST(Cpu, CachedBytesFollowARevokedGrant) {
  Scheduler sched{"sched_moving"};
  StatsRegistry stats;
  Interconnect bus{"bus_moving", Interconnect::Config{16, 0}, stats};
  MovingMemory mem{"moving"};
  Cpu core{"core_moving", Cpu::Config{1e9, Cache::Config{32 * 1024, 8, 256}, Cache::Config{16 * 1024, 8, 256}, 10, 10, 2, 40},
           sched, stats, nullptr};
  core.socket.bind(bus.in);
  bus.attach(mem.socket, 0x40000000, 0x1000);
  mem.first[0x10] = 1;
  mem.second[0x10] = 2;
  uint8_t before = 0, after = 0;
  sched.at(sc_time(0, SC_NS), [&] {
    core.set_time(ws::now());
    core.read(0x40000010, &before, 1);
    mem.move();
    core.read(0x40000010, &after, 1);  // a hit in the L1: the bytes only
  });
  sc_core::sc_start();
  EXPECT_EQ(before, 1);
  EXPECT_EQ(after, 2) << "the revoked grant was not used again";
}

TEST(Cpu, PostedWritesLandAtTheCoresTime) {
  Bench b;
  const uint8_t zero[4] = {}, ones[4] = {1, 1, 1, 1};
  b.mem.write(0x2000, zero, 4);
  b.run_at(sc_time(0, SC_NS), [&] {
    b.core.exec(500);
    b.core.write_uncached(0x2000, ones, 4);  // at 500 ns, although this step runs at 0
  });
  uint8_t before = 9, after = 9;
  b.sched.at(sc_time(499, SC_NS), [&] { b.mem.read(0x2000, &before, 1); });
  b.sched.at(sc_time(501, SC_NS), [&] { b.mem.read(0x2000, &after, 1); });
  sc_core::sc_start();
  EXPECT_EQ(before, 0) << "a device polling the word must not see the write before the core makes it";
  EXPECT_EQ(after, 1);
}

TEST(Cpu, CodeThatFitsTheICacheMissesOnceCodeThatDoesNotMissEveryTime) {
  Bench b;  // 16 KB L1 I-cache, 256 B lines
  b.run_at(sc_time(0, SC_NS), [&] {
    for (int pass = 0; pass < 3; ++pass) b.core.fetch(0x10000, 12 * 1024);
  });
  sc_core::sc_start();
  EXPECT_EQ(b.core.l1i().misses(), 48u) << "12 KB = 48 lines, fetched once";
  EXPECT_EQ(b.core.l1i().hits(), 96u);
}

TEST(Cpu, CodeLargerThanTheICacheThrashesUnderLru) {
  Bench b;
  b.run_at(sc_time(0, SC_NS), [&] {
    for (int pass = 0; pass < 3; ++pass) b.core.fetch(0x10000, 20 * 1024);
  });
  sc_core::sc_start();
  EXPECT_EQ(b.core.l1i().misses(), 3u * 80u) << "a sequential sweep over more than the cache evicts every line first";
  EXPECT_EQ(b.core.l1i().hits(), 0u);
}


TEST(Cpu, NonCacheableRegionGoesToMemoryOnEveryAccess) {
  Bench b;
  b.core.set_region(0x4000, 0x1000, MemAttr::NonCacheable);
  const uint8_t data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  b.mem.write(0x4000, data, 8);
  uint8_t got[8] = {};
  sc_time one, two;
  b.run_at(sc_time(0, SC_NS), [&] {
    b.core.read(0x4000, got, 4);
    one = b.core.time();
    b.core.read(0x4004, got + 4, 4);
    two = b.core.time();
  });
  sc_core::sc_start();
  EXPECT_EQ(got[7], 8);
  EXPECT_EQ(b.core.l1d().misses() + b.core.l1d().hits(), 0u) << "the cache is not consulted";
  EXPECT_EQ(one, sc_time(10.5, SC_NS)) << "4 B at 8 B/ns plus 10 ns latency, no line fill";
  EXPECT_EQ(two - one, one);
}

TEST(Cpu, MmuOffMakesEveryAccessStronglyOrdered) {
  Bench b;
  b.core.set_mmu(false);
  const uint8_t ones[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  sc_time after_write;
  b.run_at(sc_time(0, SC_NS), [&] {
    b.core.write(0x5000, ones, 8);  // two words, each waiting for its completion
    after_write = b.core.time();
  });
  sc_core::sc_start();
  EXPECT_EQ(b.core.attr(0x5000), MemAttr::StronglyOrdered);
  EXPECT_EQ(after_write, sc_time(21, SC_NS)) << "two 4 B writes of 10.5 ns, one after the other";
  uint8_t got[8];
  b.mem.read(0x5000, got, 8);
  EXPECT_EQ(got[7], 1);
}

TEST(Cpu, AtomicReadModifyWriteChangesRealBytes) {
  Bench b;
  b.core.set_region(0x6000, 0x100, MemAttr::NonCacheable);
  const uint8_t zero[4] = {};
  b.mem.write(0x6000, zero, 4);
  bool first = false, second = true;
  b.run_at(sc_time(0, SC_NS), [&] {
    auto test_and_set = [](uint8_t* v) {
      if (v[0]) return false;
      v[0] = 1;
      return true;
    };
    first = b.core.atomic_rmw(0x6000, 4, test_and_set);
    second = b.core.atomic_rmw(0x6000, 4, test_and_set);
  });
  sc_core::sc_start();
  EXPECT_TRUE(first);
  EXPECT_FALSE(second) << "the word is already set";
  uint8_t got = 0;
  b.mem.read(0x6000, &got, 1);
  EXPECT_EQ(got, 1);
}

TEST(Cpu, DueLineIsTheMostUrgentAboveTheLevelAndRoundRobinAmongEquals) {
  Bench b;
  b.core.set_line_priority(0, 1);
  b.core.set_line_priority(1, 1);
  b.core.set_line_priority(2, 3);
  std::vector<int> seen;
  b.sched.at(sc_time(0, SC_NS), [&] {
    b.core.raise(0, ws::now());
    b.core.raise(1, ws::now());
    b.core.raise(2, ws::now() + sc_time(5, SC_NS));  // still on its way
    seen.push_back(b.core.due_line(0));
    b.core.acknowledge(0);
    b.core.raise(0, ws::now());
    seen.push_back(b.core.due_line(0));  // 1 comes before 0 again
    seen.push_back(b.core.due_line(1));  // nothing above priority 1 is due yet
    EXPECT_EQ(b.core.next_assertion(), sc_time(5, SC_NS));
  });
  b.sched.at(sc_time(5, SC_NS), [&] { seen.push_back(b.core.due_line(1)); });
  sc_core::sc_start();
  EXPECT_EQ(seen, (std::vector<int>{0, 1, -1, 2}));
}

TEST(Cpu, LoweredLineIsNoLongerDue) {
  Bench b;
  int due = 0;
  b.sched.at(sc_time(0, SC_NS), [&] {
    b.core.raise(4, ws::now());
    b.core.lower(4);
    due = b.core.due_line(0);
  });
  sc_core::sc_start();
  EXPECT_EQ(due, -1);
  EXPECT_FALSE(b.core.any_pending());
}

TEST(Cpu, ACopyIsPricedPerCopyFromItsAccessPattern) {
  Bench b;
  std::vector<uint8_t> data(4096);
  for (size_t i = 0; i < data.size(); ++i) data[i] = uint8_t(i * 7);
  b.mem.write(0x10000, data.data(), data.size());
  AccessPattern bytes, words;
  bytes.loads[0] = bytes.stores[0] = 4096;  // a byte loop
  bytes.other_instructions = 2 * 4096;
  words.loads[2] = words.stores[2] = 1024;  // a word loop
  words.other_instructions = 2 * 1024;
  sc_time by_bytes, by_words, cached;
  b.core.set_mmu(false);
  b.run_at(sc_time(0, SC_NS), [&] {
    const sc_time t0 = b.core.time();
    b.core.copy(0x20000, 0x10000, 4096, bytes);
    by_bytes = b.core.time() - t0;
    const sc_time t1 = b.core.time();
    b.core.copy(0x30000, 0x10000, 4096, words);
    by_words = b.core.time() - t1;
    b.core.set_mmu(true);  // cacheable from here
    const sc_time t2 = b.core.time();
    b.core.copy(0x40000, 0x10000, 4096, words);
    cached = b.core.time() - t2;
  });
  sc_core::sc_start();
  std::vector<uint8_t> got(4096);
  b.mem.read(0x20000, got.data(), got.size());
  EXPECT_EQ(got, data) << "the bytes moved";
  // MMU off: every access waits for memory (10 ns + its bytes at 8 B/ns), loads and stores.
  EXPECT_EQ(by_bytes, sc_time(4096 * 4 + 2 * 4096 * (10 + 0.125), SC_NS)) << "issue + 8192 waits";
  EXPECT_EQ(by_words, sc_time(1024 * 4 + 2 * 1024 * (10 + 0.5), SC_NS));
  EXPECT_LT(cached, by_words / 4) << "line fills (16 of 256 B each way) instead of 2048 waits";
}

namespace {
// 64 B lines (the A7's), an L2 of 64 KB, memory at 10 ns + 8 B/ns.
struct L2Bench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  Memory mem{"mem", Memory::Config{1 << 24, 10, 8, 1, true}, stats};
  Cpu core;
  static Cpu::Config config(uint32_t write_streaming) {
    Cpu::Config c{1e9, Cache::Config{4096, 2, 64}, Cache::Config{4096, 2, 64}, 10, 10, 2, 40};
    c.l2 = Cache::Config{64 * 1024, 8, 64};
    c.l2_hit_cycles = 5;
    c.write_streaming_lines = write_streaming;
    c.ifetch_bytes = 8;
    c.data_accesses_per_instruction = 0.5;
    return c;
  }
  explicit L2Bench(uint32_t write_streaming = 0) : core("core", config(write_streaming), sched, stats, nullptr) {
    core.socket.bind(mem.socket);
    core.set_code_region(0x100000, 0x200000);
  }
};
}  // namespace

// A line the L1 lost comes back from the L2 at its hit time, not from memory.
TEST(Cpu, AnL1MissThatHitsTheL2CostsTheL2HitTime) {
  L2Bench b;
  sc_time first, again;
  b.sched.at(sc_time(0, SC_NS), [&] {
    uint8_t v[4];
    b.core.set_time(ws::now());
    b.core.read(0x0, v, 4);
    first = b.core.time();
    for (uint64_t a = 4096; a <= 8 * 4096; a += 4096) b.core.read(a, v, 4);  // the same L1 set, 2 ways: evicted
    const sc_time t = b.core.time();
    b.core.read(0x0, v, 4);
    again = b.core.time() - t;
  });
  sc_core::sc_start();
  EXPECT_EQ(first, sc_time(10 + 8, SC_NS)) << "a 64 B fill from memory";
  EXPECT_EQ(again, sc_time(5, SC_NS)) << "the L2's hit";
  EXPECT_EQ(b.core.l2()->misses(), 9u);
}

// A long copy's fills stream: it takes the memory's bandwidth, not a latency
// per line; with write streaming its destination lines are not read first.
TEST(Cpu, ALongCopyStreamsAtBandwidthAndWriteStreamingSkipsDestinationFills) {
  sc_time plain, streaming;
  for (uint32_t ws_lines : {0u, 4u}) {
    if (fork() == 0) {  // one elaboration per process
      L2Bench b(ws_lines);
      AccessPattern p;
      p.loads[3] = p.stores[3] = 1 << 12;  // 128 KB in LDM/STM of 32 B
      sc_time took;
      b.sched.at(sc_time(0, SC_NS), [&] {
        b.core.set_time(ws::now());
        b.core.copy(0x400000, 0x200000, 128 * 1024, p);
        took = b.core.time() - ws::now();
      });
      sc_core::sc_start();
      _exit(int(took.to_seconds() * 1e6));  // whole us (an exit status holds 8 bits)
    }
    int status = 0;
    wait(&status);
    (ws_lines ? streaming : plain) = sc_time(WEXITSTATUS(status), sc_core::SC_US);
  }
  // 2048 source and 2048 destination fills at 8 ns each, and the write-backs
  // sharing the port: over 33 us. Without the destination's fills the copy is
  // bound by its issue: 8192 LDM/STM of 4 cycles, 32.8 us.
  EXPECT_GT(plain, sc_time(36, sc_core::SC_US));
  EXPECT_LT(plain, sc_time(46, sc_core::SC_US));
  EXPECT_EQ(streaming, sc_time(32, sc_core::SC_US)) << "32.8 us, in whole us";
}

// With the I-cache off, code is fetched from memory; uncached data accesses
// of the code wait too. Both caches on, it is the instruction count.
TEST(Cpu, CodeWithTheICacheOffPaysItsFetchesAndUncachedData) {
  L2Bench b;
  sc_time on, off;
  b.sched.at(sc_time(0, SC_NS), [&] {
    b.core.set_time(ws::now());
    b.core.exec_code(1000);
    on = b.core.time() - ws::now();
    b.core.set_icache(false);
    b.core.set_mmu(false);
    const sc_time t = b.core.time();
    b.core.exec_code(1000);
    off = b.core.time() - t;
  });
  sc_core::sc_start();
  EXPECT_EQ(on, sc_time(1000, SC_NS));
  // 500 fetches of 8 B (10 + 1 ns) and 500 strongly ordered words (10 + 0.5 ns).
  EXPECT_EQ(off, sc_time(1000 + 500 * 11 + 500 * 10.5, SC_NS));
  // Each of them in the memory's statistics, though the core timed one of
  // each kind and multiplied (the A7 copy with caches off showed DDR 0.0 %).
  const ResourceStats* port = b.stats.resource("mem.port0");
  EXPECT_EQ(port->ops, 1000u);
  EXPECT_EQ(port->bytes, 500u * 8 + 500u * 4);
  EXPECT_EQ(port->busy, sc_time(500 * 1 + 500 * 0.5, SC_NS));
  EXPECT_EQ(port->until, b.core.time()) << "the last repeat ends when the core's last access does";
}
