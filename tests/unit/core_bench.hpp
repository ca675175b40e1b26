#pragma once
// A core with a memory for the OS personalities' tests, and computation run
// in slices of 10 us with a preemption point after each.
#include <systemc>
#include "models/cpu/cpu.hpp"
#include "models/mem/memory.hpp"
#include "workloads/os/kernel/kernel.hpp"

namespace ws::test {

struct CoreBench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  Memory mem{"mem", Memory::Config{1 << 16, 10, 8, 1, true}, stats};
  Cpu core;
  double hz;
  explicit CoreBench(double clock_hz)
      : core("core", Cpu::Config{clock_hz, Cache::Config{32768, 4, 64}, Cache::Config{32768, 2, 64}, 0, 0, 1, 40},
             sched, stats, nullptr),
        hz(clock_hz) {
    core.socket.bind(mem.socket);
  }
  os::Task busy(os::Kernel& k, double us) {
    for (double done = 0; done < us; done += 10) {
      core.exec(10e-6 * hz);
      co_await k.point();
    }
  }
};

}  // namespace ws::test
