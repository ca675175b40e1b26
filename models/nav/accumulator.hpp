#pragma once
// The QMSS accumulator firmware (a PDSP), one channel: it watches a queue,
// pops what arrives into the current page of a ping/pong list in memory (word
// 0 the entry count, then one descriptor address per entry) and interrupts the
// host when the page is full or when its pacing timer expires. The firmware
// runs on a tick (25 us at its default timer constant, SPRUGR9 "global timer
// command"): it moves descriptors and checks its timer once per tick. Pacing
// (the DT binding's modes; `timer_load_count` ticks):
//   none              interrupt only on a full page
//   last_interrupt    once the page holds entries and the count has run since the last interrupt
//   first_new_packet  the count starts at the page's first entry
//   last_new_packet   the count restarts at every new entry
// The host processes the page it was given and acknowledges it (ack());
// the firmware fills the other page meanwhile, and stalls (leaving
// descriptors in the queue) while both are the host's.
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <cstdint>
#include <string>
#include "models/irq/irq_controller.hpp"
#include "models/mem/direct_pages.hpp"
#include "models/nav/qmss.hpp"
#include "models/sim/scheduler.hpp"

namespace ws::nav {

enum class Pacing { None, LastInterrupt, FirstNewPacket, LastNewPacket };
Pacing pacing_from_name(const std::string& name);  // "none", "last_interrupt", ...

class Accumulator : public sc_core::sc_module {
 public:
  struct Config {
    unsigned queue;             // the queue it watches
    unsigned entries;           // descriptors per page
    uint64_t list_base;         // two pages of (1 + entries) words
    Pacing pacing;
    unsigned timer_load_count;  // ticks
    double tick_us;             // the firmware's tick
  };
  // "<prefix>.list_entries", "<prefix>.pacing_mode", "<prefix>.timer_load_count", "<prefix>.tick_us".
  static void declare_params(ParamTable& t, const std::string& prefix);
  // Its Config watching `queue` with its list at `list_base` (the board's map) from those keys.
  static Config from(const ParamTable& p, const std::string& prefix, unsigned queue, uint64_t list_base);
  Accumulator(sc_core::sc_module_name name, const Config& cfg, Qmss& qmss, Scheduler& sched, IrqController& pic,
              unsigned irq_source);
  tlm_utils::simple_initiator_socket<Accumulator> socket;  // to the memory holding the list

  // The host is done with the oldest page it holds: the firmware may fill it again.
  void ack();
  // The page the last interrupt handed over (0 or 1) and its address.
  unsigned host_page() const { return host_page_; }
  uint64_t page_address(unsigned page) const { return cfg_.list_base + uint64_t(page) * (cfg_.entries + 1) * 4; }

 private:
  void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) { direct_.invalidate(start, end); }
  DirectPages direct_{64};  // the accesses' routes past the sockets
  void arm();   // a tick is due while there is work or a running timer
  void tick();
  void raise();

  Config cfg_;
  Qmss& qmss_;
  Scheduler& sched_;
  IrqController& pic_;
  unsigned irq_;
  sc_core::sc_time tick_;
  bool armed_ = false;
  unsigned fill_page_ = 0, host_page_ = 0;
  bool host_owns_[2] = {false, false};
  unsigned filled_ = 0;          // entries in the page being filled
  unsigned countdown_ = 0;       // ticks left on the pacing timer
  bool timing_ = false;
  unsigned since_interrupt_ = 0;  // ticks since the last interrupt (last_interrupt)
};

}  // namespace ws::nav
