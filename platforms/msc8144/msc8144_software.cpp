#include "platforms/msc8144/msc8144_software.hpp"

#include <algorithm>

namespace ws::msc8144 {

using namespace apps;
using namespace drivers;
using namespace net;

namespace {
// The interrupt of one interface: clear the queue's event, so a frame closed
// from now on interrupts again, then one Rx BD at a time until the ring holds
// no frame; each BD ends at a preemption point, where the core
// re-synchronises. Frames waiting for a Tx BD then take the ones sent since.
os::Task rx_isr(os::Kernel& k, Cpu& core, NetStack& stack, unsigned iface, UecDriver& driver) {
  driver.ack_event(core);
  while (stack.poll_one(iface)) co_await k.point();
  if (driver.tx_waiting()) driver.transmit_waiting(core);
}
}  // namespace

Msc8144Software::Msc8144Software(const ParamTable& p, const Plan& pl, Msc8144Board& board, StatsRegistry& stats)
    : costs(software_costs(p)), driver_costs(UecDriver::Costs::bindings().build(p, "sw")) {
  std::vector<Cpu*> cores;
  const SendMode mode = p.s("app.udp_send") == "sendto" ? SendMode::SendTo : SendMode::Connect;
  for (auto& c : board.cores) {
    cores.push_back(c.get());
    stacks.push_back(std::make_unique<NetStack>(*c, costs, arp, os_area(unsigned(stacks.size()))));
    apps.push_back(std::make_unique<UdpEchoApp>(*stacks.back(), mode));
  }
  sdos = std::make_unique<os::SmartDspOs>(cores, board.epic, stats);
  for (size_t i = 0; i < pl.ifaces.size(); ++i) {
    const IfacePlan& f = pl.ifaces[i];
    pools.push_back(std::make_unique<lib::BufferPool>(f.pool_base, f.pool_buffers, f.buffer_stride));
    const uint64_t ring = Msc8144Board::kM2Base + i * kRingBytes;
    const UecDriver::Layout layout{ring, ring + kRingBytes / 2, f.rx_bds, f.tx_bds, f.queue,
                                   f.uec * qe::Uec::kQueues + f.queue};
    drivers.push_back(std::make_unique<UecDriver>(*board.uecs[f.uec], layout, *pools.back(), driver_costs));
    NetStack::Interface iface{drivers.back().get(), f.mac, {}, !pl.extended, {}};
    for (unsigned k : f.channels) iface.ips.push_back(pl.channels[k].ip);
    // Broadcasts reach queue 0 of a UEC: that interface answers ARP for all of the UEC.
    for (const auto& c : pl.channels)
      if (c.uec == f.uec && (f.queue == 0 || std::count(f.channels.begin(), f.channels.end(), &c - &pl.channels[0])))
        iface.arp_answers[c.ip] = c.mac;
    const unsigned idx = stacks[f.core]->add_interface(iface);
    for (unsigned k : f.channels) apps[f.core]->serve(idx, pl.channels[k].ip, kEchoPort);
    sdos->bind_hwi(f.core, layout.irq,
                   [k = &sdos->kernel(), core = board.cores[f.core].get(), stack = stacks[f.core].get(), idx,
                    driver = drivers.back().get()] { return rx_isr(*k, *core, *stack, idx, *driver); },
                   "rx_isr");
  }
}

SoftwareCosts Msc8144Software::software_costs(const ParamTable& p) {
  return SoftwareCosts::from(p, p.r("sw.init_cycles"), p.s("app.udp_checksum") == "on", code_base(),
                             uint32_t(p.i("sw.code_kb") * 1024));
}

std::map<std::string, uint64_t> Msc8144Software::drops() const {
  std::map<std::string, uint64_t> n;
  for (auto& s : stacks)
    for (auto& [why, count] : s->drops()) n["stack." + why] += count;
  for (auto& d : drivers) {
    if (d->rx_no_buffer()) n["driver.rx_no_buffer"] += d->rx_no_buffer();
  }
  return n;
}

size_t Msc8144Software::tx_waiting() const {
  size_t n = 0;
  for (auto& d : drivers) n += d->tx_waiting();
  return n;
}

void Msc8144Software::init(Cpu& core0, const Plan& pl, Msc8144Board& board) {
  for (size_t i = 0; i < pl.ifaces.size(); ++i) {
    const IfacePlan& f = pl.ifaces[i];
    qe::Uec& uec = *board.uecs[f.uec];
    if (pl.extended) core0.reg_access([&uec, f] { uec.add_lookup(f.mac, f.queue); });
    else core0.reg_access([&uec, f] { uec.set_station_mac(f.mac); });
    drivers[i]->init(core0);
  }
  core0.exec(costs.init_cycles);
}

}  // namespace ws::msc8144
