#pragma once
// The IP forwarding study's software on the MPC8572's two e500s: SMP Linux
// (NET_RX, NAPI, ksoftirqd, the backlogs), the MPIC's IRQ affinity and, when
// on, irqbalance; gianfar on each eTSEC with the skb slab, the forwarding
// path (mpc8572_forwarding.hpp) with gianfar's fast path, and the user
// processes beside it. Each CPU's time is booked by what it did (`spans`).
#include <systemc>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>
#include "models/sim/param.hpp"
#include "platforms/mpc8572/mpc8572_board.hpp"
#include "platforms/mpc8572/mpc8572_forwarding.hpp"
#include "workloads/apps/user_load.hpp"
#include "workloads/drivers/gianfar.hpp"
#include "workloads/drivers/gianfar_fp.hpp"
#include "workloads/lib/buffer_pool.hpp"
#include "workloads/net/ipv4_forward.hpp"
#include "workloads/net/sk_buff.hpp"
#include "workloads/os/linux/irq_affinity.hpp"
#include "workloads/os/linux/irqbalance.hpp"
#include "workloads/os/linux/linux.hpp"

namespace ws::mpc8572 {

constexpr uint32_t kSkbBytes = 2048;

struct Mpc8572Software {
  Mpc8572Software(const ParamTable& p, Mpc8572Board& board, StatsRegistry& stats);
  // Frames the software discarded so far by "<where>.<reason>": the drivers,
  // the forwarding path, the CPUs' backlogs.
  std::map<std::string, uint64_t> drops() const;
  // The network's work done (the user processes go on): the drivers and
  // eTSECs idle, the backlogs empty.
  bool idle() const;
  uint64_t time_squeezes() const { return lx.time_squeezes(0) + lx.time_squeezes(1); }
  // Each CPU's time since `since` (a CPU time) to `what` it did.
  void book(const char* what, const sc_core::sc_time& since);

  Mpc8572Board& board;
  const std::vector<Cpu*> cpus;
  os::Linux lx;
  os::IrqAffinity affinity;
  lib::BufferPool skbs;
  const net::SkBuffs sk_buffs;
  const net::Ipv4Forwarder fw;
  std::vector<std::unique_ptr<drivers::Gianfar>> gfar;
  // Each CPU's time by what it did; keyed by the callers' literals, so a
  // frame's spans build no strings (named for the report). A few keys: a list.
  std::vector<std::vector<std::pair<const char*, sc_core::sc_time>>> spans;
  drivers::GianfarFastPath fp;
  Forwarding forwarding;
  std::unique_ptr<os::IrqBalance> irqbalance;  // with irqbalance=on
  const apps::UserLoad user;

 private:
  static std::vector<std::unique_ptr<drivers::Gianfar>> gianfars(const ParamTable& p, Mpc8572Board& board,
                                                                 os::Linux& lx, lib::BufferPool& skbs,
                                                                 const net::SkBuffs& sk_buffs);
  std::unique_ptr<os::IrqBalance> irq_balance(const ParamTable& p, StatsRegistry& stats);
};

}  // namespace ws::mpc8572
