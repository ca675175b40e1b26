#pragma once
// Stats registry: per resource busy time, operations, bytes, queue high-water and
// drops by reason; the end-of-run bottleneck report ranks resources by utilisation.
#include <algorithm>
#include <systemc>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>
#include "models/sim/sim_time.hpp"

namespace ws {

struct ResourceStats {
  std::string name;
  sc_core::sc_time busy = sc_core::SC_ZERO_TIME;
  sc_core::sc_time until = sc_core::SC_ZERO_TIME;  // when the latest booking ends
  uint64_t ops = 0;
  uint64_t bytes = 0;
  uint64_t queue_hw = 0;
  std::string queue_unit;  // what queue_hw counts ("B", "TLPs"); empty: no queue noted
  std::map<std::string, uint64_t> drops;

  // An operation busy for `t` that has ended by now.
  void add_busy(const sc_core::sc_time& t, uint64_t nbytes = 0) { add_busy(t, nbytes, now()); }
  // An operation busy for `t` that ends at `ends` (later than now for work booked ahead).
  void add_busy(const sc_core::sc_time& t, uint64_t nbytes, const sc_core::sc_time& ends) {
    ++ops;
    bytes += nbytes;
    add_time(t, ends);
  }
  // `n` further operations of `t` and `nbytes` each, the last ending by `ends`.
  void add_repeats(uint64_t n, const sc_core::sc_time& t, uint64_t nbytes, const sc_core::sc_time& ends) {
    ops += n;
    bytes += n * nbytes;
    add_time(t * double(n), ends);
  }
  // Busy time of an operation already counted (a core's context runs in segments).
  void add_time(const sc_core::sc_time& t, const sc_core::sc_time& ends) {
    busy += t;
    if (ends > until) until = ends;
  }
  // Busy time booked so far less what of it lies beyond `end` (at most
  // until - end): exact for a resource booked one operation at a time, as a
  // core runs its segments; no more than the truth for one booked ahead with gaps.
  sc_core::sc_time busy_by(const sc_core::sc_time& end) const {
    const sc_core::sc_time after = until > end ? until - end : sc_core::SC_ZERO_TIME;
    return busy > after ? busy - after : sc_core::SC_ZERO_TIME;
  }
  void note_queue(uint64_t depth, const char* unit) {
    if (queue_unit != unit) queue_unit = unit;  // once a resource: it notes one unit (a MAC, every frame)
    if (depth > queue_hw) queue_hw = depth;
  }
  // Drops come in runs of one reason (a full ring drops every frame until the
  // driver catches up): the last reason's counter is kept, so a run costs a
  // string compare a drop instead of a map look-up and a string built.
  void drop(std::string_view reason) {
    if (!last_drop_.entry || reason != last_drop_.entry->first)
      last_drop_.entry = &*drops.try_emplace(std::string(reason)).first;
    ++last_drop_.entry->second;
  }

 private:
  struct LastDrop {  // a copy of the stats starts without one: it would point into the original's map
    std::pair<const std::string, uint64_t>* entry = nullptr;
    LastDrop() = default;
    LastDrop(const LastDrop&) {}
    LastDrop& operator=(const LastDrop&) {
      entry = nullptr;
      return *this;
    }
  } last_drop_;
};

// One resource's use over a window, for results (the report's line as data).
struct ResourceUse {
  std::string name;
  double util_pct = 0;
  uint64_t ops = 0, bytes = 0, queue_hw = 0;
  std::map<std::string, uint64_t> drops;
  std::string queue_unit;  // what queue_hw counts; empty: no queue
};

// CPU time of one core by context level (mpstat's columns); idle is the rest.
struct CpuLoad {
  std::string name;
  sc_core::sc_time irq, soft, sys, usr;
  // Time not idle (what an RTOS's CPU load figure counts), as a % of `window`, at most 100.
  double busy_pct(const sc_core::sc_time& window) const {
    return std::min(100.0, 100.0 * (irq + soft + sys + usr).to_seconds() / window.to_seconds());
  }
  // One level's time (irq, soft, sys or usr) as a % of `window`. A context's
  // time is booked when its run ends, so a run that began before the window
  // can book more than the window holds: the levels are then scaled down
  // together to sum to busy_pct's 100.
  double level_pct(const sc_core::sc_time& level, const sc_core::sc_time& window) const {
    const double total = (irq + soft + sys + usr).to_seconds(), w = window.to_seconds();
    return 100.0 * level.to_seconds() / std::max(total, w);
  }
};

class StatsRegistry {
 public:
  // A running total a steady-state skip advances (SteadyState): a count or a
  // sum of time; a level (a high-water mark) must not change while the state recurs.
  struct Tally {
    uint64_t* count = nullptr;
    sc_core::sc_time* time = nullptr;
    bool level = false;
  };
  // Every total, in a fixed order (a new drop reason makes the list longer).
  void tallies(std::vector<Tally>& out);
  // Each resource's latest booking end, in registration order, and the same
  // moved by `by` where it differs from `before` (booked again since) or `booked` says so.
  std::vector<sc_core::sc_time> untils() const;
  void shift_untils(const std::vector<sc_core::sc_time>& before, const std::vector<bool>& booked,
                    const sc_core::sc_time& by);
  // Returns a stable pointer; registering a name twice returns the same record.
  ResourceStats* resource(const std::string& name);
  // Resources ranked by utilisation over `window`, which ends at `end`: their
  // busy time up to then (ResourceStats::busy_by); the first is the limiting one.
  std::string bottleneck_report(const sc_core::sc_time& window, const sc_core::sc_time& end) const;
  std::vector<ResourceUse> usage(const sc_core::sc_time& window, const sc_core::sc_time& end) const;
  // Zeroes every record (names and pointers stay): a measurement window starts.
  void reset();
  // Drops by "<resource>.<reason>", zero counts left out.
  std::map<std::string, uint64_t> drops_by_reason() const;
  // "place.reason=count ..." of the non-zero counts; "-" when there are none.
  static std::string drops_text(const std::map<std::string, uint64_t>& drops);
  // The same for what each count gained since `before`.
  static std::string drops_text(const std::map<std::string, uint64_t>& drops,
                                const std::map<std::string, uint64_t>& before);
  std::vector<const ResourceStats*> resources() const;
  // Name of the most utilised resource, empty when none was busy.
  std::string limiting() const;
  // Per-core load records, kept apart from the resources (a core's total is
  // its resource; these split it by level).
  CpuLoad* cpu_load(const std::string& name);
  // `mpstat -P ALL` over `window`: %usr %sys %irq %soft %idle per core and all;
  // empty when no core books load.
  std::string cpu_report(const sc_core::sc_time& window) const;

 private:
  std::vector<std::unique_ptr<ResourceStats>> items_;
  std::map<std::string, ResourceStats*> by_name_;
  std::vector<std::unique_ptr<CpuLoad>> loads_;
};

}  // namespace ws
