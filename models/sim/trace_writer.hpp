#pragma once
// TraceWriter: Chrome/Perfetto trace-event JSON ("traceEvents" array) so a run can
// be inspected on a timeline in ui.perfetto.dev. Each track becomes a named thread.
#include <systemc>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace ws {

class TraceWriter {
 public:
  // Empty path disables tracing: every call returns at once. Events beyond
  // max_events are counted in dropped() instead of stored, bounding memory
  // (each stored event costs ~32 bytes).
  explicit TraceWriter(std::string path, size_t max_events = size_t{1} << 22);
  ~TraceWriter();
  TraceWriter(const TraceWriter&) = delete;
  TraceWriter& operator=(const TraceWriter&) = delete;

  bool enabled() const { return !path_.empty(); }
  uint64_t dropped() const { return dropped_; }

  // A span [start, start+dur) on `track` ("ph":"X").
  void complete(const std::string& track, const std::string& name, sc_core::sc_time start, sc_core::sc_time dur);
  // A sample of series `name` in the counter track `track` ("ph":"C").
  void counter(const std::string& track, const std::string& name, sc_core::sc_time t, double value);
  // A point event on `track` ("ph":"i").
  void instant(const std::string& track, const std::string& name, sc_core::sc_time t);

  // Writes the whole file (rewriting it on each call); throws std::runtime_error
  // naming the path on failure. The destructor flushes too but only reports errors.
  void flush();

 private:
  // Strings are interned so an event stores two indices, not two strings.
  struct Event {
    double ts_us;
    double arg;  // dur_us for 'X', value for 'C'
    uint32_t track;
    uint32_t name;
    char ph;
  };
  uint32_t intern(const std::string& s);
  void add(char ph, const std::string& track, const std::string& name, sc_core::sc_time t, double arg);

  std::string path_;
  size_t max_events_;
  uint64_t dropped_ = 0;
  bool unwritten_ = false;  // events added since the last flush
  std::vector<Event> events_;
  std::vector<std::string> strings_;  // already JSON-escaped and quoted
  std::unordered_map<std::string, uint32_t> ids_;
  // Per string id: its thread id once used as a span/instant track, else 0.
  // Counter tracks get none: Chrome scopes counters to the process, and a
  // thread_name for them would only add an empty thread row.
  std::vector<uint32_t> tid_;
  uint32_t threads_ = 0;
};

}  // namespace ws
