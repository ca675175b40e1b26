#pragma once
// A core running host-compiled software (driver, stack, application as ordinary
// C++). The code spends simulated time through this object: exec() for
// computation, read()/write() through the L1 data cache (real bytes, timed
// misses), uncached accesses for descriptors, and device register accesses.
//
// Software runs in steps. A step is ordinary C++ that advances the core's time
// cursor; between steps the core re-synchronises with the simulation, so what a
// step reads of device state (a BD's status) is exact at the step's start. Steps
// are the annotation points: an interrupt preempts a task between two of its
// steps, and the task resumes when no interrupt is due. Interrupt
// service routines do not nest (one priority level, as the runtimes here use);
// pending lines are taken round robin, so a busy line cannot starve the others.
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include "models/mem/cache.hpp"
#include "models/sim/clock_domain.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"
#include "models/sim/trace_writer.hpp"

namespace ws {

class CoreExecutor : public sc_core::sc_module {
 public:
  struct Config {
    double hz;
    Cache::Config l1d;
    Cache::Config l1i;
    double isr_entry_cycles;    // from the interrupt to the handler's first instruction
    double isr_exit_cycles;     // from the handler's return to the interrupted context
    double cache_op_cycles;     // per line of an invalidate or flush sweep
    double reg_access_ns;       // one device register access over the peripheral bus
  };
  // A step returns true to be called again (after a re-synchronisation), false when done.
  using Step = std::function<bool()>;

  CoreExecutor(sc_core::sc_module_name name, const Config& cfg, Scheduler& sched, StatsRegistry& stats,
               TraceWriter* trace);
  tlm_utils::simple_initiator_socket<CoreExecutor> socket;  // to the interconnect

  // --- set-up ---
  void attach_isr(unsigned line, Step handler, std::string what);
  // Runs `task` as the core's foreground code from `at` (used for boot and init).
  void start_task(const sc_core::sc_time& at, Step task, std::string what);
  // --- from the interrupt controller: `line` is asserted at `at` ---
  void raise(unsigned line, const sc_core::sc_time& at);

  // --- for the code of the running step ---
  void exec(double cycles) { t_ += clk_.cycles(cycles); }
  // Runs the code at [addr, addr+n): its lines come through the L1 I-cache, a
  // miss stalls for the line fill (the code's own cycles are in exec()).
  void fetch(uint64_t addr, uint32_t n);
  void read(uint64_t addr, void* dst, uint32_t n);
  void write(uint64_t addr, const void* src, uint32_t n);
  // Descriptor accesses that bypass the cache: a read stalls until the data is
  // back; a write (at most kPostedBytes) is posted: the core goes on, and the
  // write reaches memory at the core's time, not before (a device polling the
  // descriptor must not see it early).
  static constexpr uint32_t kPostedBytes = 16;
  void read_uncached(uint64_t addr, void* dst, uint32_t n);
  void write_uncached(uint64_t addr, const void* src, uint32_t n);
  // `count` dependent uncached reads of `n` bytes, `stride` apart (walking shared
  // structures): the core stalls for each in turn. The data is not returned.
  void read_uncached_chain(uint64_t addr, uint32_t n, uint32_t stride, unsigned count);
  void invalidate(uint64_t addr, uint32_t n);
  void flush(uint64_t addr, uint32_t n);
  // A device register access: costs the peripheral bus time; `effect` happens in
  // the device when the access lands.
  void reg_access(std::function<void()> effect = {});
  const sc_core::sc_time& time() const { return t_; }
  // No step or ISR running, none preempted, no interrupt pending.
  bool idle() const;
  const ClockDomain& clock() const { return clk_; }
  const Cache& l1d() const { return l1d_; }
  const Cache& l1i() const { return l1i_; }
  uint64_t interrupts_taken() const { return isrs_; }

 private:
  struct Isr {
    Step handler;
    std::string what;
    bool pending = false;
    sc_core::sc_time asserted_at;  // when the pending assertion reaches the core
  };
  void dispatch();
  bool interrupt_due() const;
  void run_step(Step* step, const std::string* what, bool isr, sc_core::sc_time started);
  void fill_line(uint64_t line);
  void write_back(uint64_t line);
  void timed_access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n, bool wait);
  void debug_access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n);

  Config cfg_;
  ClockDomain clk_;
  Scheduler& sched_;
  ResourceStats* busy_;
  TraceWriter* trace_;
  Cache l1d_;
  Cache l1i_;
  std::vector<Isr> isrs_table_;
  Step task_;
  std::string task_what_;
  struct Context {  // a task interrupted between two steps
    Step* step = nullptr;
    const std::string* what = nullptr;
    sc_core::sc_time started;
  };
  Context preempted_;
  sc_core::sc_time t_;          // the running code's time cursor
  unsigned next_line_ = 0;      // where the round robin among pending lines starts
  bool running_ = false;        // a step or ISR owns the core
  uint64_t isrs_ = 0;
  std::vector<uint8_t> line_buf_;
};

}  // namespace ws
