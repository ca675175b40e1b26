// Deferred work (Swi, softirq, tasklet): posting it, the runs after the last
// hardirq, and the per-CPU deferred thread (ksoftirqd) a run hands the rest to.
#include "workloads/os/kernel/kernel.hpp"

#include <fmt/format.h>
#include <algorithm>

namespace ws::os {

Deferred& Kernel::create_deferred(unsigned cpu, unsigned priority, std::function<Task()> handler, std::string what) {
  PerCpu& c = *cpus_.at(cpu);
  deferreds_.push_back(std::make_unique<Deferred>());
  Deferred& d = *deferreds_.back();
  d.ctx_ = new_context(Level::Deferred, priority, std::move(what), cpu);
  d.handler_ = std::move(handler);
  auto at = std::find_if(c.deferred.begin(), c.deferred.end(), [&](Deferred* o) { return o->ctx_.priority < priority; });
  c.deferred.insert(at, &d);
  return d;
}

// The per-CPU deferred thread, parked until work is handed to it.
void Kernel::create_deferred_thread(unsigned cpu) {
  PerCpu& c = *cpus_[cpu];
  Thread& t = new_thread(cpu, cfg_.deferred_thread_priority, [this, &c] { return deferred_thread_body(c); },
                         fmt::format("deferred/{}", cpu));
  t.ctx_.state = Context::State::Blocked;
  t.parked_ = true;
  c.deferred_thread = &t;
}

void Kernel::post(Deferred& d) {
  at_callers_time([this, &d] {
    PerCpu& c = *cpus_.at(d.ctx_.cpu);
    d.pending_ = true;
    if (c.handed_off && c.deferred_thread && c.deferred_thread->parked_) {
      c.deferred_thread->parked_ = false;
      wake(*c.deferred_thread);
    }
    kick(c);
  });
}

bool Kernel::any_deferred(const PerCpu& c) const {
  for (const Deferred* d : c.deferred)
    if (d->pending_) return true;
  return false;
}

// A run of deferred work restarts when a handler that already ran in it runs
// again; past the limits the rest goes to the deferred thread.
// The most urgent pending item not yet run in this pass; when every pending
// one has, a new pass begins (a restart).
Deferred* Kernel::next_deferred(PerCpu& c) {
  Deferred* first = nullptr;
  for (Deferred* d : c.deferred) {
    if (!d->pending_) continue;
    if (!d->ran_this_batch_) return d;
    if (!first) first = d;
  }
  if (first) {
    for (Deferred* o : c.deferred) o->ran_this_batch_ = false;
    ++c.restarts;
  }
  return first;
}

void Kernel::run_deferred(PerCpu& c, Deferred& d) {
  if (!c.batch) {
    c.batch = true;
    c.batch_start = now();
    c.restarts = 0;
  }
  if (c.deferred_thread && (c.restarts >= cfg_.deferred_restarts || now() - c.batch_start > cfg_.deferred_time)) {
    c.handed_off = true;
    c.batch = false;
    ++c.handoffs;
    if (c.deferred_thread->parked_) {
      c.deferred_thread->parked_ = false;
      c.deferred_thread->ctx_.state = Context::State::AtPoint;
      make_ready(*c.deferred_thread);
    }
    return dispatch(c);
  }
  d.pending_ = false;
  d.ran_this_batch_ = true;
  ++d.runs_;
  c.owned = true;
  c.hw->set_time(now());
  c.hw->exec_code(cfg_.costs.deferred_cycles);
  d.ctx_.task = d.handler_();
  d.ctx_.resume = d.ctx_.task.handle();
  d.ctx_.started = now();
  run(c, d.ctx_);
}

Task Kernel::deferred_thread_body(PerCpu& c) {
  struct Park {
    Kernel& k;
    Thread& self;
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h) {
      k.blocking_thread(h, "deferred thread park");
      self.parked_ = true;
    }
    void await_resume() const noexcept {}
  };
  for (;;) {
    for (Deferred* d; (d = next_deferred(c)) != nullptr;) {
      d->pending_ = false;
      d->ran_this_batch_ = true;
      ++d->runs_;
      c.hw->exec_code(cfg_.costs.deferred_cycles);
      co_await d->handler_();
      co_await point();
    }
    c.handed_off = false;
    co_await Park{*this, *c.deferred_thread};
  }
}

}  // namespace ws::os
