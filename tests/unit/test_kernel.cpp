// The kernel's semantics, each asserted by times and orders: hwi entry/exit
// and preemption points, nesting by priority and masking, thread priorities and
// switches, semaphores, mailboxes, events, deferred work and its hand-off to a
// thread, ticks and time slices, two cores, spinlocks, and CPU load by level.
#include <gtest/gtest.h>
#include <fmt/format.h>
#include <systemc>
#include <algorithm>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>
#include "models/mem/memory.hpp"
#include "workloads/os/kernel/kernel.hpp"
#include "workloads/os/kernel/sync.hpp"

using namespace ws;
using namespace ws::os;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

namespace {

// 1 GHz cores (a cycle is 1 ns) with 10-cycle exception entry and exit.
struct Bench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  Memory mem{"mem", Memory::Config{1 << 20, 10, 8, 4, true}, stats};
  std::vector<std::unique_ptr<Cpu>> cores;
  std::unique_ptr<Kernel> k;
  std::vector<std::pair<std::string, sc_time>> log;

  explicit Bench(KernelConfig cfg = {}, unsigned ncores = 1) {
    std::vector<Cpu*> raw;
    for (unsigned i = 0; i < ncores; ++i) {
      cores.push_back(std::make_unique<Cpu>(("cpu" + std::to_string(i)).c_str(),
                                            Cpu::Config{1e9, Cache::Config{32 * 1024, 8, 32}, Cache::Config{32 * 1024, 8, 32},
                                                        10, 10, 1, 40},
                                            sched, stats, nullptr));
      cores.back()->socket.bind(mem.socket);
      raw.push_back(cores.back().get());
    }
    k = std::make_unique<Kernel>(raw, cfg, stats);
  }
  Cpu& cpu(unsigned i = 0) { return *cores[i]; }
  // Records `what` at the running code's cursor.
  void note(const std::string& what, unsigned c = 0) { log.emplace_back(what, cpu(c).time()); }
  void raise_at(sc_time t, unsigned line, unsigned c = 0) {
    sched.at(t, [this, line, c] { cpu(c).raise(line, ws::now()); });
  }
};


using Log = std::vector<std::pair<std::string, sc_time>>;

// Cores 0..n-1 see the spinlock's line (0x8000) uncached, as a lock in shared memory is.
void share_lock_line(Bench& b, unsigned cores) {
  for (unsigned c = 0; c < cores; ++c) b.cpu(c).set_region(0x8000, 0x100, MemAttr::NonCacheable);
}

// Core 0 takes the lock, runs 1000 cycles, passes a scheduling point and frees it.
void hold_on_core0(Bench& b, Spinlock& lock) {
  b.k->create_thread(0, 1, [&]() -> Task {
    co_await lock.lock();
    b.cpu(0).exec(1000);
    co_await b.k->point();
    lock.unlock();
  }, "holder");
}

}  // namespace

TEST(Kernel, InterruptAssertedAsAHandlerEndsIsNotLost) {
  Bench b;
  b.k->attach_hwi(0, 0, 1, [&]() -> Task {
    b.note("isr");
    b.cpu().exec(1000);
    co_return;
  }, "isr");
  b.raise_at(ns(0), 0);
  // Raised while the handler runs; it reaches the core just after the handler has ended.
  b.sched.at(ns(1015), [&] { b.cpu().raise(0, ws::now() + ns(10)); });
  sc_core::sc_start();
  EXPECT_EQ(b.log, (Log{{"isr", ns(10)}, {"isr", ns(1035)}}))
      << "entry first; the second taken when it arrives (1025 ns), after its entry";
  EXPECT_EQ(b.k->interrupts_taken(0), 2u);
}

