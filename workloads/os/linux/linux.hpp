#pragma once
// Linux (SMP) as the MPC8572 study's board runs it, on the kernel model:
//   hardirq  handlers by MPIC priority
//   softirq  NET_RX per CPU: net_rx_action polls the CPU's NAPI list, each
//            context up to its weight (64), until the list is empty, the
//            budget (netdev_budget, 300) is spent or two jiffies have passed;
//            then it raises itself again (a time squeeze). The kernel's
//            deferred level is __do_softirq: past MAX_SOFTIRQ_RESTART (10)
//            restarts or MAX_SOFTIRQ_TIME (2 ms) the rest goes to ksoftirqd/N
//   threads  per-CPU run queues with the scheduler tick (HZ); a waking
//            task goes to an idle CPU its affinity allows (select_task_rq)
//   mpstat   %irq %soft %sys %usr %idle per CPU, from the kernel's CPU load
// A NAPI context is scheduled from the hardirq of the CPU that took the
// interrupt, so its polls run there: moving an IRQ moves its softirq work.
#include <systemc>
#include <deque>
#include <functional>
#include <string>
#include <vector>
#include "models/cpu/cpu.hpp"
#include "models/sim/param.hpp"
#include "models/sim/stats.hpp"
#include "workloads/os/kernel/kernel.hpp"

namespace ws::os {

class Linux {
 public:
  struct Config {
    unsigned hz = 250;            // CONFIG_HZ
    unsigned netdev_budget = 300; // sysctl net.core.netdev_budget
    unsigned budget_jiffies = 2;  // net_rx_action's time limit
    unsigned softirq_restarts = 10;              // MAX_SOFTIRQ_RESTART
    // MAX_SOFTIRQ_TIME: Linux 3.9 on (commit c10d73671ad3), not 2.6.26's; kept
    // until CFS's fair share replaces the priorities (docs/mpc8572.md, "What is not modelled")
    sc_core::sc_time softirq_time = sc_core::sc_time(2, sc_core::SC_MS);
    unsigned ksoftirqd_priority = 1;             // below every other thread (it runs at nice 0 under CFS)
    unsigned netdev_max_backlog = 1000;          // sysctl net.core.netdev_max_backlog
    unsigned backlog_weight = 64;                // weight_p: process_backlog's packets per poll
  };
  // The stack's entry for a frame a driver hands to netif_rx (netif_receive_skb).
  using Deliver = std::function<Task(uint64_t buf, uint32_t len)>;
  // A NAPI context: `poll(budget, done)` receives up to `budget` packets and
  // sets `done`; a poll that did less than its budget has finished (it calls
  // napi_complete and re-enables its device's interrupt).
  struct Napi {
    std::string name;
    unsigned weight = 64;
    std::function<Task(unsigned budget, unsigned& done)> poll;
    bool scheduled = false;
    unsigned cpu = 0;
  };
  // The kernel's costs as "linux.*" parameters (KernelCosts::declare_params).
  static void declare_params(ParamTable& t);

  Linux(std::vector<Cpu*> cpus, const KernelCosts& costs, const Config& cfg, StatsRegistry& stats);
  Kernel& kernel() { return kernel_; }
  // From a hardirq: `n` onto the running CPU's poll list and NET_RX raised there.
  void napi_schedule(Napi& n);
  // From the poll: `n` leaves the poll list.
  void napi_complete(Napi& n);
  // netif_rx (a driver without NAPI, from its hardirq): the skb onto this
  // CPU's backlog, whose NAPI context (process_backlog) hands it to `deliver`
  // in NET_RX; false past netdev_max_backlog (the caller frees it, a drop).
  bool netif_rx(const Deliver& deliver, uint64_t buf, uint32_t len);
  uint64_t backlog_drops(unsigned cpu) const { return per_cpu_.at(cpu).backlog_drops; }
  size_t backlog(unsigned cpu) const { return per_cpu_.at(cpu).backlog.size(); }
  // sched_setaffinity (taskset): `t` may run on the CPUs of `mask`; at each
  // wake-up it goes where select_task_rq puts it.
  void set_cpus_allowed(Thread& t, unsigned mask);
  // select_task_rq for a waking task, reduced to what two CPUs need: its
  // previous CPU if that is idle, else an idle CPU it may use, else the
  // previous one (the load balancer would pull it to an idle CPU within a tick).
  unsigned select_task_rq(const Thread& t, unsigned mask) const;
  uint64_t time_squeezes(unsigned cpu) const { return per_cpu_.at(cpu).squeezes; }
  uint64_t packets(unsigned cpu) const { return per_cpu_.at(cpu).packets; }

 private:
  struct Queued {
    const Deliver* deliver;
    uint64_t buf;
    uint32_t len;
  };
  struct PerCpu {
    Deferred* net_rx = nullptr;
    std::deque<Napi*> poll_list;
    std::deque<Queued> backlog;  // input_pkt_queue
    Napi backlog_napi;
    uint64_t squeezes = 0, packets = 0, backlog_drops = 0;
  };
  static KernelConfig kernel_config(const KernelCosts& costs, const Config& cfg);
  Task net_rx_action(unsigned cpu);
  Task process_backlog(unsigned cpu, unsigned budget, unsigned& done);

  Config cfg_;
  Kernel kernel_;
  std::deque<PerCpu> per_cpu_;  // stable: the backlog contexts are on poll lists
};

}  // namespace ws::os
