#pragma once
// A processor core as the software on it sees the hardware: a clock, L1 I and D
// caches, the bus, N interrupt inputs with priorities and a mask, and the cost
// of exception entry and exit. Which software context runs is the kernel's
// business (workloads/os/kernel); this model only spends time for it.
//
// Host-compiled software spends simulated time through the annotation calls:
// exec() for computation, fetch() through the I-cache, read()/write() by the
// attributes of the region they touch (cacheable through the L1 D-cache with
// real bytes and timed misses; non-cacheable, device and strongly ordered go to
// the bus), uncached accesses for descriptors, atomic read-modify-write, cache
// maintenance and device register accesses. Each call moves the core's time
// cursor; the kernel re-synchronises the cursor with the simulation at the
// software's preemption points.
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include "models/cpu/access_pattern.hpp"
#include "models/mem/cache.hpp"
#include "models/mem/direct_pages.hpp"
#include "models/mem/snoop_domain.hpp"
#include "models/sim/bindings.hpp"
#include "models/sim/param.hpp"
#include "models/sim/clock_domain.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"
#include "models/sim/trace_writer.hpp"

namespace ws {

// What a data access to a region may do (ARMv7 memory types; Power's WIMG bits).
enum class MemAttr {
  Cacheable,       // through the L1 D-cache
  NonCacheable,    // normal memory, not cached: reads wait, writes are posted
  Device,          // reads wait, writes are posted, no merging
  StronglyOrdered  // every access waits for the one before it to complete
};

class Cpu : public sc_core::sc_module {
 public:
  struct Config {
    double hz = 0;
    Cache::Config l1d{0, 0, 0};
    Cache::Config l1i{0, 0, 0};
    double isr_entry_cycles = 0;    // from the interrupt to the handler's first instruction (run by exec_code)
    double isr_exit_cycles = 0;     // from the handler's return to the interrupted context
    double cache_op_cycles = 0;     // per line of an invalidate or flush sweep
    double reg_access_ns = 0;       // one device register access over the peripheral bus
    uint32_t load_store_bytes_per_cycle = 8;  // what the load/store unit moves per cycle (LDM, VLDM)
    // Instructions a tight copy or checksum loop issues per cycle: 1 on an
    // in-order single-issue core; an out-of-order core runs such a loop wider.
    double loop_ipc = 1;
    // A unified L2 behind the L1 D-cache (size 0: none): a hit costs
    // `l2_hit_cycles`, a miss goes to the bus; it holds cacheable lines only.
    Cache::Config l2{0, 0, 0};
    double l2_hit_cycles = 0;
    // Code run by exec_code(): with the I-cache off every `ifetch_bytes` of
    // instructions is a fetch from memory; each instruction makes
    // `data_accesses_per_instruction` word accesses to the stack and the
    // software's state, which cost nothing extra when cacheable (L1 hits).
    uint32_t ifetch_bytes = 8;
    double data_accesses_per_instruction = 0;
    // Write streaming (Cortex-A7 L1): a copy that writes at least this many
    // whole lines allocates them without reading them first (0: never).
    uint32_t write_streaming_lines = 0;
    // With the I-cache on, exec_code() runs code out of a working set of this
    // many bytes (the hot path's footprint): each call `code_bytes_per_instruction`
    // x instructions of it from a place of its own, so a footprint larger than
    // the I-cache misses in proportion and its misses cost what the code's
    // memory takes; 0: the I-cache always hits.
    uint32_t code_footprint_bytes = 0;
    double code_bytes_per_instruction = 4;
  };

  // Its keys below a board's prefix ("e500.l1d_kb"); the clock is the board's.
  static const Bindings<Config>& bindings();
  // Both L1s' geometry: size / (ways x line) must be a power of two; an
  // InputError names the key and the ways that would do.
  static void check_cache_params(const ParamTable& p, const std::string& prefix);