TEST(Kernel, PreemptionPointsResynchroniseAndBookBusyTime) {
  Bench b;
  std::vector<sc_time> seen;
  b.k->attach_hwi(0, 0, 1, [&]() -> Task {
    for (int i = 0; i < 3; ++i) {
      seen.push_back(ws::now());
      b.cpu().exec(100);
      if (i < 2) co_await b.k->point();
    }
  }, "isr");
  b.raise_at(ns(0), 0);
  sc_core::sc_start();
  EXPECT_EQ(seen, (std::vector<sc_time>{ns(0), ns(110), ns(210)}));
  EXPECT_EQ(b.stats.resource("cpu0")->busy, ns(320)) << "entry + 3 segments + exit";
  EXPECT_EQ(b.stats.cpu_load("cpu0")->irq, ns(320));
}

TEST(Kernel, BusyLinesOfEqualPriorityAreTakenRoundRobin) {
  Bench b;
  std::vector<unsigned> order;
  for (unsigned line = 0; line < 2; ++line)
    b.k->attach_hwi(0, line, 1, [&, line]() -> Task {
      order.push_back(line);
      b.cpu().exec(100);
      if (order.size() < 5) b.cpu().raise(line, ws::now());  // its queue keeps filling
      co_return;
    }, "isr");
  b.sched.at(ns(0), [&] {
    b.cpu().raise(0, ws::now());
    b.cpu().raise(1, ws::now());
  });
  sc_core::sc_start();
  EXPECT_EQ(order, (std::vector<unsigned>{0, 1, 0, 1, 0, 1})) << "line 0 must not starve line 1";
}

TEST(Kernel, AnInterruptPreemptsAThreadAtItsNextPointAndTheThreadResumes) {
  Bench b;
  b.k->boot(0, [&]() -> Task {
    for (int i = 0; i < 4; ++i) {
      b.note("thread");
      b.cpu().exec(100);
      co_await b.k->point();
    }
  }, "boot", ns(0));
  b.k->attach_hwi(0, 0, 1, [&]() -> Task {
    b.note("isr");
    b.cpu().exec(50);
    co_return;
  }, "isr");
  b.raise_at(ns(150), 0);
  sc_core::sc_start();
  // Points at 100 and 200: the interrupt (150) is taken at 200: entry 10, handler
  // 50, exit 10; the thread resumes at 270.
  EXPECT_EQ(b.log, (Log{{"thread", ns(0)}, {"thread", ns(100)}, {"isr", ns(210)}, {"thread", ns(270)},
                        {"thread", ns(370)}}));
}

TEST(Kernel, MoreUrgentLineNestsAtAHandlersPointAnEqualOneWaitsForItsEnd) {
  Bench b;
  b.k->attach_hwi(0, 0, 1, [&]() -> Task {
    for (int i = 0; i < 3; ++i) {
      b.note("low");
      b.cpu().exec(100);
      co_await b.k->point();
    }
  }, "low");
  b.k->attach_hwi(0, 1, 1, [&]() -> Task {
    b.note("equal");
    b.cpu().exec(10);
    co_return;
  }, "equal");
  b.k->attach_hwi(0, 2, 5, [&]() -> Task {
    b.note("high");
    b.cpu().exec(20);
    co_return;
  }, "high");
  b.raise_at(ns(0), 0);
  b.raise_at(ns(50), 1);   // masked while "low" runs: same priority
  b.raise_at(ns(150), 2);  // nests at low's point at 210
  sc_core::sc_start();
  // low: 10..110, 110..210; high nests at 210: entry, 20, exit -> 250; low goes
  // on 250..350 and ends (exit 360); then "equal" (entry: 370).
  EXPECT_EQ(b.log, (Log{{"low", ns(10)}, {"low", ns(110)}, {"high", ns(220)}, {"low", ns(250)}, {"equal", ns(370)}}));
}

