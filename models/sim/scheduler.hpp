#pragma once
// Timed callbacks on the SystemC kernel: one sc_event drives a queue ordered by
// (time, insertion order), so a packet costs a queue entry instead of a process
// or an sc_event of its own. Same-time callbacks run in the order they were posted.
// Temporal decoupling: one activation runs every callback due within `quantum`
// of the kernel's time, each at its own time (ws::now()). This is exact while
// the scheduler is the only SystemC process that reacts to the model, as in
// every platform here; another process would see kernel time lag by up to the
// quantum.
//
// The queue is a timing wheel: buckets of 2^k ticks (about 32 ns) covering the
// next ~33 us from the bucket of the callback being run, each bucket a list kept
// in (time, sequence) order. Most posts land a few hundred ns ahead, so posting
// appends to a short list and dispatch takes a list head, with a bitmap to find
// the next busy bucket. Callbacks beyond the wheel's reach (and, outside a
// dispatch, any earlier than its window) wait in a 4-ary heap; the earlier of
// the two fronts runs next, so the order is the plain (time, sequence) order.
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
    emplace_and_post(t, seq_++, std::forward<F>(fn));
  }
  template <typename F>
  void after(const sc_core::sc_time& d, F&& fn) {
    at(now() + d, std::forward<F>(fn));
  }
  // For a poster that decides later what to post (OneShotTimer, a tester's
  // train): the place in the order that a post made now would take, and a
  // post, at a time no earlier than now, into such a place; it runs as if
  // posted when the place was taken. The post must come before the order
  // passes that place. `timer`: the callback only keeps a timer's books
  // (pending_offsets leaves it out).
  uint64_t take_place() { return seq_++; }
  template <typename F>
  void at_place(const sc_core::sc_time& t, uint64_t place, F&& fn, bool timer = true) {
    emplace_and_post(t, place, std::forward<F>(fn), timer);
  }
  // How far ahead of now each pending callback is, in ticks, sorted; a timer's
  // (at_place) left out: where it sits only keeps the timer's books.
  void pending_offsets(std::vector<uint64_t>& out) const;
  uint64_t dispatched() const { return dispatched_; }
  // Ends the simulation with the running callback: SystemC stops, and no later
  // callback runs (the activation would run on to its quantum's end, so what
  // ran after a stop would depend on where the kernel's grid fell).
  void stop();
  bool stopped() const { return stopped_; }
  const sc_core::sc_time& stopped_at() const { return stopped_at_; }
  // When the last callback that acted ran: once the callbacks have run out, the
  // run's end (the kernel's time lags it by up to the quantum). A callback that
  // only keeps a timer's books (OneShotTimer moving its pending callback on, or
  // finding it cancelled) says so with bookkeeping() and does not count.
  const sc_core::sc_time& last_effect() const { return last_effect_; }
  void bookkeeping() { bookkeeping_ = true; }

 private:
  static constexpr uint32_t kNone = ~0u;
  // A callback and its place in the order; `next` links a wheel bucket or the free list.
  struct Entry {
    Fn fn;
    sc_core::sc_time t;
    uint64_t seq;
    uint32_t next;
    bool timer;  // posted by at_place
    bool before(const Entry& o) const { return t != o.t ? t < o.t : seq < o.seq; }
  };
  // Heap entries are small copies of the key, for a compact heap.
  struct Item {
    sc_core::sc_time t;
    uint64_t seq;
    uint32_t slot;
    bool before(const Item& o) const { return t != o.t ? t < o.t : seq < o.seq; }
    bool before(const Entry& o) const { return t != o.t ? t < o.t : seq < o.seq; }
  };
  // Entries sit in fixed chunks, so a running callback stays put while it posts more.
  static constexpr uint32_t kChunkBits = 6;
  static constexpr uint32_t kBucketBits = 10;
  static constexpr uint32_t kBuckets = 1u << kBucketBits;
  static constexpr uint32_t kWords = kBuckets / 64;
  static_assert(kWords <= 64, "one summary word indexes the bitmap");

  template <typename F>
  void emplace_and_post(const sc_core::sc_time& t, uint64_t seq, F&& fn, bool timer = false) {
    if (free_ == kNone) add_chunk();
    const uint32_t slot = free_;
    Entry& e = entry(slot);
    free_ = e.next;
    e.fn.emplace(std::forward<F>(fn));
    e.timer = timer;
    post(t, seq, slot);
  }
  Entry& entry(uint32_t slot) { return chunks_[slot >> kChunkBits][slot & ((1u << kChunkBits) - 1)]; }
  const Entry& entry(uint32_t slot) const { return chunks_[slot >> kChunkBits][slot & ((1u << kChunkBits) - 1)]; }
  void add_chunk();
  void post(const sc_core::sc_time& t, uint64_t seq, uint32_t slot);
  uint32_t earliest();
  void remove_earliest(uint32_t slot);
  void wheel_insert(uint32_t slot);
  void insert_before_tail(uint32_t bucket, uint32_t slot);
  bool in_window(uint64_t ticks) const { return ticks >= window_start_ && ticks - window_start_ < window_span_; }
  uint32_t next_busy_bucket() const;
  void move_window(uint64_t ticks);
  void push(const Item& item);
  void pop();
  void run();
  void arm();

  std::vector<std::unique_ptr<Entry[]>> chunks_;
  uint32_t free_ = kNone;  // free list through Entry::next
  // The wheel: bucket cursor_ holds the window's first 2^shift_ ticks from window_start_.
  uint32_t head_[kBuckets], tail_[kBuckets];
  uint64_t busy_[kWords] = {};  // a bit per non-empty bucket
  uint64_t busy_words_ = 0;     // a bit per non-zero word of busy_
  uint32_t cursor_ = 0;
  unsigned shift_;
  uint64_t window_start_ = 0, window_span_;
  size_t in_wheel_ = 0;
  std::vector<Item> heap_;  // 4-ary min-heap: half the depth of a binary one
  sc_core::sc_event wake_;
  sc_core::sc_time quantum_;
  sc_core::sc_time now_;        // time of the callback being dispatched
  sc_core::sc_time last_effect_;
  bool bookkeeping_ = false;    // the callback running said it only kept books
  sc_core::sc_time armed_at_;   // when wake_ fires; valid while armed_
  bool armed_ = false;
  bool running_ = false;        // inside run(): re-arm once at the end
  bool stopped_ = false;
  sc_core::sc_time stopped_at_;
  uint64_t seq_ = 0;
  uint64_t dispatched_ = 0;
};

}  // namespace ws
