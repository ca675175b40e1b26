#include "workloads/os/linux/linux.hpp"

#include <algorithm>
#include <stdexcept>

namespace ws::os {

void Linux::declare_params(ParamTable& t) { KernelCosts::bindings().declare(t, "linux"); }

KernelConfig Linux::kernel_config(const KernelCosts& costs, const Config& cfg) {
  KernelConfig c;
  c.costs = costs;
  c.tick = sc_core::sc_time(1.0 / cfg.hz, sc_core::SC_SEC);
  c.tick_priority = 255;  // the decrementer: above every device
  c.time_slice_ticks = 1;
  c.deferred_restarts = cfg.softirq_restarts;
  c.deferred_time = cfg.softirq_time;
  c.deferred_thread_priority = cfg.ksoftirqd_priority;
  return c;
}

Linux::Linux(std::vector<Cpu*> cpus, const KernelCosts& costs, const Config& cfg, StatsRegistry& stats)
    : cfg_(cfg), kernel_(cpus, kernel_config(costs, cfg), stats), per_cpu_(cpus.size()) {
  for (unsigned c = 0; c < per_cpu_.size(); ++c) {
    PerCpu& pc = per_cpu_[c];
    pc.net_rx = &kernel_.create_deferred(c, 3, [this, c] { return net_rx_action(c); }, "NET_RX");  // NET_RX_SOFTIRQ = 3
    pc.backlog_napi.name = "backlog";
    pc.backlog_napi.weight = cfg.backlog_weight;
    pc.backlog_napi.poll = [this, c](unsigned budget, unsigned& done) { return process_backlog(c, budget, done); };
  }
}

bool Linux::netif_rx(const Deliver& deliver, uint64_t buf, uint32_t len) {
  PerCpu& c = per_cpu_[kernel_.running().cpu];
  if (c.backlog.size() >= cfg_.netdev_max_backlog) {
    ++c.backlog_drops;
    return false;
  }
  c.backlog.push_back({&deliver, buf, len});
  napi_schedule(c.backlog_napi);
  return true;
}

// net/core/dev.c process_backlog: the queue's skbs up the stack, its weight at a time.
Task Linux::process_backlog(unsigned cpu, unsigned budget, unsigned& done) {
  PerCpu& c = per_cpu_[cpu];
  done = 0;
  while (done < budget && !c.backlog.empty()) {
    const Queued q = c.backlog.front();
    c.backlog.pop_front();
    ++done;
    co_await (*q.deliver)(q.buf, q.len);
    co_await kernel_.point();
  }
  if (c.backlog.empty()) napi_complete(c.backlog_napi);
}

void Linux::napi_schedule(Napi& n) {
  if (n.scheduled) return;  // already on a list (NAPI_STATE_SCHED)
  n.scheduled = true;
  n.cpu = kernel_.running().cpu;
  per_cpu_[n.cpu].poll_list.push_back(&n);
  kernel_.post(*per_cpu_[n.cpu].net_rx);
}

void Linux::set_cpus_allowed(Thread& t, unsigned mask) {
  if ((mask & ((1u << kernel_.cpus()) - 1)) == 0) throw std::logic_error("sched_setaffinity: a mask of no CPU");
  kernel_.set_placement(t, [this, mask](const Thread& th) { return select_task_rq(th, mask); });
}

unsigned Linux::select_task_rq(const Thread& t, unsigned mask) const {
  const auto allowed = [&](unsigned c) { return (mask >> c & 1) != 0; };
  if (allowed(t.cpu()) && kernel_.idle(t.cpu())) return t.cpu();
  for (unsigned c = 0; c < kernel_.cpus(); ++c)
    if (allowed(c) && kernel_.idle(c)) return c;
  if (allowed(t.cpu())) return t.cpu();
  unsigned c = 0;
  while (!allowed(c)) ++c;
  return c;
}

void Linux::napi_complete(Napi& n) {
  auto& list = per_cpu_.at(n.cpu).poll_list;
  list.erase(std::remove(list.begin(), list.end(), &n), list.end());
  n.scheduled = false;
}

// net/core/dev.c net_rx_action: the poll list round robin, each context its
// weight at a time, within the budget and two jiffies.
Task Linux::net_rx_action(unsigned cpu) {
  PerCpu& c = per_cpu_[cpu];
  Cpu& core = kernel_.cpu(cpu);
  const sc_core::sc_time limit = core.time() + sc_core::sc_time(double(cfg_.budget_jiffies) / cfg_.hz, sc_core::SC_SEC);
  int budget = int(cfg_.netdev_budget);
  while (!c.poll_list.empty()) {
    if (budget <= 0 || core.time() >= limit) {  // softnet_break: the rest waits for the next NET_RX run
      ++c.squeezes;
      kernel_.post(*c.net_rx);
      co_return;
    }
    Napi* n = c.poll_list.front();
    unsigned done = 0;
    co_await n->poll(n->weight, done);
    c.packets += done;
    budget -= int(done);
    if (done >= n->weight && n->scheduled) {  // more to do: to the tail of the list
      c.poll_list.erase(std::find(c.poll_list.begin(), c.poll_list.end(), n));
      c.poll_list.push_back(n);
    }
  }
}

}  // namespace ws::os