TEST(Kernel, AMoreUrgentThreadWokenByAHandlerRunsWhenTheHandlerEnds) {
  KernelConfig cfg;
  cfg.costs.context_switch_cycles = 30;
  Bench b(cfg);
  Semaphore sem(*b.k);
  b.k->create_thread(0, 5, [&]() -> Task {
    co_await sem.pend();
    b.note("high");
    b.cpu().exec(100);
  }, "high");
  b.k->create_thread(0, 1, [&]() -> Task {
    for (int i = 0; i < 5; ++i) {
      b.note("low");
      b.cpu().exec(100);
      co_await b.k->point();
    }
  }, "low");
  b.k->attach_hwi(0, 0, 1, [&]() -> Task {
    sem.post();
    co_return;
  }, "isr");
  b.raise_at(ns(100), 0);
  sc_core::sc_start();
  // high runs first (switch 0..30) and blocks at 30; low: switch 30..60, then
  // 60..160. The interrupt (100) is taken at low's point at 160: entry, exit ->
  // 180; high is switched in (180..210) and runs 210..310; low is switched back
  // in (310..340) and goes on.
  ASSERT_GE(b.log.size(), 4u);
  EXPECT_EQ(b.log[0], (std::pair<std::string, sc_time>{"low", ns(60)}));
  EXPECT_EQ(b.log[1], (std::pair<std::string, sc_time>{"high", ns(210)}));
  EXPECT_EQ(b.log[2], (std::pair<std::string, sc_time>{"low", ns(340)}));
  EXPECT_EQ(b.k->context_switches(0), 4u);
}

TEST(Kernel, SemaphorePingPongCostsTwoContextSwitchesPerRound) {
  KernelConfig cfg;
  cfg.costs.context_switch_cycles = 100;
  cfg.costs.sync_cycles = 0;
  Bench b(cfg);
  Semaphore ping(*b.k), pong(*b.k);
  constexpr int kRounds = 10;
  std::vector<sc_time> rounds;
  b.k->create_thread(0, 1, [&]() -> Task {
    for (int i = 0; i < kRounds; ++i) {
      rounds.push_back(b.cpu().time());
      ping.post();
      co_await pong.pend();
    }
  }, "a");
  b.k->create_thread(0, 1, [&]() -> Task {
    for (int i = 0; i < kRounds; ++i) {
      co_await ping.pend();
      pong.post();
    }
  }, "b");
  sc_core::sc_start();
  ASSERT_EQ(rounds.size(), size_t(kRounds));
  for (int i = 1; i < kRounds; ++i) EXPECT_EQ(rounds[i] - rounds[i - 1], ns(200)) << "round " << i;
  // The first switch from idle into a, then two per round.
  EXPECT_EQ(b.k->context_switches(0), 1u + 2u * kRounds);
}

TEST(Kernel, MailboxBlocksTheWriterWhenFullAndTheReaderWhenEmpty) {
  Bench b;
  Mailbox<int> box(*b.k, 2);
  std::vector<int> got;
  b.k->create_thread(0, 2, [&]() -> Task {
    for (int i = 0; i < 4; ++i) {
      co_await box.post(i);
      b.note("posted " + std::to_string(i));
    }
  }, "writer");
  b.k->create_thread(0, 1, [&]() -> Task {
    for (int i = 0; i < 5; ++i) {
      b.note("pend");
      got.push_back(co_await box.pend());
      b.cpu().exec(100);
      co_await b.k->point();
    }
  }, "reader");
  sc_core::sc_start();
  EXPECT_EQ(got, (std::vector<int>{0, 1, 2, 3}));
  // The writer fills both slots and blocks on the third; the reader's first
  // take lets it go on (2 queued), it blocks again on 3; the fifth pend finds
  // the box empty and blocks for good.
  ASSERT_GE(b.log.size(), 3u);
  EXPECT_EQ(b.log[0].first, "posted 0");
  EXPECT_EQ(b.log[1].first, "posted 1");
  EXPECT_EQ(b.log[2].first, "pend");
  EXPECT_EQ(b.log.back().first, "pend");
  EXPECT_EQ(box.size(), 0u);
}

TEST(Kernel, EventReleasesAWaiterWhenAllItsBitsArePosted) {
  Bench b;
  Event ev(*b.k);
  uint32_t got = 0;
  b.k->create_thread(0, 1, [&]() -> Task {
    got = co_await ev.pend(0x3, true);
    b.note("released");
  }, "waiter");
  b.k->attach_hwi(0, 0, 1, [&]() -> Task {
    ev.post(b.cpu().time() < ns(200) ? 0x1 : 0x2);
    co_return;
  }, "isr");
  b.raise_at(ns(100), 0);
  b.raise_at(ns(300), 0);
  sc_core::sc_start();
  EXPECT_EQ(got, 0x3u);
  ASSERT_EQ(b.log.size(), 1u);
  EXPECT_GT(b.log[0].second, ns(300)) << "one bit is not enough";
  EXPECT_EQ(ev.bits(), 0u) << "the matched bits are consumed";
}

