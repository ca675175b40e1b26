#pragma once
// A core with a memory for the OS personalities' tests, and computation run
// in slices of 10 us with a preemption point after each; and N 1 GHz cores on
// one memory for the SMP and interrupt-routing tests.
#include <systemc>
#include <memory>
#include <string>
#include <vector>
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

struct Cores {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  Memory mem{"mem", Memory::Config{1 << 20, 10, 8, 4, true}, stats};
  std::vector<std::unique_ptr<Cpu>> cores;
  explicit Cores(unsigned n) {
    for (unsigned i = 0; i < n; ++i) {
      cores.push_back(std::make_unique<Cpu>(("cpu" + std::to_string(i)).c_str(),
                                            Cpu::Config{1e9, Cache::Config{32768, 8, 32}, Cache::Config{32768, 8, 32},
                                                        10, 10, 1, 40},
                                            sched, stats, nullptr));
      cores.back()->socket.bind(mem.socket);
    }
  }
  std::vector<Cpu*> raw() const {
    std::vector<Cpu*> out;
    for (auto& c : cores) out.push_back(c.get());
    return out;
  }
};

}  // namespace ws::test
