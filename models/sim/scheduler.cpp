#include "models/sim/scheduler.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace ws {

Scheduler::Scheduler(sc_core::sc_module_name name, sc_core::sc_time quantum) : sc_module(name), quantum_(quantum) {
  // Callbacks read time through one process-wide pointer (ws::now()), and two
  // schedulers running ahead independently would interleave out of time order.
  static bool exists = false;
  if (exists) throw std::logic_error("one Scheduler per simulation process");
  exists = true;
  std::fill(std::begin(head_), std::end(head_), kNone);
  // Buckets of at least 32 ns: a few callbacks each on a busy link, ~33 us of reach.
  shift_ = std::bit_width(sc_core::sc_time(32, sc_core::SC_NS).value() - 1);
  window_span_ = uint64_t(kBuckets) << shift_;
  SC_HAS_PROCESS(Scheduler);
  SC_METHOD(run);
  sensitive << wake_;
  dont_initialize();
}

void Scheduler::add_chunk() {
  const uint32_t first = static_cast<uint32_t>(chunks_.size()) << kChunkBits;
  chunks_.push_back(std::make_unique<Entry[]>(1u << kChunkBits));
  // Hand out the lowest index first, as a stack would.
  for (uint32_t i = 1u << kChunkBits; i-- > 0;) {
    entry(first + i).next = free_;
    free_ = first + i;
  }
}

// Inlined in post(): most callbacks are posted, few taken in from the heap.
[[gnu::always_inline]] inline void Scheduler::wheel_insert(uint32_t slot) {
  Entry& e = entry(slot);
  const uint32_t b = uint32_t(e.t.value() >> shift_) & (kBuckets - 1);
  ++in_wheel_;
  e.next = kNone;
  if (head_[b] == kNone) {
    head_[b] = tail_[b] = slot;
    busy_[b / 64] |= 1ull << (b % 64);
    busy_words_ |= 1ull << (b / 64);
  } else if (!e.before(entry(tail_[b]))) {
    // A new post is the latest of its time, so it usually goes last.
    entry(tail_[b]).next = slot;
    tail_[b] = slot;
  } else {
    insert_before_tail(b, slot);
  }
}

void Scheduler::insert_before_tail(uint32_t b, uint32_t slot) {
  Entry& e = entry(slot);
  uint32_t* link = &head_[b];
  while (!e.before(entry(*link))) link = &entry(*link).next;
  e.next = *link;
  *link = slot;
}

void Scheduler::post(const sc_core::sc_time& t, uint64_t seq, uint32_t slot) {
  const auto& current = now();
  Entry& e = entry(slot);
  e.t = t < current ? current : t;
  e.seq = seq;
  if (in_window(e.t.value())) {
    wheel_insert(slot);
  } else {
    push(Item{e.t, e.seq, slot});
  }
  // Re-arm only for a new earliest entry: most posts land behind the front.
  if (!running_ && (!armed_ || e.t < armed_at_)) arm();
}

// The first non-empty bucket from the cursor on, round the wheel (which holds something).
uint32_t Scheduler::next_busy_bucket() const {
  const uint32_t w = cursor_ / 64;
  if (const uint64_t bits = busy_[w] & (~0ull << (cursor_ % 64))) return w * 64 + std::countr_zero(bits);
  uint64_t words = busy_words_ & (~1ull << w);
  if (!words) words = busy_words_;  // wrapped: the low bits of word w count too
  const uint32_t first = std::countr_zero(words);
  return first * 64 + std::countr_zero(busy_[first]);
}

// Starts the window at the bucket holding `ticks` (nothing in the wheel may be
// earlier) and takes in the heap entries it now reaches, in heap order: each
// lands in a bucket that was outside the window, so is empty or sorted already.
void Scheduler::move_window(uint64_t ticks) {
  window_start_ = ticks >> shift_ << shift_;
  cursor_ = uint32_t(ticks >> shift_) & (kBuckets - 1);
  while (!heap_.empty() && in_window(heap_.front().t.value())) {
    const uint32_t slot = heap_.front().slot;
    pop();
    wheel_insert(slot);
  }
}