TEST(Kernel, DeferredWorkPastItsRestartLimitContinuesInTheDeferredThread) {
  KernelConfig cfg;
  cfg.deferred_restarts = 3;
  cfg.deferred_thread_priority = 1;
  Bench b(cfg);
  int left = 10;
  std::vector<Level> where;
  Deferred* rx = nullptr;
  rx = &b.k->create_deferred(0, 1, [&]() -> Task {
    where.push_back(b.k->running().level);
    b.cpu().exec(100);
    if (--left > 0) b.k->post(*rx);  // work remains: raise again, as NAPI does
    co_return;
  }, "net_rx");
  b.k->attach_hwi(0, 0, 1, [&]() -> Task {
    b.k->post(*rx);
    co_return;
  }, "isr");
  b.raise_at(ns(1000), 0);
  sc_core::sc_start();
  ASSERT_EQ(where.size(), 10u);
  // Three passes at the deferred level (MAX_SOFTIRQ_RESTART = 3), the rest in the thread.
  for (size_t i = 0; i < where.size(); ++i)
    EXPECT_EQ(where[i], i < 3 ? Level::Deferred : Level::Thread) << "run " << i;
  EXPECT_EQ(b.k->deferred_handoffs(0), 1u);
  EXPECT_EQ(rx->runs(), 10u);
  EXPECT_EQ(b.stats.cpu_load("cpu0")->soft, ns(1000)) << "the thread's deferred runs count as %soft too";
}

KernelConfig ticking() {
  KernelConfig cfg;
  cfg.tick = sc_time(1, SC_US);
  cfg.tick_priority = 2;
  cfg.time_slice_ticks = 2;
  cfg.costs.tick_cycles = 20;
  return cfg;
}

TEST(Kernel, TheTickWakesASleeperAndStopsWhenTheCoreIsIdle) {
  Bench b(ticking());
  sc_time woke;
  b.k->create_thread(0, 3, [&]() -> Task {
    co_await b.k->sleep(sc_time(2.5, SC_US));
    woke = b.cpu().time();
  }, "sleeper");
  sc_core::sc_start();
  // Ticks at 1, 2 and 3 us; the third wakes it: entry 10, handler 20, exit 10.
  EXPECT_EQ(woke, sc_time(3040, SC_NS));
  EXPECT_EQ(b.k->ticks(0), 3u) << "no tick once nothing is left to run (tickless idle)";
  EXPECT_EQ(b.stats.cpu_load("cpu0")->irq, sc_time(120, SC_NS));
}

TEST(Kernel, EqualThreadsTakeTurnsOfATimeSlice) {
  Bench b(ticking());
  std::vector<std::pair<int, sc_time>> turns;
  for (int id = 0; id < 2; ++id)
    b.k->create_thread(0, 1, [&, id]() -> Task {
      for (int i = 0; i < 80; ++i) {
        if (turns.empty() || turns.back().first != id) turns.emplace_back(id, b.cpu().time());
        b.cpu().exec(100);
        co_await b.k->point();
      }
    }, "spinner");
  sc_core::sc_start();
  ASSERT_GE(turns.size(), 6u) << "equal threads take turns";
  // A turn lasts until the second tick after its switch (1..2 us), then ends
  // at the next point; the last turn is cut short by the end of the work.
  for (size_t i = 1; i + 2 < turns.size(); ++i) {
    const double slice = (turns[i + 1].second - turns[i].second).to_seconds() * 1e6;
    EXPECT_GT(slice, 0.99) << "turn " << i;
    EXPECT_LT(slice, 2.2) << "turn " << i;
  }
}