  // `resource`: its name in the stats and the trace (default: the module's basename).
  Cpu(sc_core::sc_module_name name, const Config& cfg, Scheduler& sched, StatsRegistry& stats, TraceWriter* trace,
      const std::string& resource = {});
  const std::string& resource_name() const { return resource_; }
  tlm_utils::simple_initiator_socket<Cpu> socket;  // to the interconnect

  // --- memory map, as the MMU's page attributes set it ---
  void set_region(uint64_t base, uint64_t size, MemAttr attr);
  // MMU off: every data access is strongly ordered (ARMv7 B3.2.1), caches or not.
  void set_mmu(bool on) { mmu_on_ = on; }
  // SCTLR.I: with the I-cache off exec_code() fetches every instruction from memory.
  void set_icache(bool on) { icache_on_ = on; }
  // Where exec_code()'s instructions and their data accesses go (their attributes price them).
  void set_code_region(uint64_t code, uint64_t data) { code_addr_ = code, data_addr_ = data; }
  MemAttr attr(uint64_t addr) const;

  // --- interrupt inputs (a controller drives them) ---
  // Priority of input `line` (higher is more urgent, 1 and up); new lines get 1.
  void set_line_priority(unsigned line, unsigned priority);
  // A latched input (the default) holds one assertion: raises while it is
  // pending merge. A queued input keeps each assertion and is taken once per
  // assertion, each no earlier than its own arrival (one event per completion).
  void set_line_queued(unsigned line, bool queued);
  // `line` is asserted and reaches the core at `at` (no earlier than now).
  void raise(unsigned line, const sc_core::sc_time& at);
  // A level-sensitive source deasserted before the core took it.
  void lower(unsigned line);
  // The interrupt mask: inputs of priority <= `level` wait (0: none masked;
  // software raising it is local_irq_save, an SR mask or the GIC's PMR).
  void set_mask(unsigned level);
  unsigned mask() const { return mask_; }
  // A disabled input keeps its assertion pending, and is taken once enabled.
  void set_line_enabled(unsigned line, bool enabled);
  // The next input to take at or before now, enabled, with a priority above
  // `level` and the mask: the most urgent, and round robin among equals from
  // the last one taken. -1: none.
  int due_line(unsigned level) const;
  // Marks `line` taken; the next round robin starts after it.
  void acknowledge(unsigned line);
  // The earliest assertion still on its way to the core; SC_ZERO_TIME when none.
  sc_core::sc_time next_assertion() const;
  bool any_pending() const;
  unsigned line_priority(unsigned line) const { return lines_.at(line).priority; }
  unsigned lines() const { return unsigned(lines_.size()); }
  // Called when an input is raised (the kernel dispatches an idle core).
  std::function<void(unsigned line, const sc_core::sc_time& at)> on_raise;

  // --- the time cursor of the running software ---
  // Zero cycles (a snoop that found no other copy, the most common answer) take
  // no conversion: the cursor moves by nothing either way.
  void exec(double cycles) {
    if (cycles != 0) t_ += clk_.cycles(cycles);
  }
  // `instructions` of software at one cycle each, plus what their fetches and
  // data accesses cost where the caches cannot serve them (I-cache off,
  // uncached data). With both caches on it is exec().
  void exec_code(double instructions);
  void set_time(const sc_core::sc_time& t) { t_ = t; }
  const sc_core::sc_time& time() const { return t_; }
  // Its time cursor, mask and interrupt inputs (pending, queued arrivals) as a
  // steady-state fingerprint (SteadyState) takes them: relative to now.
  template <class F>
  void fingerprint(F& f) const {
    f.ahead(t_);
    f.add(mask_);
    for (const Input& in : lines_) {
      f.add(uint64_t(in.pending) | uint64_t(in.enabled) << 1);
      if (in.pending) f.ahead(in.asserted_at);
      f.add(in.arrivals.size());
      for (const auto& a : in.arrivals) f.ahead(a);
    }
  }
  void exception_entry() { exec_code(cfg_.isr_entry_cycles); }
  void exception_exit() { exec_code(cfg_.isr_exit_cycles); }

