// Contexts and dispatch: what runs on each core, at which level, and the CPU
// time it is booked. Deferred work, the tick and the awaitables software
// suspends on are in kernel_deferred.cpp, kernel_tick.cpp and kernel_awaiters.cpp.
#include "workloads/os/kernel/kernel.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <stdexcept>

namespace ws::os {

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
    if (cfg_.tick != sc_core::SC_ZERO_TIME) attach_tick(i);
    if (cfg_.deferred_thread_priority > 0) create_deferred_thread(i);
  }
}

Context Kernel::new_context(Level level, unsigned priority, std::string what, unsigned cpu) {
  Context x;
  x.level = level;
  x.priority = priority;
  x.what = std::move(what);
  x.cpu = cpu;
  return x;
}

Kernel::~Kernel() {
  for (auto& c : cpus_) c->hw->on_raise = nullptr;
}

void Kernel::attach_hwi(unsigned cpu, unsigned line, unsigned priority, std::function<Task()> handler, std::string what) {
  PerCpu& c = *cpus_.at(cpu);
  if (c.hwis.count(line)) throw std::logic_error(fmt::format("{}: line {} has two handlers", c.hw->name(), line));
  c.hw->set_line_priority(line, priority);
  c.hwis[line] = std::make_unique<Context>(new_context(Level::HardIrq, priority, std::move(what), cpu));
  c.handlers[line] = std::move(handler);
}

// A thread whose coroutine is made and not yet started.
Thread& Kernel::new_thread(unsigned cpu, unsigned priority, std::function<Task()> body, std::string what) {
  threads_.push_back(std::make_unique<Thread>());
  Thread& t = *threads_.back();
  t.ctx_ = new_context(Level::Thread, priority, std::move(what), cpu);
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
  c.hw->busy()->add_time(d, now() + d);
  const bool deferred_thread = c.deferred_thread && &c.deferred_thread->ctx_ == &x;
  if (x.level == Level::HardIrq) c.load->irq += d;
  else if (x.level == Level::Deferred || deferred_thread) c.load->soft += d;
  else if (c.current && c.current->user_) c.load->usr += d;
  else c.load->sys += d;
}

}  // namespace ws::os