TEST(Kernel, TwoCoresRunTheirOwnRunQueuesAtTheSameTime) {
  Bench b({}, 2);
  std::vector<sc_time> ends;
  for (unsigned c = 0; c < 2; ++c)
    b.k->create_thread(c, 1, [&, c]() -> Task {
      b.cpu(c).exec(1000);
      co_await b.k->point();
      ends.push_back(ws::now());
    }, "worker");
  sc_core::sc_start();
  EXPECT_EQ(ends, (std::vector<sc_time>{ns(1000), ns(1000)})) << "neither waits for the other";
  EXPECT_EQ(b.stats.cpu_load("cpu0")->sys, ns(1000));
  EXPECT_EQ(b.stats.cpu_load("cpu1")->sys, ns(1000));
}

TEST(Kernel, SpinlockWaiterKeepsItsCoreBusyUntilTheHolderReleases) {
  Bench b({}, 2);
  share_lock_line(b, 2);
  Spinlock lock(*b.k, 0x8000);
  sc_time got1;
  hold_on_core0(b, lock);
  b.k->create_thread(1, 1, [&]() -> Task {
    b.cpu(1).exec(100);
    co_await b.k->point();
    co_await lock.lock();
    got1 = b.cpu(1).time();
    lock.unlock();
  }, "waiter", ns(0));
  sc_core::sc_start();
  EXPECT_EQ(lock.contended(), 1u);
  EXPECT_GT(got1, ns(1000)) << "taken only after the holder's release";
  EXPECT_LT(got1, ns(1100));
  const auto busy1 = b.stats.resource("cpu1")->busy;
  EXPECT_GT(busy1, ns(900)) << "spinning is busy time";
  uint8_t word = 9;
  b.mem.read(0x8000, &word, 1);
  EXPECT_EQ(word, 0) << "free at the end";
}

TEST(Kernel, CpuLoadIsBookedByLevelAndReportedLikeMpstat) {
  KernelConfig cfg;
  Bench b(cfg);
  Deferred* d = &b.k->create_deferred(0, 1, [&]() -> Task {
    b.cpu().exec(200);
    co_return;
  }, "soft");
  b.k->attach_hwi(0, 0, 1, [&]() -> Task {
    b.cpu().exec(80);  // + 20 entry and exit
    b.k->post(*d);
    co_return;
  }, "isr");
  b.k->create_thread(0, 1, [&]() -> Task {
    b.cpu().exec(300);
    co_return;
  }, "app", sc_time(1, SC_US), true);
  b.raise_at(ns(0), 0);
  sc_core::sc_start();
  const CpuLoad& l = *b.stats.cpu_load("cpu0");
  EXPECT_EQ(l.irq, ns(100));
  EXPECT_EQ(l.soft, ns(200));
  EXPECT_EQ(l.usr, ns(300));
  EXPECT_EQ(l.sys, ns(0));
  const std::string r = b.stats.cpu_report(sc_time(2, SC_US));
  EXPECT_NE(r.find("%usr"), std::string::npos);
  EXPECT_NE(r.find("cpu0       15.00    0.00    5.00   10.00   70.00"), std::string::npos) << r;
}

// SystemC hands an exception out of sc_start() as its own report, message kept.
std::string failure_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(Kernel, BlockingInAHandlerIsRefused) {
  Bench b;
  Semaphore sem(*b.k);
  b.k->attach_hwi(0, 0, 1, [&]() -> Task { co_await sem.pend(); }, "bad_isr");
  b.raise_at(ns(0), 0);
  EXPECT_NE(failure_of([] { sc_core::sc_start(); }).find("only threads may block"), std::string::npos);
}

