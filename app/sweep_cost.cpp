#include "app/sweep_cost.hpp"

#include <fmt/format.h>
#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <iostream>
#include "models/sim/param.hpp"

namespace ws {
namespace {

bool large(size_t points) { return points > kAskAbovePoints; }

// "1 h 48 min", "3 min 20 s", "12 s", "0.04 s".
std::string duration_text(double s) {
  if (s < 10) return fmt::format("{:.2g} s", s);
  const auto t = static_cast<long long>(std::llround(s));
  if (t >= 3600) return fmt::format("{} h {} min", t / 3600, t % 3600 / 60);
  if (t >= 60) return fmt::format("{} min {} s", t / 60, t % 60);
  return fmt::format("{} s", t);
}

}  // namespace

void require_consent_possible(size_t points, bool yes, const std::string& axes) {
  if (!large(points) || yes || (isatty(STDIN_FILENO) && isatty(STDERR_FILENO))) return;
  throw InputError(fmt::format(
      "sweep: {} makes {} points, more than {} to run without asking, and there is no terminal to ask; give --yes "
      "to run them (the first -j points are timed and the estimate for the rest printed first), or split them with "
      "--shard I/N",
      axes, points, kAskAbovePoints));
}

void confirm_sweep(size_t points, size_t timed, double wall_s, unsigned jobs, bool yes) {
  if (!large(points)) return;
  const size_t rest = points - timed;
  const double estimate = wall_s * std::ceil(double(rest) / jobs);
  std::cerr << fmt::format("sweep: {} points; the first {} took {} at -j {}: the other {} should take about {}", points,
                           timed, duration_text(wall_s), jobs, rest, duration_text(estimate));
  if (yes) {
    std::cerr << " (--yes)\n";
    return;
  }
  std::cerr << ". Run them? [y/N] ";
  std::string answer;
  std::getline(std::cin, answer);
  std::transform(answer.begin(), answer.end(), answer.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (answer != "y" && answer != "yes") throw InputError(fmt::format("sweep: not run ({} points not confirmed)", rest));
}

SweepProgress::SweepProgress(size_t total, size_t before)
    : total_(total), before_(before), tty_(isatty(STDERR_FILENO)), began_(std::chrono::steady_clock::now()) {}

void SweepProgress::point_done(size_t done) {
  if (total_ < 2 || (!tty_ && !large(total_))) return;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - began_).count();
  const double each = elapsed / double(done - before_);
  const std::string left =
      large(total_) && done < total_ ? fmt::format(", about {} left", duration_text(each * double(total_ - done))) : "";
  if (tty_) {
    std::cerr << fmt::format("\r[{}/{}] points done{}\033[K", done, total_, left) << (done == total_ ? "\n" : "");
    return;
  }
  // A log gets a line at each tenth.
  if (done * 10 / total_ != (done - 1) * 10 / total_)
    std::cerr << fmt::format("[{}/{}] points done, {} elapsed{}\n", done, total_, duration_text(elapsed), left);
}

}  // namespace ws
