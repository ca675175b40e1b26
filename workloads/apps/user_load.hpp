#pragma once
// The board's user space beside the forwarding: the processes the study pins
// with taskset ("CPU affinity of the forwarding/user processes"). The study
// does not say what they do, only that CPU1 is 30-50 % busy while both ports'
// interrupts and so all the forwarding are on CPU0; so they are modelled as
// one CPU-bound process with a duty cycle: every `period` it wakes and
// computes `load` of it, booked as %usr. It wakes where the scheduler puts it
// (Linux::select_task_rq within its affinity): off a CPU drowned in softirq,
// onto an idle one. It runs below softirq and above ksoftirqd, as a nice-0
// task that sleeps most of its period does under CFS.
#include <systemc>
#include "workloads/os/linux/linux.hpp"

namespace ws::apps {

class UserLoad {
 public:
  struct Config {
    double load = 0.4;                                            // fraction of one CPU per period
    double hz = 1.5e9;                                            // the core clock
    sc_core::sc_time period = sc_core::sc_time(10, sc_core::SC_MS);
    unsigned affinity = 3;                                        // taskset mask
    double chunk_cycles = 10000;                                  // work between preemption points
  };
  UserLoad(os::Linux& lx, const Config& cfg);

 private:
  os::Task body();
  os::Linux& lx_;
  Config cfg_;
};

}  // namespace ws::apps
