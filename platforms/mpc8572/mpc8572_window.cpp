#include "platforms/mpc8572/mpc8572_window.hpp"

#include <fmt/format.h>
#include <algorithm>
#include "workloads/lib/cycle_ledger.hpp"

namespace ws::mpc8572 {

void ForwardingWindow::start() {
  for (unsigned i = 0; i < kPorts; ++i)
    spun_[i] = sw_.gfar[i]->tx_lock().spun(), takes_[i] = sw_.gfar[i]->tx_lock().contended();
  squeezes_ = sw_.time_squeezes();
  moves_ = sw_.board.coherence.moves();
  for (unsigned c = 0; c < sw_.cpus.size(); ++c) sw_.spans[c].clear(), packets_[c] = sw_.lx.packets(c);
}

std::string ForwardingWindow::locks(const sc_core::sc_time& window, std::string& limiting) const {
  std::string text;
  for (unsigned i = 0; i < kPorts; ++i) {
    const auto& lock = sw_.gfar[i]->tx_lock();
    const double pct = 100 * (lock.spun() - spun_[i]).to_seconds() / window.to_seconds();
    text += fmt::format("{}eth{} Tx lock: {} contended takes, {:.1f} % of a CPU spinning", i ? "; " : "", i,
                        lock.contended() - takes_[i], pct);
    if (pct >= 10) limiting += fmt::format(", spinning on eth{}'s Tx lock {:.0f} %", i, pct);
  }
  return text;
}

std::string ForwardingWindow::irqbalance(std::string& limiting) const {
  if (!sw_.irqbalance) return "";
  const Mpic& mpic = sw_.board.mpic;
  std::string where;
  for (unsigned i = 0; i < kPorts; ++i)
    where += fmt::format(" eth{} tx/rx/err on CPU{}/{}/{}", i, mpic.destination(kTxSource[i]),
                         mpic.destination(kRxSource[i]), mpic.destination(kErrSource[i]));
  if (sw_.irqbalance->passes() == 0) limiting += " [irqbalance never ran: its interval is longer than the run]";
  return fmt::format("irqbalance: {} passes, {} moves; at the end{}\n", sw_.irqbalance->passes(),
                     sw_.irqbalance->moves(), where);
}

std::string ForwardingWindow::net_rx() const {
  os::Linux& lx = sw_.lx;
  return fmt::format("NET_RX: cpu0 {} packets ({} squeezes, {} to ksoftirqd), cpu1 {} packets ({} squeezes, {} to "
                     "ksoftirqd)\n", lx.packets(0), lx.time_squeezes(0), lx.kernel().deferred_handoffs(0),
                     lx.packets(1), lx.time_squeezes(1), lx.kernel().deferred_handoffs(1));
}

std::string ForwardingWindow::cache_moves(uint64_t forwarded) const {
  const double fwd = std::max<double>(1, double(forwarded));
  std::string moved;
  for (const auto& [what, m] : sw_.board.coherence.moves()) {
    const auto it = moves_.find(what);
    const SnoopDomain::Moves b = it == moves_.end() ? SnoopDomain::Moves{} : it->second;
    const double cc = double(m.core_to_core - b.core_to_core) / fwd, dev = double(m.to_device - b.to_device) / fwd,
                 inv = double(m.invalidations - b.invalidations) / fwd;
    if (cc + dev + inv >= 0.005)
      moved += fmt::format("  {:<20} {:>6.2f} core to core  {:>6.2f} to a DMA read  {:>6.2f} invalidated\n", what, cc,
                           dev, inv);
  }
  return moved.empty() ? "" : "cache lines per forwarded frame (the window):\n" + moved;
}

std::string ForwardingWindow::ledgers(StatsRegistry& stats) const {
  std::string text;
  for (unsigned c = 0; c < sw_.cpus.size(); ++c) {
    const CpuLoad& l = *stats.cpu_load(sw_.cpus[c]->resource_name());
    const double net_s = (l.irq + l.soft).to_seconds();  // the network's share of the CPU: its hardirqs and softirqs
    lib::Ledger ledger;
    for (const auto& [what, t] : sw_.spans[c]) ledger[what] += t;  // one literal may stand at two addresses
    const std::string lines = lib::ledger_report(ledger, net_s, sw_.lx.packets(c) - packets_[c],
                                                 "frame this CPU polled", sw_.cpus[c]->clock().hz());
    if (!lines.empty()) text += fmt::format("cpu{} (irq + softirq time): ", c) + lines;
  }
  return text;
}

}  // namespace ws::mpc8572