namespace {

// A seeded mix of every level on two cores: interrupts at random times, a
// deferred run per interrupt, threads pinging through a semaphore and a
// mailbox. Returns the log of who ran when, as text.
std::string seeded_mix(uint64_t seed) {
  KernelConfig cfg = ticking();
  cfg.costs.context_switch_cycles = 50;
  cfg.costs.sync_cycles = 5;
  cfg.deferred_thread_priority = 4;
  cfg.deferred_restarts = 2;
  Bench b(cfg, 2);
  std::mt19937_64 rng(seed);
  Semaphore sem(*b.k);
  Mailbox<int> box(*b.k, 3);
  std::string out;
  auto mark = [&](const std::string& what, unsigned c) {
    out += fmt::format("{} {} {}\n", what, c, b.cpu(c).time().value());
  };
  std::vector<Deferred*> soft;
  for (unsigned c = 0; c < 2; ++c) {
    soft.push_back(&b.k->create_deferred(c, 1, [&, c]() -> Task {
      mark("soft", c);
      b.cpu(c).exec(150);
      co_return;
    }, "soft"));
    b.k->attach_hwi(c, 0, 1, [&, c]() -> Task {
      mark("irq", c);
      b.cpu(c).exec(40);
      b.k->post(*soft[c]);
      sem.post();
      co_return;
    }, "irq");
  }
  b.k->create_thread(0, 2, [&]() -> Task {
    for (int i = 0; i < 30; ++i) {
      co_await sem.pend();
      mark("pend", 0);
      co_await box.post(i);
    }
  }, "producer");
  b.k->create_thread(1, 2, [&]() -> Task {
    for (int i = 0; i < 30; ++i) {
      const int v = co_await box.pend();
      mark("got " + std::to_string(v), 1);
      b.cpu(1).exec(300);
      co_await b.k->point();
    }
  }, "consumer");
  for (int i = 0; i < 60; ++i)
    b.raise_at(sc_time(double(rng() % 50000), SC_NS), 0, unsigned(rng() % 2));
  sc_core::sc_start();
  return out;
}

// Runs `seeded_mix(seed)` in a child process (SystemC elaborates once per process).
std::string in_child(uint64_t seed) {
  int fds[2];
  if (pipe(fds) != 0) return "pipe failed";
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    std::string log;
    try {
      log = seeded_mix(seed);
    } catch (...) {
      _exit(2);
    }
    const ssize_t n = write(fds[1], log.data(), log.size());
    _exit(n == ssize_t(log.size()) ? 0 : 1);
  }
  close(fds[1]);
  std::string log;
  char buf[4096];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) log.append(buf, size_t(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? log : "child failed";
}

}  // namespace

TEST(Kernel, SameSeedSameTraceAnotherSeedAnother) {
  const std::string a = in_child(7), again = in_child(7), other = in_child(8);
  ASSERT_NE(a, "child failed");
  EXPECT_GT(std::count(a.begin(), a.end(), '\n'), 100);
  EXPECT_EQ(a, again);
  EXPECT_NE(a, other);
}

TEST(Kernel, AMaskedInterruptWaitsUntilTheThreadUnmasks) {
  Bench b;
  b.k->attach_hwi(0, 0, 1, [&]() -> Task {
    b.note("isr");
    co_return;
  }, "isr");
  b.k->boot(0, [&]() -> Task {
    b.cpu().set_mask(1);  // a critical section: local_irq_save
    for (int i = 0; i < 3; ++i) {
      b.cpu().exec(100);
      co_await b.k->point();
    }
    b.cpu().set_mask(0);
    b.note("unmasked");
    b.cpu().exec(100);
    co_await b.k->point();
  }, "boot", sc_time(0, SC_NS));
  b.raise_at(sc_time(50, SC_NS), 0);
  sc_core::sc_start();
  // The masked points at 100, 200 and 300 hold it; unmasked at 300, it is
  // taken at the next point (400).
  EXPECT_EQ(b.log, (Log{{"unmasked", sc_time(300, SC_NS)}, {"isr", sc_time(410, SC_NS)}}));
}

TEST(Kernel, ADisabledLineStaysPendingAndIsTakenWhenEnabled) {
  Bench b;
  b.k->attach_hwi(0, 2, 1, [&]() -> Task {
    b.note("isr");
    co_return;
  }, "isr");
  b.sched.at(sc_time(0, SC_NS), [&] {
    b.cpu().set_line_enabled(2, false);
    b.cpu().raise(2, ws::now());
  });
  b.sched.at(sc_time(500, SC_NS), [&] { b.cpu().set_line_enabled(2, true); });
  sc_core::sc_start();
  EXPECT_EQ(b.log, (Log{{"isr", sc_time(510, SC_NS)}}));
}

