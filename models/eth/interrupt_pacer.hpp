#pragma once
// TI's CPSW wrapper interrupt pacing (the same block on AM335x, DRA7 and the
// K3 MCU parts' CPSW3G): a paced interrupt (Rx or Tx pulse) is held while the
// pacing timer runs. The timer counts down in ticks of the prescaler (4 us);
// each time it reaches zero it reloads, so at most one interrupt goes out per
// reload. Every 1 ms the hardware compares the interrupts of that interval
// with the target (INT_MAX, interrupts per ms) and sets the reload:
//   count > 2 x max: 255; > 1.5 x max: last x 2 + 1; > max: last + 1;
//   > 0.5 x max: last - 1; any: last / 2; none: 0
// (TI CPSW TRM text, "Interrupt Pacing" (DRA7 SPRUIE9D); the branches below
// "> max" as the AM335x TRM's same section gives them, not re-read).
#include <systemc>
#include <cstdint>
#include <functional>
#include "models/sim/scheduler.hpp"

namespace ws::eth {

class InterruptPacer {
 public:
  // `per_ms`: the target (0: pacing off, every request goes out at once);
  // `fire`: raises the interrupt.
  InterruptPacer(Scheduler& sched, unsigned per_ms, double tick_us, std::function<void()> fire);
  // The block asks for an interrupt now (a completion).
  void request();
  uint64_t fired() const { return fired_; }
  unsigned reload() const { return reload_; }

 private:
  void open();
  void every_ms();
  Scheduler& sched_;
  unsigned max_;
  sc_core::sc_time tick_;
  std::function<void()> fire_;
  bool pending_ = false, blocked_ = false, clocked_ = false;
  unsigned reload_ = 0, count_ = 0;
  uint64_t fired_ = 0;
};

}  // namespace ws::eth
