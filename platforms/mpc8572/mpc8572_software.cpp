#include "platforms/mpc8572/mpc8572_software.hpp"

#include <fmt/format.h>
#include <algorithm>
#include "platforms/common/core_config.hpp"

namespace ws::mpc8572 {

using sc_core::sc_time;

namespace {

os::Linux::Config linux_config(const ParamTable& p) {
  os::Linux::Config c;
  c.netdev_budget = unsigned(p.i("sysctl.netdev_budget"));
  c.netdev_max_backlog = unsigned(p.i("sysctl.netdev_max_backlog"));
  return c;
}

// As many skbs as the rings, qdiscs and recycle queues can hold at once: the
// slab never runs dry before they are full.
uint32_t skb_count(const ParamTable& p) {
  const auto c = drivers::Gianfar::bindings().build(p, "gianfar");
  return kPorts * (c.rx_bds * (c.skb_recycle ? 2 : 1) + c.tx_bds + c.txqueuelen);
}

drivers::Gianfar::Config gianfar_config(const ParamTable& p, unsigned i, const net::SkBuffs& sk_buffs) {
  drivers::Gianfar::Config c;
  c.name = "eth" + std::to_string(i);
  c.rx_ring = kRings + i * 0x2000, c.tx_ring = kRings + i * 0x2000 + 0x1000;
  c.weight = unsigned(p.i("napi.weight"));
  c.tx_lock = kLocks + i * 32;
  c.rx_lock = kLocks + (kPorts + i) * 32;
  c.rx_line = kRxSource[i], c.tx_line = kTxSource[i], c.err_line = kErrSource[i];
  c.sk_buffs = &sk_buffs;
  c.stats = kDevStats + i * 32;
  return drivers::Gianfar::bindings().build(p, "gianfar", c);
}

// gfar_request_irq's order, then each port's smp_affinity mask.
os::IrqAffinity route_irqs(const ParamTable& p, Mpic& mpic) {
  os::IrqAffinity affinity(mpic);
  const unsigned masks[kPorts] = {unsigned(p.i("irq.eth0_mask")), unsigned(p.i("irq.eth1_mask"))};
  for (unsigned i = 0; i < kPorts; ++i)
    for (unsigned s : {kTxSource[i], kRxSource[i], kErrSource[i]}) {
      mpic.configure(s, s, 8, 0);
      affinity.set(s, masks[i]);
    }
  return affinity;
}

Forwarding::Config forwarding_config(const ParamTable& p) {
  const bool rp_filter = p.s("sysctl.rp_filter") == "1";
  const double ip_path = p.r("ipv4.rcv_instructions") + p.r("ipv4.route_instructions") +
                         (rp_filter ? p.r("ipv4.rp_filter_instructions") : 0) + p.r("ipv4.forward_instructions") +
                         p.r("ipv4.neigh_instructions");
  return {ip_path, p.r("gianfar.fp_instructions"), p.s("gianfar.fast_path") == "on", kStats,
          p.s("sw.stats_layout") == "shared_line", kRoutes};
}

}  // namespace

Mpc8572Software::Mpc8572Software(const ParamTable& p, Mpc8572Board& b, StatsRegistry& stats)
    : board(b),
      cpus(board.cpus()),
      lx(cpus, os::KernelCosts::bindings().build(p, "linux"), linux_config(p), stats),
      affinity(route_irqs(p, board.mpic)),
      skbs(kSkbs, skb_count(p), kSkbBytes),
      sk_buffs(kSkbStructs, kSkbs, kSkbBytes),
      fw({{kNet[0], kMask, 0, tester_mac(0)}, {kNet[1], kMask, 1, tester_mac(1)}}, {port_mac(0), port_mac(1)},
         p.s("sysctl.rp_filter") == "1"),
      gfar(gianfars(p, board, lx, skbs, sk_buffs)),
      spans(cpus.size()),
      fp({kFastPath, unsigned(p.i("gianfar.fp_entries")), unsigned(cpus.size())}),
      forwarding(forwarding_config(p), lx, fw, fp, sk_buffs, skbs, {gfar[0].get(), gfar[1].get()},
                 [this](const char* what, const sc_time& since) { book(what, since); }),
      irqbalance(p.s("irqbalance") == "on" ? irq_balance(p, stats) : nullptr),
      user(lx, {p.r("proc.load_pct") / 100, core_hz(p), sc_time(p.r("proc.period_ms"), sc_core::SC_MS),
                unsigned(p.i("proc.affinity"))}) {
  for (unsigned i = 0; i < kPorts; ++i) {
    gfar[i]->book = [this](const char* what, const sc_time& since) { book(what, since); };
    gfar[i]->receive = [this, i](uint64_t buf, uint32_t len) { return forwarding.receive(i, buf, len); };
  }
  // The regions the coherence report names.
  for (unsigned i = 0; i < kPorts; ++i) {
    board.coherence.name_region(kRings + i * 0x2000, 0x1000, fmt::format("eth{} Rx BDs", i));
    board.coherence.name_region(kRings + i * 0x2000 + 0x1000, 0x1000, fmt::format("eth{} Tx BDs", i));
    board.coherence.name_region(kLocks + i * 32, 32, fmt::format("eth{} Tx lock", i));
  }
  board.coherence.name_region(kStats, 0x1000, "forwarding counters");
  board.coherence.name_region(kRoutes, 0x1000, "route cache entries");
  board.coherence.name_region(kDevStats, 0x1000, "net_device stats");
  board.coherence.name_region(kSkbs, kPorts * kSkbsPerPort * kSkbBytes, "packet buffers");
  board.coherence.name_region(kSkbStructs, kPorts * kSkbsPerPort * net::SkBuffs::kBytes, "sk_buff structs");
  board.coherence.name_region(kFastPath, 0x20000, "fast-path tables");
}

std::vector<std::unique_ptr<drivers::Gianfar>> Mpc8572Software::gianfars(const ParamTable& p, Mpc8572Board& board,
                                                                         os::Linux& lx, lib::BufferPool& skbs,
                                                                         const net::SkBuffs& sk_buffs) {
  std::vector<std::unique_ptr<drivers::Gianfar>> v;
  for (unsigned i = 0; i < kPorts; ++i)
    v.push_back(std::make_unique<drivers::Gianfar>(gianfar_config(p, i, sk_buffs), *board.eth[i], lx, skbs));
  return v;
}

std::unique_ptr<os::IrqBalance> Mpc8572Software::irq_balance(const ParamTable& p, StatsRegistry& stats) {
  std::vector<const CpuLoad*> loads;
  for (Cpu* c : cpus) loads.push_back(stats.cpu_load(c->resource_name()));
  return std::make_unique<os::IrqBalance>(
      lx, board.mpic, affinity,
      std::vector<unsigned>{kTxSource[0], kRxSource[0], kErrSource[0], kTxSource[1], kRxSource[1], kErrSource[1]},
      loads, os::IrqBalance::Config{sc_time(p.r("irqbalance.interval_ms"), sc_core::SC_MS),
                                    p.r("irqbalance.pass_instructions")});
}

void Mpc8572Software::book(const char* what, const sc_time& since) {
  auto& mine = spans[lx.kernel().running().cpu];
  const sc_time spent = lx.kernel().cpu_time() - since;
  auto it = std::find_if(mine.begin(), mine.end(), [what](const auto& s) { return s.first == what; });
  if (it == mine.end()) mine.emplace_back(what, spent);
  else it->second += spent;
}

std::map<std::string, uint64_t> Mpc8572Software::drops() const {
  std::map<std::string, uint64_t> d;
  for (auto& g : gfar)
    for (auto& [why, n] : g->drops()) d[why] += n;
  for (auto& [why, n] : forwarding.drops()) d[why] += n;
  for (unsigned c = 0; c < cpus.size(); ++c)
    if (lx.backlog_drops(c)) d[fmt::format("cpu{}.backlog", c)] += lx.backlog_drops(c);
  return d;
}

bool Mpc8572Software::idle() const {
  for (unsigned i = 0; i < kPorts; ++i)
    if (!gfar[i]->idle() || !board.eth[i]->idle()) return false;
  for (unsigned c = 0; c < cpus.size(); ++c)
    if (lx.backlog(c)) return false;
  return true;
}

}  // namespace ws::mpc8572
