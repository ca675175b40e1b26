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
#include <memory>
#include <utility>
#include <vector>
#include "models/sim/inplace_function.hpp"
#include "models/sim/sim_time.hpp"

namespace ws {

class Scheduler : public sc_core::sc_module {
 public:
  using Fn = InplaceFunction<96>;
  explicit Scheduler(sc_core::sc_module_name name,
                     sc_core::sc_time quantum = sc_core::sc_time(10, sc_core::SC_US));

  // The callable is built straight into its slot: no move through a temporary.
  template <typename F>
  void at(const sc_core::sc_time& t, F&& fn) {
    const uint32_t slot = take_slot();
    slot_fn(slot).emplace(std::forward<F>(fn));
    post(t, slot);
  }
  template <typename F>
  void after(const sc_core::sc_time& d, F&& fn) {
    at(now() + d, std::forward<F>(fn));
  }
  uint64_t dispatched() const { return dispatched_; }

 private:
  // Heap entries are small PODs; the callbacks live in a slot pool beside them.
  struct Item {
    sc_core::sc_time t;
    uint64_t seq;
    uint32_t slot;
    bool before(const Item& o) const { return t != o.t ? t < o.t : seq < o.seq; }
  };
  // Slots sit in fixed chunks, so a running callback stays put while it posts more.
  static constexpr uint32_t kChunkBits = 6;
  Fn& slot_fn(uint32_t slot) { return chunks_[slot >> kChunkBits][slot & ((1u << kChunkBits) - 1)]; }
  uint32_t take_slot();
  void post(const sc_core::sc_time& t, uint32_t slot);
  void push(const Item& item);
  void pop();
  void run();
  void arm();

  std::vector<Item> heap_;  // 4-ary min-heap: half the depth of a binary one
  std::vector<std::unique_ptr<Fn[]>> chunks_;
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