TEST(Kernel, AWakeFromAnotherCoreTakesEffectAtThePostersTime) {
  Bench b({}, 2);
  Semaphore sem(*b.k);
  sc_time woke;
  b.k->create_thread(0, 1, [&]() -> Task {
    co_await sem.pend();
    woke = ws::now();
  }, "waiter");
  b.k->create_thread(1, 1, [&]() -> Task {
    b.cpu(1).exec(1000);
    sem.post();  // at 1000 ns on core 1, although this code runs at 0
    co_return;
  }, "poster");
  sc_core::sc_start();
  EXPECT_EQ(woke, ns(1000));
}

TEST(Kernel, YieldHandsTheCoreToAnEqualThreadAndALoneYieldLeavesNoReschedule) {
  Bench b;
  std::vector<std::pair<std::string, sc_time>> log;
  b.k->create_thread(0, 1, [&]() -> Task {
    co_await b.k->yield();  // alone: nothing to hand over
    for (int i = 0; i < 3; ++i) {
      log.emplace_back("a", ws::now());
      b.cpu().exec(100);
      co_await b.k->point();
    }
    co_await b.k->yield();  // b is ready now: it goes first
    log.emplace_back("a again", ws::now());
  }, "a");
  b.k->create_thread(0, 1, [&]() -> Task {
    log.emplace_back("b", ws::now());
    co_return;
  }, "b", ns(50));
  sc_core::sc_start();
  // b became ready at 50 ns; a's stale yield must not let it in at a's next point.
  EXPECT_EQ(log, (Log{{"a", ns(0)}, {"a", ns(100)}, {"a", ns(200)}, {"b", ns(300)}, {"a again", ns(300)}}));
}

TEST(Kernel, MutexHandsOverToItsWaitersInOrder) {
  Bench b;
  Mutex m(*b.k);
  std::vector<std::string> order;
  for (const char* who : {"first", "second", "third"})
    b.k->create_thread(0, 1, [&, who]() -> Task {
      co_await m.lock();
      order.push_back(who);
      co_await b.k->sleep(ns(100));  // holds it while asleep
      m.unlock();
    }, who);
  sc_core::sc_start();
  EXPECT_EQ(order, (std::vector<std::string>{"first", "second", "third"}));
  EXPECT_EQ(m.owner(), nullptr);
}

TEST(Kernel, ABootedThreadIsTimeSlicedToo) {
  Bench b(ticking());
  sc_time other;
  b.k->boot(0, [&]() -> Task {
    for (int i = 0; i < 200; ++i) {
      b.cpu().exec(100);
      co_await b.k->point();
    }
  }, "boot", ns(0));
  b.k->create_thread(0, 1, [&]() -> Task {
    other = ws::now();
    co_return;
  }, "other", ns(10));
  sc_core::sc_start();
  EXPECT_GT(other, sc_time(1, SC_US));
  EXPECT_LT(other, sc_time(3, SC_US)) << "after two ticks, not after the boot thread's 20 us";
}

TEST(Kernel, EveryPendingDeferredItemRunsOncePerPass) {
  Bench b;
  std::string order;
  int hi_left = 5;
  Deferred* hi = nullptr;
  hi = &b.k->create_deferred(0, 2, [&]() -> Task {
    order += 'H';
    if (--hi_left > 0) b.k->post(*hi);
    co_return;
  }, "hi");
  Deferred& lo = b.k->create_deferred(0, 1, [&]() -> Task {
    order += 'L';
    co_return;
  }, "lo");
  b.k->attach_hwi(0, 0, 1, [&]() -> Task {
    b.k->post(*hi);
    b.k->post(lo);
    co_return;
  }, "isr");
  b.raise_at(ns(0), 0);
  sc_core::sc_start();
  EXPECT_EQ(order, "HLHHHH") << "the lower item gets its turn in the first pass, not after hi's last";
}

