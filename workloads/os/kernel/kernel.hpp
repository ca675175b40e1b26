#pragma once
// The OS kernel model every personality (SmartDSP OS, RT-Thread, TI-RTOS,
// Linux) stands on. Per CPU, four context levels, the most urgent first:
//
//   hardirq   handlers of interrupt lines, by line priority; a more urgent line
//             preempts a less urgent handler at its preemption points
//   deferred  Swi / softirq / tasklet runs, by priority, after the last hardirq;
//             past a restart or time limit the rest goes to a thread (ksoftirqd)
//   thread    by priority, round robin within a priority (time slice in ticks)
//   idle      nothing to run; no tick is kept (tickless idle)
//
// A context is a coroutine (Task). It runs as plain C++ that moves its Cpu's
// time cursor, and suspends only at `co_await`: a preemption point (os::point),
// a blocking call (Semaphore, Mailbox, Event, Mutex, Spinlock, sleep, yield), or
// its end. At a point the kernel re-synchronises with the simulation at the
// cursor's time and switches if something more urgent is due there.
//
// CPU time is booked to the Cpu's resource (utilisation, bottleneck report) and
// per level to the stats registry's CPU load (`%irq %soft %sys %usr %idle`).
#include <systemc>
#include <coroutine>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>
#include "models/cpu/cpu.hpp"
#include "models/sim/bindings.hpp"
#include "models/sim/param.hpp"
#include "models/sim/stats.hpp"
#include "workloads/os/kernel/task.hpp"

namespace ws::os {

enum class Level { HardIrq, Deferred, Thread };

// Kernel costs in core cycles; each personality gives its own values and sources.
struct KernelCosts {
  double context_switch_cycles = 0;  // save one thread, restore another (or leave idle)
  double yield_cycles = 0;           // a yield call, switch excluded
  double sync_cycles = 0;            // one semaphore, mailbox, event or mutex operation
  double tick_cycles = 0;            // the tick handler: timeouts and the time slice
  double deferred_cycles = 0;        // entering one deferred run (softirq/Swi dispatch)

  // "<prefix>.context_switch_cycles", ".yield_cycles", ".sync_cycles",
  // ".tick_cycles", ".deferred_cycles".
  static const Bindings<KernelCosts>& bindings();
};

struct KernelConfig {
  KernelCosts costs;
  sc_core::sc_time tick = sc_core::SC_ZERO_TIME;  // tick period; zero: no tick (timeouts exact)
  unsigned tick_priority = 1;                     // interrupt priority of the tick
  unsigned time_slice_ticks = 0;                  // round robin among equal threads; 0: none
  // Deferred work (Linux __do_softirq): a run makes passes over the pending
  // work, each pending item once per pass; past `deferred_restarts` passes
  // (MAX_SOFTIRQ_RESTART) or `deferred_time` the rest goes to the per-CPU
  // deferred thread (ksoftirqd), if `deferred_thread_priority` > 0.
  unsigned deferred_restarts = 10;
  sc_core::sc_time deferred_time = sc_core::sc_time(2, sc_core::SC_MS);
  unsigned deferred_thread_priority = 0;
};

class Kernel;
class Thread;

// One activation of code at a level: a handler's run or a thread's life.
struct Context {
  Level level;
  unsigned priority = 0;
  std::string what;
  Task task;
  std::coroutine_handle<> resume;  // where to go on: the innermost suspended coroutine
  enum class State { Running, AtPoint, Blocked, Spinning } state = State::Running;
  sc_core::sc_time started;        // when the activation began (its trace span)
  sc_core::sc_time spin_from;      // when a spin began (booked busy when it ends)
  sc_core::sc_time busy;           // CPU time booked to it so far
  unsigned cpu = 0;
  Thread* thread = nullptr;        // the thread this context is, if it is one
};

class Thread {
 public:
  const std::string& name() const { return ctx_.what; }
  unsigned priority() const { return ctx_.priority; }
  unsigned cpu() const { return ctx_.cpu; }
  bool user() const { return user_; }
  bool finished() const { return ctx_.task.valid() && ctx_.task.done(); }

