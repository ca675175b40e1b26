// The Cpu's interrupt inputs: priorities, latched or queued assertions, the
// mask and enables, and which input the core takes next.
#include "models/cpu/cpu.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <stdexcept>

namespace ws {

void Cpu::set_line_priority(unsigned line, unsigned priority) {
  if (priority == 0) throw std::logic_error(fmt::format("{}: interrupt priority 0 is the task level", name()));
  if (line >= lines_.size()) lines_.resize(line + 1);
  lines_[line].priority = priority;
}

void Cpu::set_line_queued(unsigned line, bool queued) {
  if (line >= lines_.size()) lines_.resize(line + 1);
  lines_[line].queued = queued;
}

void Cpu::raise(unsigned line, const sc_core::sc_time& at) {
  if (line >= lines_.size()) lines_.resize(line + 1);
  Input& in = lines_[line];
  if (in.queued) in.arrivals.insert(std::upper_bound(in.arrivals.begin(), in.arrivals.end(), at), at);
  if (!in.pending || at < in.asserted_at) in.asserted_at = at;
  pending_lines_ += !in.pending;
  in.pending = true;
  if (on_raise) on_raise(line, at);
}

void Cpu::lower(unsigned line) {
  if (line >= lines_.size()) return;
  pending_lines_ -= lines_[line].pending;
  lines_[line].pending = false;
  lines_[line].arrivals.clear();
}

void Cpu::set_line_enabled(unsigned line, bool enabled) {
  if (line >= lines_.size()) lines_.resize(line + 1);
  lines_[line].enabled = enabled;
  if (enabled) notify_pending();
}

void Cpu::set_mask(unsigned level) {
  const bool lowered = level < mask_;
  mask_ = level;
  if (lowered) notify_pending();
}

void Cpu::notify_pending() {
  if (!on_raise) return;
  for (unsigned line = 0; line < lines_.size(); ++line) {
    const Input& in = lines_[line];
    if (in.pending && in.enabled && in.priority > mask_) on_raise(line, in.asserted_at);
  }
}

int Cpu::due_line(unsigned level) const {
  const unsigned n = unsigned(lines_.size());
  if (pending_lines_ == 0) return -1;
  level = std::max(level, mask_);
  const sc_core::sc_time t = now();
  int best = -1;
  // Round robin from next_line_ (asked at every dispatch: no division a line).
  for (unsigned i = 0, line = next_line_ % n; i < n; ++i, line = line + 1 == n ? 0 : line + 1) {
    const Input& in = lines_[line];
    if (!in.pending || !in.enabled || in.asserted_at > t || in.priority <= level) continue;
    if (best < 0 || in.priority > lines_[unsigned(best)].priority) best = int(line);
  }
  return best;
}

void Cpu::acknowledge(unsigned line) {
  Input& in = lines_.at(line);
  next_line_ = line + 1;
  if (in.queued && in.arrivals.size() > 1) {
    in.arrivals.pop_front();
    in.asserted_at = in.arrivals.front();
    return;
  }
  pending_lines_ -= in.pending;
  in.pending = false;
  in.arrivals.clear();
}

sc_core::sc_time Cpu::next_assertion() const {
  sc_core::sc_time next = sc_core::SC_ZERO_TIME;
  bool any = false;
  if (pending_lines_ == 0) return next;
  for (const Input& in : lines_)
    if (in.pending && in.asserted_at > now() && (!any || in.asserted_at < next)) {
      next = in.asserted_at;
      any = true;
    }
  return next;
}

bool Cpu::any_pending() const { return pending_lines_ > 0; }

}  // namespace ws
