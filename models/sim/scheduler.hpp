#pragma once
// Timed callbacks on the SystemC kernel: one sc_event drives a queue ordered by
// (time, insertion order), so a packet costs a heap entry instead of a process
// or an sc_event of its own. Same-time callbacks run in the order they were posted.
// Temporal decoupling: one activation runs every callback due within `quantum`
// of the kernel's time, each at its own time (ws::now()). This is exact while
// the scheduler is the only SystemC process that reacts to the model, as in
// every platform here; another process would see kernel time lag by up to the
// quantum.
#include <systemc>
#include <cstdint>
#include "models/sim/inplace_function.hpp"
#include "models/sim/sim_time.hpp"
#include <deque>
#include <queue>
#include <vector>

namespace ws {

class Scheduler : public sc_core::sc_module {
 public:
  using Fn = InplaceFunction<96>;
  explicit Scheduler(sc_core::sc_module_name name,
                     sc_core::sc_time quantum = sc_core::sc_time(10, sc_core::SC_US));

  void at(const sc_core::sc_time& t, Fn fn);
  void after(const sc_core::sc_time& d, Fn fn) { at(now() + d, std::move(fn)); }
  uint64_t dispatched() const { return dispatched_; }

 private:
  // Heap entries are small PODs; the callbacks live in a slot pool beside them.
  struct Item {
    sc_core::sc_time t;
    uint64_t seq;
    uint32_t slot;
    bool operator>(const Item& o) const { return t != o.t ? t > o.t : seq > o.seq; }
  };
  void run();
  void arm();

  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> q_;
  std::deque<Fn> slots_;
  std::vector<uint32_t> free_slots_;
  sc_core::sc_event wake_;
  sc_core::sc_time quantum_;
  sc_core::sc_time now_;        // time of the callback being dispatched
  sc_core::sc_time armed_at_;   // when wake_ fires; valid while armed_
  bool armed_ = false;
  bool running_ = false;        // inside run(): re-arm once at the end
  uint64_t seq_ = 0;
  uint64_t dispatched_ = 0;
};

}  // namespace ws