 private:
  friend class Kernel;
  std::function<Task()> body_;  // kept: a coroutine lambda's captures live in it (declared first: dies last)
  Context ctx_;
  bool user_ = false;
  bool ready_ = false;
  bool parked_ = false;    // the deferred thread, waiting for work handed to it
  uint64_t sleep_ = 0;     // the sleep in progress (0: none); a stale timer finds another
  std::function<unsigned(const Thread&)> place_;  // picks the CPU it wakes on (none: it stays)
  unsigned slice_ticks = 0;  // ticks it has run through since it was switched in
};

class Deferred {
 public:
  const std::string& name() const { return ctx_.what; }
  uint64_t runs() const { return runs_; }

 private:
  friend class Kernel;
  std::function<Task()> handler_;  // declared first: outlives the frame in ctx_
  Context ctx_;
  bool pending_ = false;
  bool ran_this_batch_ = false;
  uint64_t runs_ = 0;
};

class Kernel {
 public:
  Kernel(std::vector<Cpu*> cpus, const KernelConfig& cfg, StatsRegistry& stats);
  Kernel(const Kernel&) = delete;
  ~Kernel();

  // --- set-up ---
  // Runs `handler` (a fresh activation each time) when `line` of `cpu` is taken.
  void attach_hwi(unsigned cpu, unsigned line, unsigned priority, std::function<Task()> handler, std::string what);
  Deferred& create_deferred(unsigned cpu, unsigned priority, std::function<Task()> handler, std::string what);
  // A thread ready from `at`; `user` books its time as %usr instead of %sys.
  Thread& create_thread(unsigned cpu, unsigned priority, std::function<Task()> body, std::string what,
                        const sc_core::sc_time& at = sc_core::SC_ZERO_TIME, bool user = false);
  // The thread the core comes out of reset in: it runs at `at` with no switch.
  Thread& boot(unsigned cpu, std::function<Task()> body, std::string what, const sc_core::sc_time& at);

  // The thread becomes ready (made, woken, preempted) on the CPU `place` picks
  // (the scheduler's placement, e.g. Linux's select_task_rq), and when something more urgent
  // would preempt it at a point, it moves to the CPU `place` picks then if
  // that is another (the load balancer pulling it to an idle CPU). Without it
  // a thread keeps its CPU.
  void set_placement(Thread& t, std::function<unsigned(const Thread&)> place);

  // --- from software ---
  // Both take effect at the calling context's time (its cursor), so another
  // core cannot see them earlier than they happen.
  void post(Deferred& d);  // from any context on d's CPU, or another CPU
  void wake(Thread& t);    // a blocked thread becomes ready
  // The running context's thread; throws if a handler tries to block.
  Thread& blocking_thread(std::coroutine_handle<> h, const char* call);
  Context& running() {  // inline: software asks it on every kernel call
    if (!running_) throw_outside();
    return *running_;
  }
  Cpu& cpu(unsigned i) { return *cpus_.at(i)->hw; }
  unsigned cpus() const { return unsigned(cpus_.size()); }
  const KernelConfig& config() const { return cfg_; }
  // The running context's CPU time so far, its current stretch included: a
  // span of it excludes what ran while the context was preempted.
  sc_core::sc_time cpu_time();
  // Charges the running context `cycles` on its core.
  void charge(double cycles) { cpu(running().cpu).exec_code(cycles); }

