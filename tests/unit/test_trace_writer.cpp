// TraceWriter: the file is valid trace-event JSON with named thread tracks.
#include <gtest/gtest.h>
#include <systemc>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include "models/sim/trace_writer.hpp"

using namespace sc_core;
using nlohmann::json;

namespace {

std::string temp_path(const std::string& name) {
  return (std::filesystem::path(testing::TempDir()) / name).string();
}

json load(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << path;
  return json::parse(in);  // throws on malformed JSON, failing the test
}

// tid of the thread_name record for `track`, or -1.
int tid_of(const json& events, const std::string& track) {
  for (auto& e : events)
    if (e["ph"] == "M" && e["name"] == "thread_name" && e["args"]["name"] == track) return e["tid"];
  return -1;
}

const json* find(const json& events, const std::string& ph, const std::string& name) {
  for (auto& e : events)
    if (e["ph"] == ph && e["name"] == name) return &e;
  return nullptr;
}

}  // namespace

TEST(TraceWriter, DisabledIsNoOpAndWritesNothing) {
  ws::TraceWriter tw("");
  EXPECT_FALSE(tw.enabled());
  tw.complete("t", "x", SC_ZERO_TIME, sc_time(1, SC_NS));
  tw.counter("t", "c", SC_ZERO_TIME, 1);
  tw.instant("t", "i", SC_ZERO_TIME);
  EXPECT_NO_THROW(tw.flush());
}

TEST(TraceWriter, EmitsEventsWithNamedTracks) {
  const std::string path = temp_path("ws_trace_events.json");
  std::filesystem::remove(path);
  {
    ws::TraceWriter tw(path);
    ASSERT_TRUE(tw.enabled());
    tw.complete("dma0", "read", sc_time(10, SC_NS), sc_time(5, SC_NS));
    tw.instant("dma0", "done", sc_time(15, SC_NS));
    tw.complete("link \"up\"", "tlp", sc_time(1, SC_US), sc_time(2, SC_NS));
    tw.counter("queue", "depth", sc_time(3, SC_NS), 7);
    tw.flush();

    const json doc = load(path);
    const json& ev = doc.at("traceEvents");
    ASSERT_TRUE(ev.is_array());

    const int dma = tid_of(ev, "dma0"), link = tid_of(ev, "link \"up\"");
    EXPECT_GT(dma, 0);
    EXPECT_GT(link, 0);
    EXPECT_NE(dma, link);
    EXPECT_EQ(tid_of(ev, "queue"), -1);  // counters are process-scoped, no thread row

    const json* rd = find(ev, "X", "read");
    ASSERT_NE(rd, nullptr);
    EXPECT_EQ((*rd)["tid"], dma);
    EXPECT_DOUBLE_EQ((*rd)["ts"].get<double>(), 0.010);
    EXPECT_DOUBLE_EQ((*rd)["dur"].get<double>(), 0.005);

    const json* tlp = find(ev, "X", "tlp");
    ASSERT_NE(tlp, nullptr);
    EXPECT_EQ((*tlp)["tid"], link);
    EXPECT_DOUBLE_EQ((*tlp)["ts"].get<double>(), 1.0);

    const json* done = find(ev, "i", "done");
    ASSERT_NE(done, nullptr);
    EXPECT_EQ((*done)["tid"], dma);
    EXPECT_DOUBLE_EQ((*done)["ts"].get<double>(), 0.015);

    const json* depth = find(ev, "C", "queue");
    ASSERT_NE(depth, nullptr);
    EXPECT_DOUBLE_EQ((*depth)["args"]["depth"].get<double>(), 7.0);
    EXPECT_DOUBLE_EQ((*depth)["ts"].get<double>(), 0.003);

    // One more event after flush: the destructor must rewrite the file with it.
    tw.instant("dma0", "late", sc_time(20, SC_NS));
  }
  EXPECT_NE(find(load(path).at("traceEvents"), "i", "late"), nullptr);
}

TEST(TraceWriter, BoundsStoredEventsAndSaysSo) {
  const std::string path = temp_path("ws_trace_bounded.json");
  ws::TraceWriter tw(path, 2);
  for (int i = 0; i < 5; ++i) tw.instant("t", "e", sc_time(i, SC_NS));
  EXPECT_EQ(tw.dropped(), 3u);
  testing::internal::CaptureStderr();
  tw.flush();
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_NE(said.find("trace " + path + ": stopped at its cap of 2 events (the last at 0.001 us); 3 later events"),
            std::string::npos) << said;
  const json doc = load(path);
  int stored = 0;
  for (auto& e : doc.at("traceEvents")) stored += e["ph"] == "i";
  EXPECT_EQ(stored, 2);
  const auto& s = ws::TraceWriter::last_written();
  EXPECT_EQ(s.path, path);
  EXPECT_EQ(s.events, 2u);
  EXPECT_EQ(s.dropped, 3u);
  EXPECT_EQ(s.cap, 2u);
}

TEST(TraceWriter, EventsCarryTheirArgs) {
  const std::string path = temp_path("ws_trace_args.json");
  {
    ws::TraceWriter tw(path);
    tw.complete("link", "MRd 512B tag 3", SC_ZERO_TIME, sc_time(1, SC_NS), {{"kind", "MRd"}, {"tag", 3}, {"seq", 4095}});
    tw.instant("rx", "frame \"7\"", sc_time(2, SC_NS), {{"queue", "q\"1"}});
    tw.complete("link", "plain", SC_ZERO_TIME, sc_time(1, SC_NS));
  }
  const json ev = load(path).at("traceEvents");
  const json* mrd = find(ev, "X", "MRd 512B tag 3");
  ASSERT_NE(mrd, nullptr);
  EXPECT_EQ((*mrd)["args"], (json{{"kind", "MRd"}, {"tag", 3}, {"seq", 4095}}));
  const json* frame = find(ev, "i", "frame \"7\"");
  ASSERT_NE(frame, nullptr);
  EXPECT_EQ((*frame)["args"]["queue"], "q\"1") << "escaped";
  EXPECT_FALSE(find(ev, "X", "plain")->contains("args"));
}

TEST(TraceWriter, WriteFailureNamesThePath) {
  const std::string path = "/nonexistent-ws-dir/trace.json";
  ws::TraceWriter tw(path);
  tw.instant("t", "e", SC_ZERO_TIME);
  try {
    tw.flush();
    FAIL() << "flush should throw";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}
