#pragma once
// Timed callbacks on the SystemC kernel: one sc_event drives a queue ordered by
// (time, insertion order), so a packet costs a heap entry instead of a process
// or an sc_event of its own. Same-time callbacks run in the order they were posted.
#include <systemc>
#include <cstdint>
#include "models/sim/inplace_function.hpp"
#include <deque>
#include <queue>
#include <vector>

namespace ws {

class Scheduler : public sc_core::sc_module {
 public:
  using Fn = InplaceFunction<96>;
  explicit Scheduler(sc_core::sc_module_name name);

  void at(const sc_core::sc_time& t, Fn fn);
  void after(const sc_core::sc_time& d, Fn fn) { at(sc_core::sc_time_stamp() + d, std::move(fn)); }
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
  sc_core::sc_time armed_at_;   // when wake_ fires; valid while armed_
  bool armed_ = false;
  uint64_t seq_ = 0;
  uint64_t dispatched_ = 0;
};

}  // namespace ws
