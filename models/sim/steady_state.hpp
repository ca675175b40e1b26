#pragma once
// Skipping a periodic steady state. A study that repeats one piece of work
// (a batch of DMA blocks of one size, over and over) settles into a state that
// recurs each period: the same events at the same offsets, every running total
// gaining the same amount. Once `kMatches` consecutive periods took the same
// time and changed every total by the same amounts (each level, a high-water
// mark, not at all), the run takes M more periods as done: each total gains M
// times its change per period, the owners move the skipped work's real bytes
// (on_skip), and every instant after the skip is reported M periods later
// (shifted). A tail of periods is then simulated as usual, so the run's end
// (the last TLPs, Acks and interrupts) is the model's own.
// Exact when the state truly recurs: the matched periods witness it for every
// total the run reports, and tests compare whole runs with the skip on and off.
// What it cannot witness it refuses: a random draw (bit errors) or a trace at
// event grain turns it off (sim.steady_skip=off forces the event-by-event run).
#include <systemc>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include "models/sim/param.hpp"
#include "models/sim/sim_time.hpp"
#include "models/sim/stats.hpp"

namespace ws {

// What a model's state is at a period's end, beyond its totals: counts and
// times relative to now (a server's next free time, a timer's deadline). A
// period recurs only when every model comes back to the same fingerprint.
class Fingerprint {
 public:
  explicit Fingerprint(std::vector<uint64_t>& v) : v_(v) {}
  void add(uint64_t v) { v_.push_back(v); }
  // An instant, as how far ahead of now it lies (0: past).
  void ahead(const sc_core::sc_time& t) { v_.push_back(t > now() ? (t - now()).value() : 0); }

 private:
  std::vector<uint64_t>& v_;
};

class SteadyState {
 public:
  static constexpr unsigned kMatches = 3;     // equal periods before a skip
  static constexpr unsigned kMaxStride = 128; // a period may span up to this many of the caller's
  static constexpr unsigned kTail = 1;        // periods always simulated after it

  // "sim.steady_skip": on (skip a recurring state) or off (every event simulated).
  static void declare_params(ParamTable& t);
  static bool wanted(const ParamTable& p) { return p.s("sim.steady_skip") == "on"; }

  // Off until enabled; `why_not`, when not empty, says why a wanted skip is refused.
  void enable(bool on, std::string why_not = {});
  bool enabled() const { return on_; }
  bool offered() const { return offered_; }  // enable() was called: the run has periods

  // What the skip advances: a running count, every total of `stats`.
  // A count whose value picks among `modulus` alike things (a request's channel)
  // gains only multiples of it, so the state after the skip is the one skipped
  // to; and never past `limit` (the work the run has: the skip takes fewer periods).
  void count(uint64_t& v, uint64_t modulus = 1, uint64_t limit = UINT64_MAX) {
    tallies_.push_back({&v, nullptr, false});
    moduli_.push_back(modulus);
    limits_.push_back(limit);
  }
  void stats(StatsRegistry& s) { stats_ = &s; }
  // Adds a model's state to each period's fingerprint.
  void state(std::function<void(Fingerprint&)> fn) { states_.push_back(std::move(fn)); }
  // Runs at a skip, before the totals gain, with the number of strides skipped
  // (an owner moves the skipped work's bytes; gain() says how much work that is).
  void on_skip(std::function<void(uint64_t periods)> fn) { on_skip_.push_back(std::move(fn)); }
  // During on_skip: what a counted total is about to gain.
  uint64_t gain(const uint64_t& v) const;

  // One of the caller's periods ends now, `periods_left` more to go in the run;
  // returns how many of them were skipped (0: none). The state may recur only
  // every few of the caller's periods (an Ack every 8 TLPs against 32 a period):
  // the shortest stride up to kMaxStride that recurs is the period. The work
  // itself must recur too: a stride is a multiple of `work_period`, the
  // caller's periods after which its work repeats (buffers whose place in a
  // page changes from block to block repeat only with the ring of buffers).
  uint64_t boundary(uint64_t periods_left, uint64_t work_period = 1);

  // When an instant of this run happens in the run without the skip.
  sc_core::sc_time shifted(const sc_core::sc_time& t) const { return skipped_ && t > at_ ? t + skipped_time_ : t; }
  // Before the stats are read: the latest booking end of every resource booked
  // after the skip, or booked in every stride (the full run booked it again in
  // its last), moves with the skip. Once: later bookings stay where they are.
  void close();

  uint64_t periods_skipped() const { return skipped_; }
  sc_core::sc_time skipped_time() const { return skipped_time_; }
  // One line for the report: what was skipped, or why nothing was.
  std::string summary() const;

 private:
  struct Sample {
    sc_core::sc_time at;
    std::vector<uint64_t> values;  // the totals
    std::vector<uint64_t> state;   // the fingerprint
    std::vector<uint64_t> ops;     // each resource's operations (which were booked in a stride)
  };
  std::vector<StatsRegistry::Tally> all_tallies() const;
  static uint64_t read(const StatsRegistry::Tally& t) { return t.count ? *t.count : t.time->value(); }
  bool recurs(size_t stride) const;

  bool on_ = false, offered_ = false;
  std::string why_not_;
  std::vector<StatsRegistry::Tally> tallies_;
  std::vector<uint64_t> moduli_, limits_;  // per counted tally
  StatsRegistry* stats_ = nullptr;
  std::vector<std::function<void(uint64_t)>> on_skip_;
  std::vector<std::function<void(Fingerprint&)>> states_;
  std::vector<uint64_t> gains_;  // per tally, during a skip
  std::vector<Sample> history_;  // the last kMatches x kMaxStride + 1 boundaries
  unsigned stride_ = 0;
  uint64_t work_period_ = 1;  // the last boundary's, for the report
  uint64_t skipped_ = 0;
  sc_core::sc_time at_, period_, skipped_time_;
  std::vector<sc_core::sc_time> untils_;  // each resource's latest booking end at the skip
  std::vector<bool> booked_;             // each resource: booked in the stride skipped
  bool closed_ = false;
};

}  // namespace ws
