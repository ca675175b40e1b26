#pragma once
// What a large sweep costs, said before it runs. Above kAskAbovePoints points
// (of this run: its shard's) `run` times the first -j points, prints what the
// rest should take at that pace, and goes on only with --yes or a "y" typed at
// a terminal; with no terminal to ask (stdin or stderr redirected) and no
// --yes it refuses at once (exit 2), before anything runs or is written. Its
// progress shows on a terminal as one line rewritten in place, in a log
// (stderr not a terminal) as a line at every tenth of a large sweep.
#include <chrono>
#include <cstddef>
#include <string>

namespace ws {

constexpr size_t kAskAbovePoints = 1000;

// Refuses (InputError) a sweep of `points` above the threshold that nobody can
// be asked about; `axes` names its axes and sizes.
void require_consent_possible(size_t points, bool yes, const std::string& axes);
// After the first `timed` of `points` took `wall_s` at `jobs` at a time: says
// what the rest should take and, unless `yes`, asks; InputError when declined.
void confirm_sweep(size_t points, size_t timed, double wall_s, unsigned jobs, bool yes);

// From now on, with `before` of `total` points already done (the timed ones).
class SweepProgress {
 public:
  SweepProgress(size_t total, size_t before);
  void point_done(size_t done);  // `done` points of `total` have finished

 private:
  size_t total_, before_;
  bool tty_;
  std::chrono::steady_clock::time_point began_;
};

}  // namespace ws
