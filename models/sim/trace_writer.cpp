#include "models/sim/trace_writer.hpp"

#include <climits>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace ws {

namespace {
constexpr int kPid = 1;
// Integer tick ratio, so 15 ns prints as 0.015 rather than 0.015000000000000001.
double to_us(const sc_core::sc_time& t) { return t / sc_core::sc_time(1, sc_core::SC_US); }

size_t& cap_setting() {
  static size_t cap = size_t{1} << 22;
  return cap;
}

TraceWriter::Summary& last_summary() {
  static TraceWriter::Summary last;
  return last;
}
}  // namespace

TraceWriter::Arg::Arg(const char* key, int64_t value) : json(nlohmann::json(key).dump() + ":" + std::to_string(value)) {}
TraceWriter::Arg::Arg(const char* key, std::string_view value)
    : json(nlohmann::json(key).dump() + ":" + nlohmann::json(std::string(value)).dump()) {}

size_t TraceWriter::default_cap() { return cap_setting(); }
void TraceWriter::set_default_cap(size_t events) { cap_setting() = events; }
const TraceWriter::Summary& TraceWriter::last_written() { return last_summary(); }

TraceWriter::TraceWriter(std::string path, size_t max_events) : path_(std::move(path)), max_events_(max_events) {}

TraceWriter::~TraceWriter() {
  if (!enabled() || !unwritten_) return;
  try {
    flush();
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";  // destructors must not throw
  }
}

uint32_t TraceWriter::intern(const std::string& s) {
  auto [it, fresh] = ids_.try_emplace(s, static_cast<uint32_t>(strings_.size()));
  if (fresh) {
    strings_.push_back(nlohmann::json(s).dump());
    tid_.push_back(0);
  }
  return it->second;
}

void TraceWriter::add(char ph, const std::string& track, const std::string& name, sc_core::sc_time t, double arg,
                      Args args) {
  if (!enabled()) return;
  unwritten_ = true;
  // Offsets into args_ are 32 bits: its end bounds the trace as the cap does.
  if (events_.size() >= max_events_ || args_.size() >= UINT32_MAX - 4096) {
    ++dropped_;
    return;
  }
  const uint32_t tr = intern(track);
  if (ph != 'C' && tid_[tr] == 0) tid_[tr] = ++threads_;
  uint32_t at = 0;
  if (args.size()) {
    at = uint32_t(args_.size() + 1);
    args_ += '{';
    for (const Arg& a : args) args_ += (args_.back() == '{' ? "" : ",") + a.json;
    args_ += std::string_view("}\0", 2);
  }
  events_.push_back(Event{to_us(t), arg, tr, intern(name), at, ph});
}

void TraceWriter::complete(const std::string& track, const std::string& name, sc_core::sc_time start,
                           sc_core::sc_time dur, Args args) {
  add('X', track, name, start, to_us(dur), args);
}

void TraceWriter::counter(const std::string& track, const std::string& name, sc_core::sc_time t, double value) {
  add('C', track, name, t, value, {});
}

void TraceWriter::instant(const std::string& track, const std::string& name, sc_core::sc_time t, Args args) {
  add('i', track, name, t, 0.0, args);
}

void TraceWriter::flush() {
  if (!enabled()) return;
  unwritten_ = false;  // one attempt per batch of events, so a failure is reported once
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path_.c_str(), "w"), &std::fclose);
  if (!f) throw std::runtime_error("TraceWriter: cannot open " + path_);

  fmt::memory_buffer buf;
  auto out = std::back_inserter(buf);
  fmt::format_to(out, "{{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
  fmt::format_to(out, "{{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":{},\"args\":{{\"name\":\"wirespeed\"}}}}",
                 kPid);
  for (size_t i = 0; i < strings_.size(); ++i)
    if (tid_[i])
      fmt::format_to(out, ",\n{{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":{},\"tid\":{},\"args\":{{\"name\":{}}}}}",
                     kPid, tid_[i], strings_[i]);
  bool ok = true;
  for (const Event& e : events_) {
    const std::string& name = strings_[e.name];
    const std::string& track = strings_[e.track];
    const char* args = e.args ? args_.c_str() + e.args - 1 : nullptr;
    switch (e.ph) {
      case 'X':
        fmt::format_to(out, ",\n{{\"ph\":\"X\",\"name\":{},\"pid\":{},\"tid\":{},\"ts\":{},\"dur\":{}", name, kPid,
                       tid_[e.track], e.ts_us, e.arg);
        break;
      case 'C':
        // Chrome keys counter tracks by event name and plots each args key as a
        // series, so the track is the name and `name` the series. JSON has no NaN.
        fmt::format_to(out, ",\n{{\"ph\":\"C\",\"name\":{},\"pid\":{},\"ts\":{},\"args\":{{{}:{}}}}}", track,
                       kPid, e.ts_us, name, std::isfinite(e.arg) ? e.arg : 0.0);
        break;
      default:
        fmt::format_to(out, ",\n{{\"ph\":\"i\",\"s\":\"t\",\"name\":{},\"pid\":{},\"tid\":{},\"ts\":{}", name,
                       kPid, tid_[e.track], e.ts_us);
    }
    if (e.ph != 'C') fmt::format_to(out, "{}{}}}", args ? ",\"args\":" : "", args ? args : "");
    // Stream in chunks so the text never holds the whole trace at once.
    if (buf.size() > (1u << 20)) {
      ok = ok && std::fwrite(buf.data(), 1, buf.size(), f.get()) == buf.size();
      buf.clear();
    }
  }
  fmt::format_to(out, "\n]}}\n");
  ok = ok && std::fwrite(buf.data(), 1, buf.size(), f.get()) == buf.size();
  ok = (std::fclose(f.release()) == 0) && ok;
  if (!ok) throw std::runtime_error("TraceWriter: failed writing " + path_);
  last_summary() = Summary{path_, events_.size(), dropped_, max_events_};
  if (dropped_)
    std::cerr << fmt::format("trace {}: stopped at its cap of {} events (the last at {:.3f} us); {} later events were "
                             "dropped\n", path_, max_events_, events_.empty() ? 0.0 : events_.back().ts_us, dropped_);
}

}  // namespace ws
