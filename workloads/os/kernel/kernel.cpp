#include "workloads/os/kernel/kernel.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <stdexcept>

namespace ws::os {

namespace {
// The tick's interrupt input, above the lines devices use.
constexpr unsigned kTickLine = 31;
}  // namespace

Kernel::Kernel(std::vector<Cpu*> cpus, const KernelConfig& cfg, StatsRegistry& stats) : cfg_(cfg) {
  for (unsigned i = 0; i < cpus.size(); ++i) {
    auto c = std::make_unique<PerCpu>();
    c->hw = cpus[i];
    c->load = stats.cpu_load(cpus[i]->resource_name());
    PerCpu* pc = c.get();
    c->hw->on_raise = [this, pc](unsigned, const sc_core::sc_time& at) {
      if (!pc->owned) pc->hw->scheduler().at(at > now() ? at : now(), [this, pc] { dispatch(*pc); });
    };
    cpus_.push_back(std::move(c));
  }
  for (unsigned i = 0; i < cpus_.size(); ++i) {
    PerCpu& c = *cpus_[i];
    if (cfg_.tick != sc_core::SC_ZERO_TIME) {
      c.tick_line = kTickLine;
      attach_hwi(i, kTickLine, cfg_.tick_priority, [this, &c] { return tick_handler(c); }, "tick");
    }
    if (cfg_.deferred_thread_priority > 0) {  // parked until work is handed to it
      Thread& t = new_thread(i, cfg_.deferred_thread_priority, [this, &c] { return deferred_thread_body(c); },
                             fmt::format("deferred/{}", i));
      t.ctx_.state = Context::State::Blocked;
      t.parked_ = true;
      c.deferred_thread = &t;
    }
  }
}

Kernel::~Kernel() {
  for (auto& c : cpus_) c->hw->on_raise = nullptr;
}

template <typename F>
void Kernel::at_callers_time(F&& effect) {
  if (running_) {
    const sc_core::sc_time at = cpus_[running_->cpu]->hw->time();
    if (at > now()) return cpus_[running_->cpu]->hw->scheduler().at(at, std::forward<F>(effect));
  }
  effect();
}

void Kernel::attach_hwi(unsigned cpu, unsigned line, unsigned priority, std::function<Task()> handler, std::string what) {
  PerCpu& c = *cpus_.at(cpu);
  if (c.hwis.count(line)) throw std::logic_error(fmt::format("{}: line {} has two handlers", c.hw->name(), line));
  c.hw->set_line_priority(line, priority);
  auto x = std::make_unique<Context>();
  x->level = Level::HardIrq;
  x->priority = priority;
  x->what = std::move(what);
  x->cpu = cpu;
  c.hwis[line] = std::move(x);
  c.handlers[line] = std::move(handler);
}

Deferred& Kernel::create_deferred(unsigned cpu, unsigned priority, std::function<Task()> handler, std::string what) {
  PerCpu& c = *cpus_.at(cpu);
  deferreds_.push_back(std::make_unique<Deferred>());
  Deferred& d = *deferreds_.back();
  d.ctx_.level = Level::Deferred;
  d.ctx_.priority = priority;
  d.ctx_.what = std::move(what);
  d.ctx_.cpu = cpu;
  d.handler_ = std::move(handler);
  auto at = std::find_if(c.deferred.begin(), c.deferred.end(), [&](Deferred* o) { return o->ctx_.priority < priority; });
  c.deferred.insert(at, &d);
  return d;
}

// A thread whose coroutine is made and not yet started.
Thread& Kernel::new_thread(unsigned cpu, unsigned priority, std::function<Task()> body, std::string what) {
  threads_.push_back(std::make_unique<Thread>());
  Thread& t = *threads_.back();
  t.ctx_.level = Level::Thread;
  t.ctx_.priority = priority;
  t.ctx_.what = std::move(what);
  t.ctx_.cpu = cpu;
  t.ctx_.thread = &t;
  t.body_ = std::move(body);
  t.ctx_.task = t.body_();
  t.ctx_.resume = t.ctx_.task.handle();
  return t;
}

Thread& Kernel::create_thread(unsigned cpu, unsigned priority, std::function<Task()> body, std::string what,
                              const sc_core::sc_time& at, bool user) {
  if (priority == 0) throw std::logic_error("thread priority 0 is the idle level");
  Thread& t = new_thread(cpu, priority, std::move(body), std::move(what));
  t.ctx_.started = at;
  t.user_ = user;
  cpus_.at(cpu)->hw->scheduler().at(at, [this, &t] { make_ready(t); });
  return t;
}

Thread& Kernel::boot(unsigned cpu, std::function<Task()> body, std::string what, const sc_core::sc_time& at) {
  Thread& t = new_thread(cpu, 1, std::move(body), std::move(what));
  PerCpu& c = *cpus_.at(cpu);
  c.hw->scheduler().at(at, [this, &c, &t] {
    if (c.owned) throw std::logic_error(std::string(c.hw->name()) + ": booted while the core was busy");
    c.owned = true;
    c.hw->set_time(now());
    c.current = &t;
    t.ctx_.started = now();
    arm_tick(c);
    run(c, t.ctx_);
  });
  return t;
}

Context& Kernel::running() {
  if (!running_) throw std::logic_error("a kernel call outside any software context");
  return *running_;
}

Thread& Kernel::blocking_thread(std::coroutine_handle<> h, const char* call) {
  Context& x = running();
  if (x.level != Level::Thread)
    throw std::logic_error(fmt::format("{}: {} blocks, but only threads may block", x.what, call));
  if (cpus_[x.cpu]->hw->mask() > 0)
    throw std::logic_error(fmt::format("{}: {} blocks with interrupts masked", x.what, call));
  x.state = Context::State::Blocked;
  x.resume = h;
  return *x.thread;
}

void Kernel::Point::await_suspend(std::coroutine_handle<> h) {
  Context& x = k.running();
  x.state = Context::State::AtPoint;
  x.resume = h;
}

void Kernel::Yield::await_suspend(std::coroutine_handle<> h) {
  k.charge(k.cfg_.costs.yield_cycles);
  Context& x = k.running();
  if (x.level != Level::Thread) throw std::logic_error(x.what + ": only threads yield");
  k.cpus_[x.cpu]->need_resched = true;  // like a used-up time slice: an equal thread goes first
  x.state = Context::State::AtPoint;
  x.resume = h;
}

void Kernel::Sleep::await_suspend(std::coroutine_handle<> h) {
  Context& x = k.running();
  Thread& t = k.blocking_thread(h, "sleep");
  PerCpu& c = *k.cpus_[x.cpu];
  const sc_core::sc_time until = c.hw->time() + d;
  static uint64_t sleeps = 0;
  t.sleep_ = ++sleeps;
  if (k.cfg_.tick == sc_core::SC_ZERO_TIME) {
    c.hw->scheduler().at(until, [kk = &k, &t, id = t.sleep_] {
      if (t.sleep_ != id) return;  // woken otherwise meanwhile
      t.sleep_ = 0;
      kk->wake(t);
    });
    return;
  }
  c.sleepers.emplace_back(until, &t);  // woken by the first tick at or after `until`
  k.arm_tick(c);
}

void Kernel::spin(std::coroutine_handle<> h) {
  Context& x = running();
  x.state = Context::State::Spinning;
  x.resume = h;
}

void Kernel::resume_spinner(Context& x, const sc_core::sc_time& at) {
  PerCpu& c = *cpus_.at(x.cpu);
  c.hw->scheduler().at(std::max(at, x.spin_from), [this, &c, &x] {
    c.hw->set_time(now());
    book(c, x, now() - x.spin_from);  // spinning kept the core busy
    run(c, x);
  });
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

void Kernel::set_placement(Thread& t, std::function<unsigned(const Thread&)> place) { t.place_ = std::move(place); }

void Kernel::wake(Thread& t) {
  at_callers_time([this, &t] {
    if (t.ready_ || t.ctx_.state != Context::State::Blocked) return;
    t.ctx_.state = Context::State::AtPoint;
    make_ready(t);
  });
}

void Kernel::make_ready(Thread& t, bool front) {
  if (t.place_) {
    const unsigned to = t.place_(t);
    PerCpu& from = *cpus_.at(t.ctx_.cpu);
    if (to != t.ctx_.cpu && from.current == &t) from.current = nullptr;  // its state leaves that core
    cpus_.at(to);  // a CPU that exists
    t.ctx_.cpu = to;
  }
  PerCpu& c = *cpus_.at(t.ctx_.cpu);
  t.ready_ = true;
  auto& q = c.ready[t.ctx_.priority];
  if (front) q.push_front(&t);
  else q.push_back(&t);
  kick(c);
}

void Kernel::kick(PerCpu& c) {
  if (!c.owned) c.hw->scheduler().at(now(), [this, &c] { dispatch(c); });
}

Thread* Kernel::most_urgent_ready(PerCpu& c) const {
  for (auto& [prio, q] : c.ready)
    if (!q.empty()) return q.front();
  return nullptr;
}

bool Kernel::any_deferred(const PerCpu& c) const {
  for (const Deferred* d : c.deferred)
    if (d->pending_) return true;
  return false;
}

unsigned Kernel::level_priority(const Context& x) { return x.level == Level::HardIrq ? x.priority : 0; }

bool Kernel::idle(unsigned cpu) const {
  const PerCpu& c = *cpus_.at(cpu);
  if (c.owned || !c.preempted.empty() || c.hw->any_pending() || any_deferred(c)) return false;
  for (auto& [prio, q] : c.ready)
    if (!q.empty()) return false;
  return true;
}

// Picks what runs next on a core nothing owns: a due interrupt above the level
// of the innermost preempted context, then that context if it is a handler,
// then deferred work, then the most urgent thread (the preempted one unless a
// more urgent one, or an equal one after its slice or a yield, is ready).
void Kernel::dispatch(PerCpu& c) {
  if (c.owned) return;
  Context* top = c.preempted.empty() ? nullptr : c.preempted.back();
  const int line = c.hw->due_line(top ? level_priority(*top) : 0);
  if (line >= 0) return take_irq(c, unsigned(line));
  const sc_core::sc_time later = c.hw->next_assertion();
  if (later != sc_core::SC_ZERO_TIME) c.hw->scheduler().at(later, [this, &c] { dispatch(c); });
  if (top && top->level != Level::Thread) {
    c.preempted.pop_back();
    c.owned = true;
    c.hw->set_time(now());
    return run(c, *top);
  }
  if (!c.handed_off)
    if (Deferred* d = next_deferred(c)) return run_deferred(c, *d);
  c.batch = false;
  Thread* best = most_urgent_ready(c);
  if (top) {
    Thread& t = *top->thread;
    c.preempted.pop_back();
    if (best && (best->priority() > t.priority() || (c.need_resched && best->priority() == t.priority()))) {
      make_ready(t, !c.need_resched);  // preempted by a more urgent thread: first in line again
      c.need_resched = false;
      return switch_to(c, *best);
    }
    c.need_resched = false;
    c.owned = true;
    c.hw->set_time(now());
    return run(c, *top);
  }
  if (best) return switch_to(c, *best);
  c.current = nullptr;  // idle: the next thread costs a switch
  c.need_resched = false;
}

void Kernel::take_irq(PerCpu& c, unsigned line) {
  auto it = c.hwis.find(line);
  if (it == c.hwis.end()) throw std::logic_error(fmt::format("{}: interrupt line {} has no handler", c.hw->name(), line));
  c.hw->acknowledge(line);
  c.owned = true;
  ++c.irqs;
  c.hw->set_time(now());
  c.hw->exception_entry();
  Context& x = *it->second;
  if (x.task.valid() && !x.task.done())
    throw std::logic_error(fmt::format("{}: line {} taken while its handler is still running", c.hw->name(), line));
  x.priority = c.hw->line_priority(line);  // the level it runs at, as the Cpu ranks the line
  x.task = c.handlers[line]();
  x.resume = x.task.handle();
  x.started = now();
  run(c, x);
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

void Kernel::switch_to(PerCpu& c, Thread& t) {
  auto& q = c.ready[t.ctx_.priority];
  q.erase(std::find(q.begin(), q.end(), &t));
  t.ready_ = false;
  c.owned = true;
  c.need_resched = false;
  c.hw->set_time(now());
  if (c.current != &t) {
    c.hw->exec_code(cfg_.costs.context_switch_cycles);
    ++c.switches;
    t.slice_ticks = 0;
  }
  c.current = &t;
  arm_tick(c);
  run(c, t.ctx_);
}

// Runs `x` from where it stopped until its next co_await or its end, then books
// the time and arranges what follows at the cursor's time.
void Kernel::run(PerCpu& c, Context& x) {
  Cpu& hw = *c.hw;
  const sc_core::sc_time began = hw.time();
  x.state = Context::State::Running;
  running_ = &x;
  x.resume.resume();
  running_ = nullptr;
  TraceWriter* trace = hw.trace();
  if (trace && trace->enabled()) trace->complete(hw.resource_name(), x.what, began, hw.time() - began);
  if (x.task.done()) {
    x.task.rethrow();
    if (x.level == Level::HardIrq) hw.exception_exit();
    book(c, x, hw.time() - now());
    ++hw.busy()->ops;
    if (trace && trace->enabled())
      trace->complete(hw.resource_name(), x.what, x.started, hw.time() - x.started, {{"span", "start to end"}});
    return finished(c, x);
  }
  book(c, x, hw.time() - now());
  switch (x.state) {
    case Context::State::AtPoint:
      hw.scheduler().at(hw.time(), [this, &c, &x] { at_point(c, x); });
      return;
    case Context::State::Blocked:
      hw.scheduler().at(hw.time(), [this, &c] {
        c.owned = false;
        dispatch(c);
      });
      return;
    case Context::State::Spinning:  // resume_spinner() goes on; the core stays owned
      x.spin_from = hw.time();
      return;
    case Context::State::Running:
      throw std::logic_error(x.what + ": suspended outside the kernel's awaitables");
  }
}

void Kernel::at_point(PerCpu& c, Context& x) {
  c.hw->set_time(now());
  if (!preempts(c, x)) {
    if (x.level == Level::Thread) c.need_resched = false;  // nobody of its priority waits: the slice goes on
    return run(c, x);
  }
  if (x.level == Level::Thread && x.thread->place_) {  // the load balancer: an idle CPU takes it instead of waiting here
    Thread& t = *x.thread;
    const unsigned to = t.place_(t);
    if (to != x.cpu) {
      cpus_.at(to);
      c.current = nullptr;
      c.owned = false;
      x.cpu = to;
      make_ready(t);
      return dispatch(c);
    }
  }
  c.preempted.push_back(&x);
  c.owned = false;
  dispatch(c);
}

bool Kernel::preempts(PerCpu& c, const Context& x) const {
  if (c.hw->due_line(level_priority(x)) >= 0) return true;
  // Masked code (local_irq_save) is not preempted by a thread or deferred work either.
  if (x.level != Level::Thread || c.hw->mask() > 0) return false;
  if (!c.handed_off && any_deferred(c)) return true;
  const Thread* best = most_urgent_ready(c);
  return best && (best->priority() > x.priority || (c.need_resched && best->priority() == x.priority));
}

void Kernel::finished(PerCpu& c, Context& x) {
  if (c.hw->mask() > 0) throw std::logic_error(x.what + ": ends with interrupts masked");
  if (x.level == Level::Thread) c.current = nullptr;
  c.hw->scheduler().at(c.hw->time(), [this, &c] {
    c.owned = false;
    dispatch(c);
  });
}

sc_core::sc_time Kernel::cpu_time() {
  Context& x = running();
  return x.busy + (cpus_[x.cpu]->hw->time() - now());
}

void Kernel::book(PerCpu& c, Context& x, const sc_core::sc_time& d) {
  x.busy += d;
  c.hw->busy()->busy += d;
  const bool deferred_thread = c.deferred_thread && &c.deferred_thread->ctx_ == &x;
  if (x.level == Level::HardIrq) c.load->irq += d;
  else if (x.level == Level::Deferred || deferred_thread) c.load->soft += d;
  else if (c.current && c.current->user_) c.load->usr += d;
  else c.load->sys += d;
}

// Tickless idle: a tick is kept only while the core has work or sleepers.
void Kernel::arm_tick(PerCpu& c) {
  if (cfg_.tick == sc_core::SC_ZERO_TIME || c.tick_armed) return;
  c.tick_armed = true;
  const uint64_t n = uint64_t(now() / cfg_.tick) + 1;
  c.hw->scheduler().at(cfg_.tick * double(n), [this, &c] { on_tick(c); });
}

void Kernel::on_tick(PerCpu& c) {
  c.tick_armed = false;
  const bool busy = c.owned || !c.preempted.empty() || most_urgent_ready(c) || !c.sleepers.empty();
  if (!busy) return;
  ++c.ticks;
  c.hw->raise(c.tick_line, now());
  arm_tick(c);
}

Task Kernel::tick_handler(PerCpu& c) {
  c.hw->exec_code(cfg_.costs.tick_cycles);
  for (size_t i = 0; i < c.sleepers.size();) {
    if (c.sleepers[i].first <= now()) {
      Thread& t = *c.sleepers[i].second;
      t.sleep_ = 0;
      wake(t);
      c.sleepers.erase(c.sleepers.begin() + long(i));
    } else {
      ++i;
    }
  }
  Thread* t = c.current;
  if (t && cfg_.time_slice_ticks > 0 && ++t->slice_ticks >= cfg_.time_slice_ticks) {
    const Thread* best = most_urgent_ready(c);
    if (best && best->priority() == t->priority()) c.need_resched = true;
  }
  co_return;
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
