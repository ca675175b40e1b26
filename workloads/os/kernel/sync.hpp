#pragma once
// The kernel's synchronisation objects. Blocking calls are awaitables a thread
// `co_await`s; handlers use the non-blocking forms (post, try_post). Waiters
// are served first come, first served. Each operation costs the caller
// KernelCosts::sync_cycles; a post takes effect at once (the woken thread is
// ready), and a more urgent thread runs from the poster's next preemption
// point, or when the handler that posted ends.
#include <coroutine>
#include <cstdint>
#include <deque>
#include <optional>
#include <stdexcept>
#include <vector>
#include "workloads/os/kernel/kernel.hpp"

namespace ws::os {

class Semaphore {
 public:
  Semaphore(Kernel& k, unsigned initial = 0) : k_(k), count_(initial) {}
  struct Pend {
    Semaphore& s;
    bool await_ready();
    void await_suspend(std::coroutine_handle<> h) { s.waiters_.push_back(&s.k_.blocking_thread(h, "semaphore pend")); }
    void await_resume() const noexcept {}
  };
  Pend pend() { return Pend{*this}; }
  void post();
  unsigned count() const { return count_; }

 private:
  Kernel& k_;
  unsigned count_;
  std::deque<Thread*> waiters_;
};

// A fixed-capacity queue of T (no allocation per message).
template <typename T>
class Mailbox {
 public:
  Mailbox(Kernel& k, size_t capacity) : k_(k), slots_(capacity) {
    if (capacity == 0) throw std::logic_error("a mailbox holds at least one message");
  }
  struct Post {
    Mailbox& m;
    T value;
    Thread* self = nullptr;
    bool await_ready() {
      m.k_.charge(m.k_.config().costs.sync_cycles);
      return m.try_put(value);
    }
    void await_suspend(std::coroutine_handle<> h) {
      self = &m.k_.blocking_thread(h, "mailbox post");
      m.writers_.push_back(this);
    }
    void await_resume() const noexcept {}
  };
  struct Pend {
    Mailbox& m;
    std::optional<T> got;
    bool handed = false;  // a poster gave the message to this blocked reader
    bool await_ready() {
      m.k_.charge(m.k_.config().costs.sync_cycles);
      got = m.take();
      return got.has_value();
    }
    void await_suspend(std::coroutine_handle<> h) {
      m.readers_.push_back({&m.k_.blocking_thread(h, "mailbox pend"), this});
    }
    T await_resume() {
      if (handed) --m.handed_;
      return std::move(*got);
    }
  };
  Post post(T v) { return Post{*this, std::move(v)}; }  // blocks while full
  Pend pend() { return Pend{*this, {}}; }                // blocks while empty
  // From a handler: false (and nothing queued) when full.
  bool try_post(T v) {
    k_.charge(k_.config().costs.sync_cycles);
    return try_put(v);
  }
  // The oldest message if there is one, without blocking.
  std::optional<T> try_pend() {
    k_.charge(k_.config().costs.sync_cycles);
    return take();
  }
  size_t size() const { return count_; }
  // Messages posted and not yet in a running reader's hands: queued, or given
  // to a blocked reader that has not resumed yet.
  size_t waiting() const { return count_ + handed_; }

 private:
  struct Reader {
    Thread* t;
    Pend* at;
  };
  // A waiting reader gets the message directly; otherwise it is queued if it fits.
  bool try_put(T& v) {
    if (!readers_.empty()) {
      Reader r = readers_.front();
      readers_.pop_front();
      r.at->got = std::move(v);
      r.at->handed = true;
      ++handed_;
      k_.wake(*r.t);
      return true;
    }
    if (count_ == slots_.size()) return false;
    slots_[(head_ + count_++) % slots_.size()] = std::move(v);
    return true;
  }
  // Takes the oldest message; a blocked writer's message moves into the space.
  std::optional<T> take() {
    if (count_ == 0) return std::nullopt;
    T v = std::move(slots_[head_]);
    head_ = (head_ + 1) % slots_.size();
    --count_;
    if (!writers_.empty()) {
      Post* w = writers_.front();
      writers_.pop_front();
      slots_[(head_ + count_++) % slots_.size()] = std::move(w->value);
      k_.wake(*w->self);
    }
    return v;
  }
  Kernel& k_;
  std::vector<T> slots_;
  size_t head_ = 0, count_ = 0, handed_ = 0;
  std::deque<Post*> writers_;
  std::deque<Reader> readers_;
};

// Event flags: a thread waits for any or all of a mask; the matched bits are
// consumed when it is released.
class Event {
 public:
  explicit Event(Kernel& k) : k_(k) {}
  struct Pend {
    Event& e;
    uint32_t mask;
    bool all;
    uint32_t got = 0;
    bool await_ready();
    void await_suspend(std::coroutine_handle<> h) { e.waiters_.push_back({&e.k_.blocking_thread(h, "event pend"), this}); }
    uint32_t await_resume() const noexcept { return got; }
  };
  Pend pend(uint32_t mask, bool all = false) { return Pend{*this, mask, all}; }
  void post(uint32_t bits);
  uint32_t bits() const { return bits_; }

 private:
  bool match(Pend& p);
  struct Waiter {
    Thread* t;
    Pend* at;
  };
  Kernel& k_;
  uint32_t bits_ = 0;
  std::vector<Waiter> waiters_;
};

// A sleeping lock with an owner (no priority inheritance).
class Mutex {
 public:
  explicit Mutex(Kernel& k) : k_(k) {}
  struct Lock {
    Mutex& m;
    bool await_ready();
    void await_suspend(std::coroutine_handle<> h) { m.waiters_.push_back(&m.k_.blocking_thread(h, "mutex lock")); }
    void await_resume() const noexcept {}
  };
  Lock lock() { return Lock{*this}; }
  void unlock();
  const Thread* owner() const { return owner_; }

 private:
  Kernel& k_;
  Thread* owner_ = nullptr;
  std::deque<Thread*> waiters_;
};

// A spinlock on a word in simulated memory, taken with the CPU's atomic
// read-modify-write at the caller's time (lock() is a preemption point first).
// A waiter keeps its core busy and takes no interrupt (as spin_lock_irqsave)
// until the holder releases, at the holder's time; waiters get it in order.
// Taking it again on the CPU that holds it would spin forever: an error.
class Spinlock {
 public:
  Spinlock(Kernel& k, uint64_t addr) : k_(k), addr_(addr) {}
  Task lock();
  // spin_trylock: takes the lock if it is free (`got`), else gives up at once
  // (one failed atomic read of the word, no spinning).
  Task try_lock(bool& got);
  void unlock();
  uint64_t contended() const { return contended_; }
  uint64_t given_up() const { return given_up_; }  // try_lock calls that found it taken
  // CPU time spent spinning on it, every CPU together.
  const sc_core::sc_time& spun() const { return spun_; }

 private:
  struct Wait {
    Spinlock& s;
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h);
    void await_resume() const noexcept {}
  };
  void release();
  void write_word(Cpu& cpu, uint32_t value);
  Kernel& k_;
  uint64_t addr_;
  Context* holder_ = nullptr;
  std::deque<std::pair<Context*, sc_core::sc_time>> spinners_;  // with when each began
  uint64_t contended_ = 0, given_up_ = 0;
  sc_core::sc_time spun_;
};

}  // namespace ws::os