  // --- awaitables for the kernel's own blocking points ---
  struct Point {  // a preemption point
    Kernel& k;
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h);
    void await_resume() const noexcept {}
  };
  Point point() { return Point{*this}; }
  struct Sleep {
    Kernel& k;
    sc_core::sc_time d;
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h);
    void await_resume() const noexcept {}
  };
  Sleep sleep(const sc_core::sc_time& d) { return Sleep{*this, d}; }
  struct Yield {
    Kernel& k;
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h);
    void await_resume() const noexcept {}
  };
  Yield yield() { return Yield{*this}; }
  // Spinning: the context keeps its core busy until `release_at`, set by resume_spinner().
  void spin(std::coroutine_handle<> h);
  void resume_spinner(Context& c, const sc_core::sc_time& at);

  // --- observation ---
  // Nothing running, preempted, pending or ready on `cpu`.
  bool idle(unsigned cpu) const;
  uint64_t interrupts_taken(unsigned cpu) const { return cpus_.at(cpu)->irqs; }
  uint64_t context_switches(unsigned cpu) const { return cpus_.at(cpu)->switches; }
  uint64_t ticks(unsigned cpu) const { return cpus_.at(cpu)->ticks; }
  uint64_t deferred_handoffs(unsigned cpu) const { return cpus_.at(cpu)->handoffs; }

 private:
  struct PerCpu {
    Cpu* hw;
    CpuLoad* load;
    std::map<unsigned, std::function<Task()>> handlers;  // declared first: outlive the frames in hwis
    std::map<unsigned, std::unique_ptr<Context>> hwis;  // by line
    std::vector<Context*> preempted;                     // interrupted contexts, innermost last
    std::map<unsigned, std::deque<Thread*>, std::greater<unsigned>> ready;  // most urgent first
    std::vector<Deferred*> deferred;                     // by priority, most urgent first
    Thread* current = nullptr;                           // the thread whose state the core holds
    Thread* deferred_thread = nullptr;
    bool owned = false;          // a context runs or is due to resume at a point
    bool batch = false;          // a run of deferred work is under way
    bool handed_off = false;     // deferred work is left to the deferred thread
    bool need_resched = false;   // the time slice of the current thread ran out
    bool tick_armed = false;
    unsigned tick_line = 0;
    unsigned restarts = 0;
    sc_core::sc_time batch_start;
    std::vector<std::pair<sc_core::sc_time, Thread*>> sleepers;
    uint64_t irqs = 0, switches = 0, ticks = 0, handoffs = 0;
  };

  Thread& new_thread(unsigned cpu, unsigned priority, std::function<Task()> body, std::string what);
  void dispatch(PerCpu& c);
  void take_irq(PerCpu& c, unsigned line);
  void run_deferred(PerCpu& c, Deferred& d);
  void switch_to(PerCpu& c, Thread& t);
  void run(PerCpu& c, Context& x);
  void at_point(PerCpu& c, Context& x);
  void finished(PerCpu& c, Context& x);
  void book(PerCpu& c, Context& x, const sc_core::sc_time& d);
  bool preempts(PerCpu& c, const Context& x) const;
  Thread* most_urgent_ready(PerCpu& c) const;
  void make_ready(Thread& t, bool front = false);
  // `effect` at the running context's cursor, or now outside any context.
  template <typename F>
  void at_callers_time(F&& effect);
  Deferred* next_deferred(PerCpu& c);
  void kick(PerCpu& c);
  // A context of `level` on `cpu`, not yet run (a handler's, a deferred's or a thread's).
  static Context new_context(Level level, unsigned priority, std::string what, unsigned cpu);
  void attach_tick(unsigned cpu);
  void create_deferred_thread(unsigned cpu);
  void arm_tick(PerCpu& c);
  void on_tick(PerCpu& c);
  Task tick_handler(PerCpu& c);
  Task deferred_thread_body(PerCpu& c);
  bool any_deferred(const PerCpu& c) const;
  static unsigned level_priority(const Context& x);

  KernelConfig cfg_;
  std::vector<std::unique_ptr<PerCpu>> cpus_;
  std::vector<std::unique_ptr<Thread>> threads_;
  std::vector<std::unique_ptr<Deferred>> deferreds_;
  Context* running_ = nullptr;
  [[noreturn]] static void throw_outside();
};

template <typename F>
void Kernel::at_callers_time(F&& effect) {
  if (running_) {
    const sc_core::sc_time at = cpus_[running_->cpu]->hw->time();
    if (at > now()) return cpus_[running_->cpu]->hw->scheduler().at(at, std::forward<F>(effect));
  }
  effect();
}

}  // namespace ws::os
