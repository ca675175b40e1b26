#include "workloads/os/kernel/sync.hpp"

#include <cstring>

namespace ws::os {

bool Semaphore::Pend::await_ready() {
  s.k_.charge(s.k_.config().costs.sync_cycles);
  if (s.count_ == 0) return false;
  --s.count_;
  return true;
}

void Semaphore::post() {
  k_.charge(k_.config().costs.sync_cycles);
  if (waiters_.empty()) {
    ++count_;
    return;
  }
  Thread* t = waiters_.front();
  waiters_.pop_front();
  k_.wake(*t);
}

bool Event::match(Pend& p) {
  const uint32_t hit = bits_ & p.mask;
  if (p.all ? hit != p.mask : hit == 0) return false;
  p.got = hit;
  bits_ &= ~hit;
  return true;
}

bool Event::Pend::await_ready() {
  e.k_.charge(e.k_.config().costs.sync_cycles);
  return e.match(*this);
}

void Event::post(uint32_t bits) {
  k_.charge(k_.config().costs.sync_cycles);
  bits_ |= bits;
  for (size_t i = 0; i < waiters_.size();) {
    if (match(*waiters_[i].at)) {
      k_.wake(*waiters_[i].t);
      waiters_.erase(waiters_.begin() + long(i));
    } else {
      ++i;
    }
  }
}

bool Mutex::Lock::await_ready() {
  m.k_.charge(m.k_.config().costs.sync_cycles);
  Context& x = m.k_.running();
  if (!x.thread) throw std::logic_error(x.what + ": a mutex is for threads");
  if (m.owner_ == x.thread) throw std::logic_error(x.what + ": mutex locked twice by its owner");
  if (m.owner_) return false;
  m.owner_ = x.thread;
  return true;
}

void Mutex::unlock() {
  k_.charge(k_.config().costs.sync_cycles);
  if (owner_ != k_.running().thread) throw std::logic_error(k_.running().what + ": unlocks a mutex it does not own");
  owner_ = nullptr;
  if (waiters_.empty()) return;
  owner_ = waiters_.front();  // handed over: the waiter owns it when it runs
  waiters_.pop_front();
  k_.wake(*owner_);
}

// The word in memory (0 free, 1 held) changes with the RMW's real bytes and cost.
void Spinlock::write_word(Cpu& cpu, uint32_t value) {
  cpu.atomic_rmw(addr_, 4, [value](uint8_t* v) {
    std::memcpy(v, &value, 4);
    return true;
  });
}

Task Spinlock::lock() {
  co_await k_.point();  // the RMW happens at the caller's time, not ahead of it
  Context& me = k_.running();
  if (holder_ && holder_->cpu == me.cpu)
    throw std::logic_error(me.what + ": takes a spinlock its own CPU holds (it would spin forever)");
  Cpu& cpu = k_.cpu(me.cpu);
  if (!holder_ && spinners_.empty()) {
    write_word(cpu, 1);
    holder_ = &me;
    co_return;
  }
  ++contended_;
  co_await Wait{*this};
  cpu.atomic_rmw(addr_, 4, [](uint8_t*) { return true; });  // it sees the word handed over
}

Task Spinlock::try_lock(bool& got) {
  co_await k_.point();
  Context& me = k_.running();
  Cpu& cpu = k_.cpu(me.cpu);
  got = !holder_ && spinners_.empty();
  if (got) {
    write_word(cpu, 1);
    holder_ = &me;
    co_return;
  }
  ++given_up_;
  cpu.atomic_rmw(addr_, 4, [](uint8_t*) { return false; });  // the word read taken: the store-conditional not made
}

void Spinlock::Wait::await_suspend(std::coroutine_handle<> h) {
  Context& me = s.k_.running();
  s.spinners_.emplace_back(&me, s.k_.cpu(me.cpu).time());
  s.k_.spin(h);
}

void Spinlock::unlock() {
  Context& me = k_.running();
  if (holder_ != &me) throw std::logic_error(me.what + ": unlocks a spinlock it does not hold");
  Cpu& cpu = k_.cpu(me.cpu);
  write_word(cpu, spinners_.empty() ? 0 : 1);
  const sc_core::sc_time at = cpu.time();
  if (at > now()) cpu.scheduler().at(at, [this] { release(); });  // others see it when it happens
  else release();
}

// Hands the lock to the first spinner, from now on, or frees it.
void Spinlock::release() {
  holder_ = nullptr;
  if (spinners_.empty()) return;
  const auto [next, from] = spinners_.front();
  spinners_.pop_front();
  holder_ = next;
  if (now() > from) spun_ += now() - from;
  k_.resume_spinner(*holder_, now());
}

}  // namespace ws::os
