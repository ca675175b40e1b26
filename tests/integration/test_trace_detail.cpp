// Trace events say what crossed: TLPs by type, length and tag, DLLPs by kind,
// Ethernet frames by kind and size; a sweep's traces are named after their points.
#include <gtest/gtest.h>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <vector>
#include "tests/integration/cli_runner.hpp"

namespace ws::test {
namespace {

std::set<std::string> names(const std::string& trace) {
  std::set<std::string> out;
  const auto doc = nlohmann::json::parse(slurp(trace));  // kept: a range-for would not extend its life
  for (auto& e : doc["traceEvents"])
    if (e.value("ph", "") == "X") out.insert(e.value("name", ""));
  return out;
}

bool any_starting(const std::set<std::string>& s, const std::string& prefix) {
  for (auto& n : s)
    if (n.rfind(prefix, 0) == 0) return true;
  return false;
}

TEST(TraceDetail, PcieEventsNameTheTlpTypeLengthAndTagAndTheDllpKind) {
  const std::string base = testing::TempDir() + "ws_trace_detail";
  const auto path = write_file("trace_detail.yaml", scenario("  dma.blocks: 4\n  dma.block_bytes: 1024\n"));
  const auto r = wirespeed("run " + path + " --sweep dma.op=write,read --trace " + base + ".json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto writes = names(base + ".dma.op=write.json"), reads = names(base + ".dma.op=read.json");
  EXPECT_TRUE(writes.count("MWr 256B")) << "a 1 KB block is four 256 B MWr";
  EXPECT_TRUE(writes.count("Ack"));
  EXPECT_TRUE(any_starting(writes, "UpdateFC-"));
  EXPECT_TRUE(any_starting(reads, "MRd 512B tag ")) << "MRRS 512";
  EXPECT_TRUE(any_starting(reads, "CplD 256B tag "));
  EXPECT_FALSE(std::filesystem::exists(base + ".0.json")) << "point files are named after their values";
}

// The spans of `name` in a trace file, with their args.
std::vector<nlohmann::json> spans(const std::string& trace, const std::string& name) {
  std::vector<nlohmann::json> out;
  const auto doc = nlohmann::json::parse(slurp(trace));
  for (auto& e : doc["traceEvents"])
    if (e.value("ph", "") == "X" && e.value("name", "") == name) out.push_back(e);
  return out;
}

TEST(TraceDetail, TlpsCarryKindTagAndSequenceNumber) {
  const std::string trace = testing::TempDir() + "ws_trace_args.json";
  const auto path = write_file("trace_args.yaml", scenario("  dma.blocks: 2\n  dma.block_bytes: 1024\n  dma.op: read\n"));
  ASSERT_EQ(wirespeed("run " + path + " --trace " + trace).code, 0);
  const auto cpl = spans(trace, "CplD 256B tag 0");
  ASSERT_FALSE(cpl.empty());
  EXPECT_EQ(cpl[0]["args"]["kind"], "CplD");
  EXPECT_EQ(cpl[0]["args"]["tag"], 0);
  EXPECT_EQ(cpl[0]["args"]["bytes"], 256);
  EXPECT_TRUE(cpl[0]["args"]["seq"].is_number_integer());
  const auto acks = spans(trace, "Ack");
  ASSERT_FALSE(acks.empty());
  EXPECT_TRUE(acks[0]["args"]["seq"].is_number_integer());
}

// A TLP a bit error hit is traced as it was sent and marked: its wire bytes
// need not parse (issue 37: with pcie.lcrc_error_rate=0.05 --trace ended in an
// uncaught "TLP length field disagrees with its size").
TEST(TraceDetail, ATlpHitByABitErrorIsTracedAsSentAndMarked) {
  const std::string trace = testing::TempDir() + "ws_trace_lcrc.json";
  const auto path = write_file("trace_lcrc.yaml", scenario("  dma.blocks: 64\n  pcie.lcrc_error_rate: 0.05\n"));
  const auto r = wirespeed("run " + path + " --trace " + trace);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::json::parse(slurp(trace));
  int marked = 0;
  for (auto& e : doc["traceEvents"])
    if (e.contains("args") && e["args"].contains("lcrc_error")) {
      ++marked;
      EXPECT_EQ(e.value("name", ""), "MWr 256B") << "named as sent";
    }
  EXPECT_GT(marked, 0);
}

// The kernel's slices are named after their context (a thread's, a handler's),
// never "step"; frames carry their number and ports.
TEST(TraceDetail, KernelSlicesNameTheirContextAndFramesCarryTheirNumber) {
  const std::string trace = testing::TempDir() + "ws_trace_kernel.json";
  const std::string s5 = std::string(WS_SOURCE_DIR) + "/workloads/iperf/scenarios/s5_final.yaml";
  const auto r = wirespeed("run " + s5 + " --set iperf.seconds=0.2 --sweep iperf.dir=tx --sweep iperf.proto=tcp --trace " + trace);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto n = names(trace);
  EXPECT_FALSE(n.count("step"));
  EXPECT_TRUE(n.count("tcpip")) << "lwIP's thread";
  EXPECT_TRUE(n.count("iperf"));
  const auto tcp = spans(trace, "TCP 1518B");
  ASSERT_FALSE(tcp.empty());
  EXPECT_GT(tcp[0]["args"]["frame"].get<int>(), 0);
  EXPECT_EQ(tcp[0]["args"]["dst_port"], 5201) << "iperf3's port";
  EXPECT_TRUE(tcp[0]["args"]["tcp_seq"].is_number_integer());
}

// A trace that reaches its cap says so: on stderr and in run.json.
TEST(TraceDetail, ATraceAtItsCapSaysSo) {
  const std::string dir = testing::TempDir() + "ws_trace_cap";
  std::filesystem::remove_all(dir);
  const std::string trace = testing::TempDir() + "ws_trace_cap.json";
  const auto path = write_file("trace_cap.yaml", scenario("  dma.blocks: 8\n"));
  const auto r = wirespeed("run " + path + " --trace " + trace + " --trace-cap 100 --out " + dir);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("trace " + trace + ": stopped at its cap of 100 events"), std::string::npos) << r.err;
  const auto run = nlohmann::json::parse(slurp(dir + "/run.json"));
  const auto& t = run["points"][0]["trace"];
  EXPECT_EQ(t["events"], 100);
  EXPECT_EQ(t["cap"], 100);
  EXPECT_GT(t["dropped"].get<int>(), 0);
  EXPECT_EQ(t["file"], trace);
  const auto whole = wirespeed("run " + path + " --trace " + trace + " --out " + dir + " --replace");
  ASSERT_EQ(whole.code, 0) << whole.err;
  EXPECT_EQ(whole.err.find("cap"), std::string::npos) << whole.err;
  EXPECT_EQ(nlohmann::json::parse(slurp(dir + "/run.json"))["points"][0]["trace"]["dropped"], 0);
}

TEST(TraceDetail, EthernetEventsNameTheFrameKindAndSize) {
  const std::string trace = testing::TempDir() + "ws_trace_eth.json";
  const std::string echo = std::string(WS_SOURCE_DIR) + "/workloads/udp_echo/scenarios/echo_64b.yaml";
  const auto r = wirespeed("run " + echo + " --set tester.mode=fixed --set tester.load_pct=10 --set tester.trial_ms=2 --trace " + trace);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto n = names(trace);
  EXPECT_TRUE(n.count("UDP 64B"));
  EXPECT_TRUE(n.count("ARP 64B")) << "the tester's ARP request and the board's reply";
}

}  // namespace
}  // namespace ws::test