  // Runs the code at [addr, addr+n): its lines come through the L1 I-cache, a
  // miss stalls for the line fill (the code's own cycles are in exec()).
  void fetch(uint64_t addr, uint32_t n);
  void read(uint64_t addr, void* dst, uint32_t n);
  void write(uint64_t addr, const void* src, uint32_t n);
  // Descriptor accesses that bypass the cache: a read stalls until the data is
  // back; a write (at most kPostedBytes) is posted: the core goes on, and the
  // write reaches memory at the core's time, not before (a device polling the
  // descriptor must not see it early). A later read_uncached by this core is
  // served at once, before such a write lands: code that reads back what it
  // wrote synchronises first (a kernel point), or maps the device as Device
  // memory, whose read()/write() go out in order.
  static constexpr uint32_t kPostedBytes = 16;
  void read_uncached(uint64_t addr, void* dst, uint32_t n);
  void write_uncached(uint64_t addr, const void* src, uint32_t n);
  // `count` dependent uncached reads of `n` bytes, `stride` apart (walking shared
  // structures): the core stalls for each in turn. The data is not returned.
  void read_uncached_chain(uint64_t addr, uint32_t n, uint32_t stride, unsigned count);
  // An atomic read-modify-write of `n` (at most 8) bytes (lwarx/stwcx.,
  // ldrex/strex): `modify` changes the bytes in place; returns what it returned.
  // Cacheable: the line is taken into the L1 (written); otherwise a read that
  // waits and a write that waits, since the reservation must see it land.
  // (A template over a plain call: a spinlock takes one per lock and unlock,
  // and a std::function was made and unmade for each.)
  template <typename Modify>
  bool atomic_rmw(uint64_t addr, uint32_t n, Modify&& modify) {
    using F = std::remove_reference_t<Modify>;
    return atomic_rmw_by(addr, n, [](void* f, uint8_t* v) -> bool { return (*static_cast<F*>(f))(v); },
                      const_cast<void*>(static_cast<const void*>(std::addressof(modify))));
  }
  // A copy of n bytes the software makes with `pattern`: the bytes move, and the
  // core spends, per copy, the issue of its instructions, the L1 line fills
  // and write-backs of a cacheable end, and for an uncached end each access's
  // wait at the latency one access of its width takes now (strongly ordered
  // and device stores wait too; non-cacheable stores are posted).
  // Cacheable line fills of one copy stream (the prefetcher runs ahead of a
  // sequential copy): they are issued back to back and the copy waits for the
  // last, so a long copy runs at the memory's bandwidth, not its latency.
  void copy(uint64_t dst, uint64_t src, uint32_t n, const AccessPattern& pattern);
  // The same copy whose bytes the caller moves between host buffers the
  // simulated addresses stand for (a stack's own pools): only its cost here.
  void charge_copy(uint64_t dst, uint64_t src, uint32_t n, const AccessPattern& pattern);
  // A copy out of simulated memory into a host buffer standing for `dst`, and
  // one from a host buffer standing for `src` into simulated memory.
  void copy_to_host(uint8_t* host, uint64_t dst, uint64_t src, uint32_t n, const AccessPattern& pattern);
  void copy_from_host(uint64_t dst, uint64_t src, const uint8_t* host, uint32_t n, const AccessPattern& pattern);
  // Reading n bytes at `addr` with `pattern`'s loads (a checksum loop): the cost only.
  void charge_scan(uint64_t addr, uint32_t n, const AccessPattern& pattern);
  void invalidate(uint64_t addr, uint32_t n);
  void flush(uint64_t addr, uint32_t n);
  // A device register access: costs the peripheral bus time; `effect` happens in
  // the device when the access lands.
  void reg_access(std::function<void()> effect = {});

  const ClockDomain& clock() const { return clk_; }
  const Cache& l1d() const { return l1d_; }
  const Cache& l1i() const { return l1i_; }
  const Cache* l2() const { return l2_; }
  // The core's L1 D-cache becomes coherent with the domain's other cores, and
  // the domain's L2 replaces the core's own (before the run).
  void join(SnoopDomain& domain);
  Scheduler& scheduler() { return sched_; }
  ResourceStats* busy() { return busy_; }
  TraceWriter* trace() { return trace_; }

