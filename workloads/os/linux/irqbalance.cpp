#include "workloads/os/linux/irqbalance.hpp"

#include <algorithm>

namespace ws::os {

IrqBalance::IrqBalance(Linux& lx, Mpic& pic, IrqAffinity& affinity, std::vector<unsigned> sources,
                       std::vector<const CpuLoad*> loads, const Config& cfg)
    : lx_(lx), pic_(pic), affinity_(affinity), sources_(std::move(sources)), loads_(std::move(loads)), cfg_(cfg),
      counts_(sources_.size(), std::vector<uint64_t>(pic.cpus())), busy_(pic.cpus()) {
  Thread& t = lx.kernel().create_thread(0, 2, [this] { return body(); }, "irqbalance", sc_core::SC_ZERO_TIME, true);
  lx.set_cpus_allowed(t, (1u << pic.cpus()) - 1);
}

Task IrqBalance::body() {
  for (;;) {
    co_await lx_.kernel().sleep(cfg_.interval);
    lx_.kernel().charge(cfg_.pass_instructions);
    balance();
  }
}

void IrqBalance::balance() {
  const unsigned cpus = pic_.cpus();
  // Each CPU's interrupt-context time since the last pass (a statistics reset restarts it).
  std::vector<double> cpu_busy(cpus);
  for (unsigned c = 0; c < cpus; ++c) {
    const double now = (loads_[c]->irq + loads_[c]->soft).to_seconds();
    cpu_busy[c] = now >= busy_[c] ? now - busy_[c] : now;
    busy_[c] = now;
  }
  std::vector<std::vector<uint64_t>> delta(sources_.size(), std::vector<uint64_t>(cpus));
  std::vector<uint64_t> cpu_count(cpus);
  for (size_t i = 0; i < sources_.size(); ++i)
    for (unsigned c = 0; c < cpus; ++c) {
      const uint64_t n = pic_.count(sources_[i], c);
      delta[i][c] = n - counts_[i][c];
      counts_[i][c] = n;
      cpu_count[c] += delta[i][c];
    }
  std::vector<double> load(sources_.size());
  for (size_t i = 0; i < sources_.size(); ++i)
    for (unsigned c = 0; c < cpus; ++c)
      if (cpu_count[c]) load[i] += cpu_busy[c] * double(delta[i][c]) / double(cpu_count[c]);
  // The busiest CPU sheds IRQs, the heaviest first, to the idlest, each
  // move only while it narrows the gap between them (irqbalance migrates
  // off overloaded objects). An IRQ that was not taken carries no load: a
  // CPU busy in a poll whose IRQ stays masked shows nothing to move.
  std::vector<double> cpu_load = cpu_busy;
  const unsigned from = unsigned(std::max_element(cpu_load.begin(), cpu_load.end()) - cpu_load.begin());
  const unsigned to = unsigned(std::min_element(cpu_load.begin(), cpu_load.end()) - cpu_load.begin());
  std::vector<size_t> order;
  for (size_t i = 0; i < sources_.size(); ++i)
    if (pic_.destination(sources_[i]) == from && load[i] > 0) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return load[a] > load[b]; });
  for (size_t i : order) {
    if (from == to || load[i] >= cpu_load[from] - cpu_load[to]) continue;
    cpu_load[from] -= load[i];
    cpu_load[to] += load[i];
    affinity_.set(sources_[i], 1u << to);
    ++moves_;
  }
  ++passes_;
}

}  // namespace ws::os
