#pragma once
// A software context's code as a C++20 coroutine. Plain calls run as plain C++
// (annotated with the Cpu's exec/read/write); `co_await` appears only where
// software can block or be preempted. A Task starts suspended; the kernel
// resumes it, and a Task awaited by another runs as a nested call (symmetric
// transfer: no kernel involvement, no recursion on the host stack).
//
// Frames are recycled: a handler's coroutine is created per activation (an
// interrupt, a deferred run), so after the first few activations every frame
// comes from a free list of its size class, not from the heap.
#include <coroutine>
#include <cstddef>
#include <exception>
#include <utility>
#include <vector>

namespace ws::os {

// Free lists of coroutine frames by size class (64 B steps). The simulation is
// single-threaded; frames are never returned to the heap while it runs.
class FramePool {
 public:
  static void* take(std::size_t n);
  static void give(void* p, std::size_t n) noexcept;

 private:
  static constexpr std::size_t kClassBytes = 64;
  static std::vector<std::vector<void*>>& lists();
};

class Task {
 public:
  struct promise_type {
    std::coroutine_handle<> continuation;  // the awaiting Task, when nested
    std::exception_ptr exception;

    Task get_return_object() { return Task(std::coroutine_handle<promise_type>::from_promise(*this)); }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        auto c = h.promise().continuation;
        return c ? c : std::noop_coroutine();
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { exception = std::current_exception(); }
    static void* operator new(std::size_t n) { return FramePool::take(n); }
    static void operator delete(void* p, std::size_t n) noexcept { FramePool::give(p, n); }
  };

  Task() = default;
  Task(Task&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  Task& operator=(Task&& o) noexcept {
    if (this != &o) {
      reset();
      h_ = std::exchange(o.h_, {});
    }
    return *this;
  }
  Task(const Task&) = delete;
  ~Task() { reset(); }

  // Awaiting a Task runs it as a nested call; its exception comes out here.
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> parent) noexcept {
    h_.promise().continuation = parent;
    return h_;
  }
  void await_resume() { rethrow(); }

  std::coroutine_handle<> handle() const { return h_; }
  bool valid() const { return bool(h_); }
  bool done() const { return h_.done(); }
  void rethrow() const {
    if (h_ && h_.promise().exception) std::rethrow_exception(h_.promise().exception);
  }
  void reset() {
    if (h_) h_.destroy();
    h_ = {};
  }

 private:
  explicit Task(std::coroutine_handle<promise_type> h) : h_(h) {}
  std::coroutine_handle<promise_type> h_;
};

}  // namespace ws::os