// The slot that runs next, or kNone.
uint32_t Scheduler::earliest() {
  uint32_t w = kNone;
  if (in_wheel_) {
    if (head_[cursor_] == kNone) move_window(window_start_ + (uint64_t((next_busy_bucket() - cursor_) & (kBuckets - 1)) << shift_));
    w = head_[cursor_];
  }
  if (!heap_.empty() && (w == kNone || heap_.front().before(entry(w)))) return heap_.front().slot;
  return w;
}

void Scheduler::remove_earliest(uint32_t slot) {
  if (in_wheel_ && head_[cursor_] == slot) {
    const uint32_t next = entry(slot).next;
    head_[cursor_] = next;
    --in_wheel_;
    if (next == kNone) {
      busy_[cursor_ / 64] &= ~(1ull << (cursor_ % 64));
      if (!busy_[cursor_ / 64]) busy_words_ &= ~(1ull << (cursor_ / 64));
    }
    return;
  }
  pop();
  // An empty wheel follows time to where the heap's entries are.
  if (!in_wheel_) move_window(entry(slot).t.value());
}

void Scheduler::push(const Item& item) {
  size_t hole = heap_.size();
  heap_.push_back(item);
  while (hole > 0) {
    const size_t parent = (hole - 1) / 4;
    if (!item.before(heap_[parent])) break;
    heap_[hole] = heap_[parent];
    hole = parent;
  }
  heap_[hole] = item;
}

void Scheduler::pop() {
  const Item last = heap_.back();
  heap_.pop_back();
  const size_t n = heap_.size();
  if (n == 0) return;
  size_t hole = 0;
  for (;;) {
    const size_t first = 4 * hole + 1;
    if (first >= n) break;
    size_t best = first;
    const size_t end = first + 4 < n ? first + 4 : n;
    for (size_t c = first + 1; c < end; ++c)
      if (heap_[c].before(heap_[best])) best = c;
    if (!heap_[best].before(last)) break;
    heap_[hole] = heap_[best];
    hole = best;
  }
  heap_[hole] = last;
}

void Scheduler::arm() {
  const uint32_t slot = earliest();
  if (slot == kNone) {
    armed_ = false;
    return;
  }
  armed_at_ = entry(slot).t;
  armed_ = true;
  // notify() keeps the earlier of a pending and a new notification.
  wake_.notify(armed_at_ - sc_core::sc_time_stamp());
}

void Scheduler::pending_offsets(std::vector<uint64_t>& out) const {
  const size_t from = out.size();
  const uint64_t at = now().value();
  const auto add = [&](const Entry& e) {
    if (!e.timer) out.push_back(e.t.value() - std::min<uint64_t>(at, e.t.value()));
  };
  for (uint32_t b = 0; b < kBuckets; ++b)
    for (uint32_t s = head_[b]; s != kNone; s = entry(s).next) add(entry(s));
  for (const Item& i : heap_) add(entry(i.slot));
  std::sort(out.begin() + std::ptrdiff_t(from), out.end());
}

void Scheduler::run() {
  const sc_core::sc_time limit = sc_core::sc_time_stamp() + quantum_;
  armed_ = false;
  running_ = true;
  dispatch_time() = &now_;
  // Leave the scheduler consistent even when a callback throws (a model failure).
  struct Restore {
    Scheduler& s;
    ~Restore() {
      dispatch_time() = nullptr;
      s.running_ = false;
    }
  } restore{*this};
  for (uint32_t slot; (slot = earliest()) != kNone;) {
    Entry& e = entry(slot);
    if (limit < e.t) break;
    now_ = e.t;
    remove_earliest(slot);
    ++dispatched_;
    bookkeeping_ = false;
    e.fn.call_once();
    if (!bookkeeping_) last_effect_ = now_;
    // Free only now: a callback must not be overwritten while it runs.
    e.next = free_;
    free_ = slot;
    if (stopped_) return;
  }
  arm();
}

void Scheduler::stop() {
  stopped_ = true;
  stopped_at_ = now();
  sc_core::sc_stop();
}

}  // namespace ws
