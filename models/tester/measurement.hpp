#pragma once
// The measurement a run makes with a TrafficTester, by tester.mode: `fixed`
// (one trial at tester.load_pct), `rfc2544` (the zero-loss throughput search)
// or `line_rate_size` (the smallest frame size carried at line rate: a binary
// search over multiples of tester.size_step_bytes). Each ends with a final
// trial that starts on an idle board with fresh statistics and ends when the
// board is idle again, so every frame is accounted for and every busy booking
// falls in its window, which the utilisation report covers. A search trial that
// ends with frames still in the board refuses the measurement (the next trial
// would count them). Analyzers plugged in see every trial and echo; the
// latency distribution is the first.
#include <systemc>
#include <functional>
#include <string>
#include <utility>
#include <vector>
#include "models/sim/column.hpp"
#include "models/sim/param.hpp"
#include "models/sim/scheduler.hpp"
#include "models/tester/latency_histogram.hpp"
#include "models/tester/rfc2544.hpp"
#include "models/tester/traffic_tester.hpp"

namespace ws::tester {

// What the board does with the tester's frames, in the words of the reports
// and column meanings ("N sent, N echoed"; "echo latency").
struct Returned {
  const char* participle;
  const char* noun;
};
inline constexpr Returned kEchoed{"echoed", "echo"};
inline constexpr Returned kForwarded{"forwarded", "forwarding"};

class Measurement {
 public:
  enum class Mode { Fixed, Rfc2544, LineRateSize };
  struct Config {
    Mode mode = Mode::Rfc2544;
    double load_pct = 100;            // fixed mode
    sc_core::sc_time trial;           // tester.trial_ms (the searches lengthen it: Rfc2544::trial_for)
    sc_core::sc_time drain;           // tester.drain_us
    double resolution_pct = 0.1;
    double loss_tolerance_pct = 0;
    uint32_t size_step_bytes = 8;     // line_rate_size
    uint32_t largest_frame = 1518;    // the largest frame the board's buffers hold
    double line_bits_per_s = 1e9;
  };
  static Config config(const ParamTable& p, uint32_t largest_frame, double line_bits_per_s);
  // The board's side: whether nothing is in progress anywhere in it, and a
  // fresh start of its statistics when the final trial begins.
  struct Board {
    std::function<bool()> idle;
    std::function<void()> window_starts;
  };
  struct Result {
    double line_rate_pct = 0;
    double line_rate_frame_bytes = 0;
    TrialResult window;     // the final trial, ended when the board was idle again
    sc_core::sc_time trial; // its sending time
    unsigned trials = 0;
    uint64_t errors = 0;    // invalid frames over every trial
    bool settled = true;    // the board went idle within 1 s (or tester.drain_us) of each wait (else it went on busy)
  };

  Measurement(const Config& cfg, TrafficTester& tester, Scheduler& sched, Board board);
  // An analyzer sees every trial and echo (the latency distribution is one).
  void add(Analyzer& a) {
    analyzers_.push_back(&a);
    tester_.add(a);
  }
  // Called, instead of going on, when a search trial did not drain.
  void on_refused(std::function<void(const TrialResult&)> f) { refused_ = std::move(f); }
  void start(const sc_core::sc_time& at);
  // Called when the measurement is done (a board whose software never runs
  // out of events stops the simulation here).
  void on_done(std::function<void()> f) { done_hook_ = std::move(f); }
  bool done() const { return done_; }
  const Result& result() const { return m_; }
  // The columns every echo measurement reports, for `ports` tester ports, in order.
  std::vector<std::pair<std::string, double>> metrics(unsigned ports) const;
  // Name, unit and meaning of every column metrics() may report (up to `ports` ports).
  static std::vector<Column> columns(unsigned ports, Returned how = kEchoed);
  // One line on the final trial, for the report.
  std::string window_report(Returned how = kEchoed) const;
  // Sending time of a trial of `bytes` frames: tester.trial_ms, lengthened in
  // the searches until an overload of one resolution step shows.
  sc_core::sc_time trial_time(uint32_t bytes) const;

 private:
  void count(const TrialResult& r, bool final);
  // `then` once the board is idle, or 1 s (or tester.drain_us, if longer) from
  // now if it never is (the result then says it did not settle: no wait is unbounded).
  void when_idle(std::function<void()> then);
  void poll_idle();
  void final_trial(double pct);
  void size_probe();

  Config cfg_;
  TrafficTester& tester_;
  Scheduler& sched_;
  Board board_;
  Rfc2544 rfc_;
  std::vector<Analyzer*> analyzers_;
  LatencyHistogram latency_;  // the final trial's latency distribution
  std::function<void(const TrialResult&)> refused_;
  std::function<void()> on_idle_;
  std::function<void()> done_hook_;
  sc_core::sc_time idle_deadline_;
  std::vector<uint32_t> sizes_;  // line_rate_size candidates; lo fails (or -1), hi passes (or past the end)
  int lo_ = -1, hi_ = 0;
  Result m_;
  bool final_ = false;  // the last trial runs: it may end with frames in the board, and reports them
  bool done_ = false;
};

}  // namespace ws::tester
