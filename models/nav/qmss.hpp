#pragma once
// The KeyStone Queue Manager (QMSS): hardware queues of descriptor addresses.
// Software reaches a queue through its Queue N registers (SPRUGR9 §4.2; four
// 32-bit words per queue, `kQueueStride` apart from the region's base):
//   A (+0)  entry count (read)          B (+4)  byte count (read)
//   C (+8)  packet size for the push    D (+12) write: push the descriptor at
//                                               the tail; read: pop the head (0: empty)
// as a TLM target, so a register access costs what the bus to it costs plus
// `access_ns`, one access at a time. Hardware (packet DMA, accumulator firmware) pushes and pops
// through the member functions; a queue's watcher hears every push.
//
// An access takes effect when it reaches the queue manager (now plus the
// annotated delay), not when the host makes the call: a core that runs ahead
// pushes a descriptor hardware may see only from the core's time on, and its
// pops and counts see what its own earlier pushes put there. Each entry keeps
// the time it was pushed; a pop takes the first entry pushed by then.
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>
#include <cstdint>
#include <deque>
#include <functional>
#include <vector>
#include "models/sim/gap_server.hpp"
#include "models/sim/param.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"

namespace ws::nav {

class Qmss : public sc_core::sc_module {
 public:
  static constexpr uint32_t kQueueStride = 16;
  struct Config {
    unsigned queues;
    double access_ns;  // the queue manager's own time per register access
  };
  // "<prefix>.access_ns".
  static void declare_params(ParamTable& t, const std::string& prefix);
  static Config from(const ParamTable& p, const std::string& prefix, unsigned queues) {
    return {queues, p.r(prefix + ".access_ns")};
  }

  Qmss(sc_core::sc_module_name name, const Config& cfg, Scheduler& sched, StatsRegistry& stats);
  tlm_utils::simple_target_socket<Qmss> socket;  // the Queue N register region (one initiator: the bus)

  // Hardware's side, now.
  void push(unsigned queue, uint32_t desc) { push(queue, desc, now()); }
  uint32_t pop(unsigned queue) { return pop(queue, now()); }  // 0: empty
  size_t count(unsigned queue) const { return count(queue, now()); }
  // Called at every push onto `queue`, at the push's time (hardware that serves it).
  void watch(unsigned queue, std::function<void()> on_push);

 private:
  struct Entry {
    uint32_t desc;
    sc_core::sc_time at;  // pushed then
  };
  void push(unsigned queue, uint32_t desc, const sc_core::sc_time& at);
  uint32_t pop(unsigned queue, const sc_core::sc_time& at);
  size_t count(unsigned queue, const sc_core::sc_time& at) const;
  void b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& t);
  bool access(tlm::tlm_generic_payload& t, const sc_core::sc_time& at);

  Config cfg_;
  Scheduler& sched_;
  GapServer server_;  // one register access at a time, in time order (the A15 books ahead)
  std::vector<std::deque<Entry>> queues_;
  std::vector<std::function<void()>> watchers_;
};

}  // namespace ws::nav
