// Trace events say what crossed: TLPs by type, length and tag, DLLPs by kind,
// Ethernet frames by kind and size; a sweep's traces are named after their points.
#include <gtest/gtest.h>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
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
