#pragma once
// What a MAC's descriptor-DMA test stands on: the scheduler, the statistics, a
// frame pool and 1 MB of memory (20 ns, 8 B/ns) for rings and buffers.
#include "models/eth/frame.hpp"
#include "models/mem/memory.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"

namespace ws::test {

struct MacDmaBench {
  Scheduler sched{"sched"};
  StatsRegistry stats;
  eth::FramePool pool;
  Memory mem{"mem", Memory::Config{1 << 20, 20, 8, 1, true}, stats};
};

}  // namespace ws::test
