#pragma once
// A void() callable stored inside the object (no heap), for the scheduler's
// per-packet callbacks: std::function allocates for any capture over 16 bytes,
// and that allocation was a tenth of the simulator's time.
#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace ws {

template <std::size_t Capacity>
class InplaceFunction {
 public:
  InplaceFunction() = default;

  template <typename F, typename D = std::decay_t<F>,
            typename = std::enable_if_t<!std::is_same_v<D, InplaceFunction>>>
  InplaceFunction(F&& f) {  // NOLINT: implicit, like std::function
    emplace(std::forward<F>(f));
  }
  InplaceFunction(InplaceFunction&& o) noexcept { take(o); }
  InplaceFunction& operator=(InplaceFunction&& o) noexcept {
    if (this != &o) {
      reset();
      take(o);
    }
    return *this;
  }
  InplaceFunction(const InplaceFunction&) = delete;
  InplaceFunction& operator=(const InplaceFunction&) = delete;
  ~InplaceFunction() { reset(); }

  void operator()() { ops_->invoke(buf_); }
  explicit operator bool() const { return ops_ != nullptr; }

  // Constructs the callable in place (no temporary to move from).
  template <typename F, typename D = std::decay_t<F>>
  void emplace(F&& f) {
    static_assert(sizeof(D) <= Capacity, "callback capture too large for the scheduler slot");
    static_assert(alignof(D) <= alignof(std::max_align_t));
    reset();
    ::new (buf_) D(std::forward<F>(f));
    ops_ = &ops_for<D>;
  }
  // Calls it once and destroys it, in one indirect call; empty afterwards, also on a throw.
  void call_once() {
    const Ops* ops = std::exchange(ops_, nullptr);
    ops->call_once(buf_);
  }

 private:
  struct Ops {
    void (*invoke)(void*);
    void (*move)(void* dst, void* src);  // move-constructs into dst and destroys src
    void (*destroy)(void*);
    void (*call_once)(void*);
  };
  template <typename D>
  static constexpr Ops ops_for = {
      [](void* p) { (*static_cast<D*>(p))(); },
      [](void* dst, void* src) {
        ::new (dst) D(std::move(*static_cast<D*>(src)));
        static_cast<D*>(src)->~D();
      },
      [](void* p) { static_cast<D*>(p)->~D(); },
      [](void* p) {
        struct Destroy {
          D* d;
          ~Destroy() { d->~D(); }
        } destroy{static_cast<D*>(p)};
        (*destroy.d)();
      }};

  void take(InplaceFunction& o) {
    if (o.ops_) {
      o.ops_->move(buf_, o.buf_);
      ops_ = o.ops_;
      o.ops_ = nullptr;
    }
  }
  void reset() {
    if (ops_) ops_->destroy(buf_);
    ops_ = nullptr;
  }

  alignas(std::max_align_t) unsigned char buf_[Capacity];
  const Ops* ops_ = nullptr;
};

}  // namespace ws
