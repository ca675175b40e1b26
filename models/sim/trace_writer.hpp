#pragma once
// TraceWriter: Chrome/Perfetto trace-event JSON ("traceEvents" array) so a run can
// be inspected on a timeline in ui.perfetto.dev. Each track becomes a named thread.
#include <systemc>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ws {

class TraceWriter {
 public:
  // One entry of an event's "args" (Perfetto shows them with the slice): a number or a text.
  struct Arg {
    Arg(const char* key, int64_t value);
    Arg(const char* key, std::string_view value);
    std::string json;  // "key":value, escaped
  };
  using Args = std::initializer_list<Arg>;

  // What a trace held when it was last written.
  struct Summary {
    std::string path;
    uint64_t events = 0, dropped = 0, cap = 0;
  };

  // Empty path disables tracing: every call returns at once. Events beyond
  // max_events are counted in dropped() instead of stored, bounding memory
  // (each stored event costs ~32 bytes, plus its args' text); a trace that hit
  // its cap says so on stderr when it is written.
  explicit TraceWriter(std::string path, size_t max_events = default_cap());
  ~TraceWriter();
  TraceWriter(const TraceWriter&) = delete;
  TraceWriter& operator=(const TraceWriter&) = delete;

  bool enabled() const { return !path_.empty(); }
  uint64_t dropped() const { return dropped_; }

  // A span [start, start+dur) on `track` ("ph":"X").
  void complete(const std::string& track, const std::string& name, sc_core::sc_time start, sc_core::sc_time dur,
                Args args = {});
  // A sample of series `name` in the counter track `track` ("ph":"C").
  void counter(const std::string& track, const std::string& name, sc_core::sc_time t, double value);
  // A point event on `track` ("ph":"i").
  void instant(const std::string& track, const std::string& name, sc_core::sc_time t, Args args = {});

  // Writes the whole file (rewriting it on each call); throws std::runtime_error
  // naming the path on failure. The destructor flushes too but only reports errors.
  void flush();

  // The cap of writers made without one (the CLI's --trace-cap sets it before
  // a point's process is forked).
  static size_t default_cap();
  static void set_default_cap(size_t events);
  // The trace this process wrote last, as flushed (path empty: none); a
  // point's process reports it.
  static const Summary& last_written();

 private:
  // Strings are interned so an event stores two indices, not two strings.
  struct Event {
    double ts_us;
    double arg;  // dur_us for 'X', value for 'C'
    uint32_t track;
    uint32_t name;
    uint32_t args;  // 1 + offset of its args' text in args_, 0 for none
    char ph;
  };
  uint32_t intern(const std::string& s);
  void add(char ph, const std::string& track, const std::string& name, sc_core::sc_time t, double arg, Args args);

  std::string path_;
  size_t max_events_;
  uint64_t dropped_ = 0;
  bool unwritten_ = false;  // events added since the last flush
  std::vector<Event> events_;
  std::string args_;  // every event's args object, each ending in '\0'
  std::vector<std::string> strings_;  // already JSON-escaped and quoted
  std::unordered_map<std::string, uint32_t> ids_;
  // Per string id: its thread id once used as a span/instant track, else 0.
  // Counter tracks get none: Chrome scopes counters to the process, and a
  // thread_name for them would only add an empty thread row.
  std::vector<uint32_t> tid_;
  uint32_t threads_ = 0;
};

}  // namespace ws