TEST(Kernel, ASpinlockIsFreedAtTheHoldersTimeAndHandedOverInOrder) {
  Bench b({}, 3);
  share_lock_line(b, 3);
  Spinlock lock(*b.k, 0x8000);
  std::vector<std::pair<unsigned, sc_time>> got;
  b.k->create_thread(0, 1, [&]() -> Task {
    co_await lock.lock();
    b.cpu(0).exec(1000);
    lock.unlock();  // at about 1000 ns, although this code runs earlier
    co_return;
  }, "holder");
  for (unsigned c = 1; c < 3; ++c)
    b.k->create_thread(c, 1, [&, c]() -> Task {
      b.cpu(c).exec(100 * c);
      co_await lock.lock();
      got.emplace_back(c, ws::now());
      b.cpu(c).exec(500);
      lock.unlock();
    }, "waiter");
  sc_core::sc_start();
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].first, 1u) << "the first to spin gets it first";
  EXPECT_GT(got[0].second, ns(1000)) << "not before the holder let go";
  EXPECT_LT(got[0].second, ns(1100));
  EXPECT_GT(got[1].second, got[0].second + ns(500)) << "the second waits for the first";
  EXPECT_EQ(lock.contended(), 2u);
  EXPECT_GT(b.stats.resource("cpu2")->busy, ns(1300)) << "spinning is busy time";
}

TEST(Kernel, ASpinlockTakenAgainOnItsOwnCpuIsAnError) {
  Bench b;
  Spinlock lock(*b.k, 0x8000);
  b.k->attach_hwi(0, 0, 1, [&]() -> Task {
    co_await lock.lock();
    lock.unlock();
  }, "isr");
  b.k->boot(0, [&]() -> Task {
    co_await lock.lock();
    b.cpu().exec(500);
    co_await b.k->point();  // the interrupt comes in here and wants the lock
    lock.unlock();
  }, "boot", ns(0));
  b.raise_at(ns(100), 0);
  EXPECT_NE(failure_of([] { sc_core::sc_start(); }).find("its own CPU holds"), std::string::npos);
}

TEST(Kernel, MaskedCodeIsNotPreemptedByAMoreUrgentThread) {
  Bench b;
  std::vector<std::string> order;
  b.k->boot(0, [&]() -> Task {
    b.cpu().set_mask(1);
    for (int i = 0; i < 3; ++i) {
      b.cpu().exec(100);
      co_await b.k->point();
    }
    order.push_back("masked section done");
    b.cpu().set_mask(0);
    co_await b.k->point();
  }, "boot", ns(0));
  b.k->create_thread(0, 5, [&]() -> Task {
    order.push_back("urgent");
    co_return;
  }, "urgent", ns(50));
  sc_core::sc_start();
  EXPECT_EQ(order, (std::vector<std::string>{"masked section done", "urgent"}));
}

// spin_trylock: taken by the other CPU, the try gives up at once (no
// spinning, no busy time waiting); once free, it takes it.
TEST(Kernel, ASpinlockTryGivesUpAtOnceWhenTakenAndTakesItWhenFree) {
  Bench b({}, 2);
  share_lock_line(b, 2);
  Spinlock lock(*b.k, 0x8000);
  bool first = true, second = false;
  sc_time gave_up;
  hold_on_core0(b, lock);
  b.k->create_thread(1, 1, [&]() -> Task {
    b.cpu(1).exec(100);
    co_await lock.try_lock(first);
    gave_up = b.cpu(1).time();
    b.cpu(1).exec(2000);
    co_await lock.try_lock(second);
    if (second) lock.unlock();
  }, "trier", ns(0));
  sc_core::sc_start();
  EXPECT_FALSE(first) << "the holder had it";
  EXPECT_LT(gave_up, ns(1000)) << "gave up before the holder's release";
  EXPECT_TRUE(second) << "free by then";
  EXPECT_EQ(lock.given_up(), 1u);
  EXPECT_EQ(lock.contended(), 0u) << "a try never spins";
}