 private:
  struct Input {
    unsigned priority = 1;
    bool pending = false;
    sc_core::sc_time asserted_at;  // when the pending assertion reaches the core
    bool queued = false;
    bool enabled = true;
    std::deque<sc_core::sc_time> arrivals;  // queued: every pending assertion, earliest first
  };
  struct Region {
    uint64_t base, size;
    MemAttr attr;
  };
  // Tells the kernel of pending inputs that masking or disabling held back.
  void notify_pending();
  void fill_line(uint64_t line);
  void memory_line(tlm::tlm_command cmd, uint64_t line, bool wait);
  // The issue, fills and uncached waits of a copy or scan (dst = 0 and no stores: a scan).
  void price(uint64_t dst, uint64_t src, uint32_t n, const AccessPattern& p, bool stores);
  void write_back(uint64_t line);
  sc_core::sc_time timed_access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n, bool wait);  // its completion
  // The bytes of an access the caches time: straight from the target's
  // storage where it grants DMI (inline: every cached access), else by a
  // debug transport (neither takes time).
  void debug_access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n) {
    if (!direct_.copy(socket, cmd, addr, data, n)) debug_transport(cmd, addr, data, n);
  }
  void debug_transport(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n);
  void bus_access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n, MemAttr a);
  bool atomic_rmw_by(uint64_t addr, uint32_t n, bool (*modify)(void*, uint8_t*), void* f);
  // `count` uncached accesses of `width` bytes at `addr`, each waiting as one does now.
  void uncached_accesses(tlm::tlm_command cmd, uint64_t addr, uint32_t width, uint64_t count);
  // One access carrying extension `ext` (a chain, the repeats; `ext_id` its ID) through the bus; the
  // target's error text, or empty. `delay` in and out, as b_transport's.
  std::string transport_with(unsigned ext_id, tlm::tlm_extension_base* ext, tlm::tlm_command cmd, uint64_t addr, uint8_t* data,
                             uint32_t n, sc_core::sc_time& delay);

  Config cfg_;
  std::string resource_;
  ClockDomain clk_;
  Scheduler& sched_;
  ResourceStats* busy_;
  TraceWriter* trace_;
  Cache l1d_;
  Cache l1i_;
  std::unique_ptr<Cache> own_l2_;
  Cache* l2_ = nullptr;                // own_l2_'s, or the coherence domain's
  SnoopDomain* coherence_ = nullptr;
  unsigned coherent_index_ = 0;
  tlm::tlm_generic_payload debug_payload_;  // reused: constructing one allocates (every cached access moves bytes)
  // The targets' DMI grants: the cached accesses' bytes, and the routes of timed accesses.
  // 16 MB of pages: an SMP kernel's sk_buffs and both rings' buffers (1024
  // asked again 8,000 times in 30 ms of the MPC8572 at line rate).
  DirectPages direct_{4096};
  void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end);
  tlm::tlm_generic_payload extended_payload_;  // transport_with's, reused likewise (the MSC8144's OS reads, per frame)
  bool icache_on_ = true;
  uint64_t code_addr_ = 0, data_addr_ = 0;
  uint64_t code_cursor_ = 0, code_seed_ = 1;  // where exec_code() is in the code footprint
  bool streaming_ = false;            // fills are issued without waiting (a copy stream)
  sc_core::sc_time stream_done_;      // the last such fill's completion
  std::vector<Input> lines_;
  unsigned next_line_ = 0;  // where the round robin among equal lines starts
  unsigned pending_lines_ = 0;  // inputs pending: none is the common case at every dispatch
  unsigned mask_ = 0;
  std::vector<Region> regions_;
  bool mmu_on_ = true;
  sc_core::sc_time t_;      // the running code's time cursor
  std::vector<uint8_t> line_buf_;
  std::vector<uint8_t> copy_buf_;  // a copy's bytes in transit
};

}  // namespace ws
