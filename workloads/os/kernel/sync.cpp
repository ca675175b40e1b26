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

// The lock word: 0 free, 1 held; the RMW's cost comes from the memory system.
bool Spinlock::test_and_set(Cpu& cpu) {
  return cpu.atomic_rmw(addr_, 4, [](uint8_t* v) {
    uint32_t w;
    std::memcpy(&w, v, 4);
    if (w != 0) return false;
    w = 1;
    std::memcpy(v, &w, 4);
    return true;
  });
}

bool Spinlock::Lock::await_ready() {
  Cpu& cpu = s.k_.cpu(s.k_.running().cpu);
  // Waiters are served in order: a free word does not let a newcomer overtake them.
  if (s.spinners_.empty() && s.test_and_set(cpu)) return true;
  ++s.contended_;
  return false;
}

void Spinlock::Lock::await_suspend(std::coroutine_handle<> h) {
  waited = true;
  s.spinners_.push_back(&s.k_.running());
  s.k_.spin(h);
}

// The spinner sees the handed-over word with one more atomic access.
void Spinlock::Lock::await_resume() {
  if (!waited) return;
  s.k_.cpu(s.k_.running().cpu).atomic_rmw(s.addr_, 4, [](uint8_t*) { return true; });
}

// With spinners waiting the word stays held and passes to the first of them
// (ticket order); otherwise it is cleared.
void Spinlock::unlock() {
  Cpu& cpu = k_.cpu(k_.running().cpu);
  if (spinners_.empty()) {
    cpu.atomic_rmw(addr_, 4, [](uint8_t* v) {
      std::memset(v, 0, 4);
      return true;
    });
    return;
  }
  cpu.exec(1);  // the ticket increment: a store to the held line
  Context* next = spinners_.front();
  spinners_.pop_front();
  k_.resume_spinner(*next, cpu.time());
}

}  // namespace ws::os
