// The NIMU driver's EmacSend() on the Navigator: descriptors go out on the Tx
// queue and come back on the return queue; as shipped every call walks the
// return queue (its cycles grow with what it finds there), batched calls only
// pop a free descriptor and walk the return queue when the free queue runs dry. Every frame leaves intact and no descriptor is lost.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>
#include <systemc>
#include <algorithm>
#include <numeric>
#include <vector>
#include "models/bus/interconnect.hpp"
#include "models/cpu/cpu.hpp"
#include "models/mem/memory.hpp"
#include "models/nav/packet_dma.hpp"
#include "models/nav/qmss.hpp"
#include "workloads/drivers/nimu_driver.hpp"

using namespace ws;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

namespace {
constexpr uint64_t kQm = 0x0400'0000;
constexpr unsigned kTx = 1, kFree = 2, kReturn = 3, kDescs = 16, kFrames = 64;

struct Result {
  std::vector<double> cycles;
  unsigned intact = 0;
  size_t descriptors = 0;  // on the free and return queues at the end
};

Result run(bool per_send) {
  Scheduler sched("sched");
  StatsRegistry stats;
  Memory ddr("ddr", Memory::Config{16 << 20, 50, 8, 1, true}, stats);
  nav::Qmss qm("qm", nav::Qmss::Config{8, 100}, sched, stats);
  Interconnect bus("bus", Interconnect::Config{16, 20}, stats);
  Cpu a15("a15", Cpu::Config{1e9, Cache::Config{32768, 2, 64}, Cache::Config{32768, 2, 64}, 0, 0, 2, 40}, sched, stats,
          nullptr);
  nav::PacketDma dma("dma", nav::PacketDma::Config{20}, qm, sched, stats);
  a15.socket.bind(bus.in);
  dma.socket.bind(bus.in);
  bus.out.bind(ddr.socket);
  bus.out.bind(qm.socket);
  bus.map(0, 0, 16 << 20);
  bus.map(1, kQm, 8 * nav::Qmss::kQueueStride);
  a15.set_region(kQm, 8 * nav::Qmss::kQueueStride, MemAttr::Device);
  a15.set_region(0x10000, 0x10000, MemAttr::NonCacheable);  // the descriptors
  Result r;
  sc_time wire_free;
  dma.add_tx_channel(kTx, [&](const uint8_t* bytes, uint32_t len, const sc_time& ready) {
    bool ok = len == 1514;
    for (uint32_t i = 0; ok && i < len; ++i) ok = bytes[i] == uint8_t(i + bytes[0]);
    r.intact += ok;
    const sc_time start = std::max(ready, wire_free);
    wire_free = start + sc_time((len + 24) * 8.0, SC_NS);  // gigabit
    return nav::PacketDma::Departure{start, wire_free};
  });
  for (unsigned i = 0; i < kDescs; ++i) qm.push(kFree, uint32_t(0x10000 + i * 64));
  drivers::NimuDriver nimu({kQm, kTx, kFree, kReturn, per_send, 1200, 60}, a15);
  for (unsigned k = 0; k < kFrames; ++k)
    sched.at(sc_time(2 + 12.3 * k, SC_US), [&, k] {
      const uint64_t buf = 0x100000 + (k % kDescs) * 2048;
      std::vector<uint8_t> f(1514);
      for (uint32_t i = 0; i < f.size(); ++i) f[i] = uint8_t(i + k);
      ddr.write(buf, f.data(), f.size());
      a15.set_time(ws::now());
      EXPECT_TRUE(nimu.send(buf, 1514)) << "frame " << k;
      r.cycles.push_back(nimu.last_send_cycles());
    });
  sc_core::sc_start(sc_time(2, sc_core::SC_MS));
  r.descriptors = qm.count(kFree) + qm.count(kReturn);
  return r;
}

// One elaboration per process: the two drivers run in children, their cycles come back through a pipe.
Result in_child(bool per_send) {
  int fd[2];
  EXPECT_EQ(pipe(fd), 0);
  if (fork() == 0) {
    const Result r = run(per_send);
    const unsigned head[2] = {r.intact, unsigned(r.descriptors)};
    (void)!write(fd[1], head, sizeof head);
    (void)!write(fd[1], r.cycles.data(), r.cycles.size() * sizeof(double));
    _exit(0);
  }
  close(fd[1]);
  Result r;
  unsigned head[2];
  EXPECT_EQ(read(fd[0], head, sizeof head), ssize_t(sizeof head));
  r.intact = head[0];
  r.descriptors = head[1];
  r.cycles.resize(kFrames);
  EXPECT_EQ(read(fd[0], r.cycles.data(), kFrames * sizeof(double)), ssize_t(kFrames * sizeof(double)));
  close(fd[0]);
  wait(nullptr);
  return r;
}
}  // namespace

TEST(Nimu, ShippedSendsWalkTheReturnQueueBatchedSendsDoNot) {
  const Result shipped = in_child(true), batched = in_child(false);
  for (const Result* r : {&shipped, &batched}) {
    EXPECT_EQ(r->intact, kFrames) << "every frame left intact";
    EXPECT_EQ(r->descriptors, size_t(kDescs)) << "no descriptor lost once all were sent";
  }
  const auto [smin, smax] = std::minmax_element(shipped.cycles.begin(), shipped.cycles.end());
  const auto [bmin, bmax] = std::minmax_element(batched.cycles.begin(), batched.cycles.end());
  // A batched call that does not walk the queue costs the same every time; the
  // few that find the free queue dry walk it all at once.
  const auto walks = std::count_if(batched.cycles.begin(), batched.cycles.end(), [&](double c) { return c > *bmin; });
  EXPECT_GE(walks, 1);
  EXPECT_LE(walks, long(kFrames / (kDescs / 2))) << "one walk per ring's worth of sends, about";
  EXPECT_GT(*smin, *bmin) << "even an empty walk reads the return queue's count, a read that waits for the queue manager";
  EXPECT_GT(*smax - *smin, 100) << "the walk's cost grows with what the return queue holds";
  const double smean = std::accumulate(shipped.cycles.begin(), shipped.cycles.end(), 0.0) / kFrames;
  const double bmean = std::accumulate(batched.cycles.begin(), batched.cycles.end(), 0.0) / kFrames;
  EXPECT_GT(smean, bmean);
  RecordProperty("shipped_min_max", std::to_string(*smin) + " " + std::to_string(*smax));
  RecordProperty("batched_min_max", std::to_string(*bmin) + " " + std::to_string(*bmax));
}
