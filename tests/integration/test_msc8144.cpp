// End-to-end checks of the MSC8144 UDP echo platform: below its limit every frame
// comes back intact (the tester's analyzer checks addresses, ports, checksums and
// payload); above it every lost frame is a drop counted by reason; every
// dispatch mode and core/UEC layout runs; pcaps are valid for tshark.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "app/point_runner.hpp"
#include "platforms/platform.hpp"
#include "tests/integration/cli_runner.hpp"
#include "tests/integration/point_result.hpp"

namespace {

using ws::test::metric;

using Settings = std::vector<std::pair<std::string, std::string>>;

// One fixed-load trial of 2 ms with the platform defaults plus `s`.
ws::PointOutcome run(const Settings& s) {
  ws::Point pt;
  pt.platform = ws::find_platform("msc8144");
  pt.platform->declare(pt.params);
  pt.params.set("tester.mode", "fixed", "test");
  pt.params.set("tester.trial_ms", "2", "test");
  for (const auto& [k, v] : s) pt.params.set(k, v, "test");
  return ws::run_points({pt}, 1).at(0);
}

void expect_all_echoed(const Settings& s) {
  const auto o = run(s);
  ASSERT_TRUE(o.ok) << o.error;
  EXPECT_GT(metric(o, "sent"), 100);
  EXPECT_EQ(metric(o, "lost"), 0) << o.result.report;
  EXPECT_EQ(metric(o, "dropped"), 0) << o.result.report;
  EXPECT_EQ(o.result.integrity_errors, 0u);
}

}  // namespace

TEST(Msc8144, BelowTheLimitEveryFrameComesBackIntact) { expect_all_echoed({{"tester.load_pct", "10"}}); }

TEST(Msc8144, LargeFramesWithUdpChecksumsOnBothSides) {
  expect_all_echoed({{"tester.load_pct", "80"}, {"tester.frame_bytes", "1518"}, {"app.udp_checksum", "on"}, {"tester.trial_ms", "4"}});
}

TEST(Msc8144, FourCoresTwoUecsTwoChannelsEach) {
  expect_all_echoed({{"tester.load_pct", "10"}, {"app.cores", "4"}, {"app.channels_per_core", "2"}, {"qe.uecs", "2"}});
}

TEST(Msc8144, Mpc82xxModeOneCoreTwoUecs) {
  expect_all_echoed({{"tester.load_pct", "5"}, {"qe.parse_mode", "mpc82xx"}, {"qe.uecs", "2"},
                     {"app.channels_per_core", "2"}, {"app.udp_send", "connect"}});
}

TEST(Msc8144, BuffersInDdrAndM2) {
  expect_all_echoed({{"tester.load_pct", "10"}, {"app.buffers", "ddr"}});
  expect_all_echoed({{"tester.load_pct", "10"}, {"app.buffers", "m2"}});
}

// A Tx ring smaller than a burst queues the rest in the driver, and the ring's
// interrupt sends them when nothing else is sent (issue 37: with four cores the
// four ARP replies came as one burst on queue 0's 2-BD ring and two were lost).
TEST(Msc8144, ASmallTxRingQueuesABurstAndLosesNone) {
  expect_all_echoed({{"tester.load_pct", "10"}, {"uec1.tx_bds", "2"}, {"app.cores", "4"}, {"qe.tx_risc_cycles", "2000"}});
}

TEST(Msc8144, AboveTheLimitEveryLostFrameIsACountedDrop) {
  const auto o = run({{"tester.load_pct", "100"}});
  ASSERT_TRUE(o.ok) << o.error;
  EXPECT_GT(metric(o, "lost"), 0);
  EXPECT_EQ(metric(o, "lost"), metric(o, "dropped")) << o.result.report;
  EXPECT_EQ(metric(o, "in_flight"), 0) << "the trial ends when the board has drained";
  EXPECT_LT(metric(o, "line_rate_pct"), 50) << "fixed mode reports what came back, not the offered 100 %";
  EXPECT_DOUBLE_EQ(metric(o, "line_rate_pct"), metric(o, "port0_line_rate_pct"));
  EXPECT_NE(o.result.report.find("rx_ring_full"), std::string::npos) << o.result.report;
  EXPECT_EQ(o.result.integrity_errors, 0u) << "overload loses frames, never corrupts them";
  ASSERT_FALSE(o.result.resources.empty());
  EXPECT_EQ(o.result.resources.front().name, "core0") << "the limiting resource";
  ASSERT_EQ(o.result.labels.size(), 1u);
  EXPECT_EQ(o.result.labels[0].first, "drops");
  EXPECT_NE(o.result.labels[0].second.find("uec1.rx_ring_full="), std::string::npos) << o.result.labels[0].second;
}

TEST(Msc8144, KnobsMoveTheThroughputTheWayTheirMechanismSays) {
  auto pct = [](const Settings& s) {
    Settings all = {{"tester.mode", "rfc2544"}, {"tester.trial_ms", "2"}, {"tester.resolution_pct", "0.5"}};
    all.insert(all.end(), s.begin(), s.end());
    const auto o = run(all);
    EXPECT_TRUE(o.ok) << o.error;
    return metric(o, "line_rate_pct");
  };
  const double base = pct({});
  EXPECT_GT(pct({{"soc.core_mhz", "1200"}}), base) << "a faster core shortens the software path";
  EXPECT_LT(pct({{"soc.core_mhz", "1000"}, {"soc.m3_mhz", "200"}}), base) << "a slower M3 lengthens each miss";
  EXPECT_GT(pct({{"app.udp_send", "connect"}}), base) << "udpConnect skips the per-call destination checks";
  EXPECT_GT(pct({{"app.cores", "2"}, {"app.channels_per_core", "1"}}), base) << "two cores serve two streams";
}

TEST(Msc8144, SameSeedSameCsv) {
  const std::string scenario = ws::test::write_file("ws_msc8144_det.yaml",
                                                    "platform: msc8144\nworkload: udp_echo\nparams:\n"
                                                    "  tester.trial_ms: 1\n  app.cores: 2\n");
  const auto a = ws::test::wirespeed("run " + scenario + " --format csv");
  const auto b = ws::test::wirespeed("run " + scenario + " --format csv");
  ASSERT_EQ(a.code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
}

TEST(Msc8144, BadConfigurationNamesTheKey) {
  const std::string scenario = ws::test::write_file("ws_msc8144_bad.yaml",
                                                    "platform: msc8144\nworkload: udp_echo\nparams:\n"
                                                    "  qe.parse_mode: mpc82xx\n  app.cores: 2\n");
  const auto r = ws::test::wirespeed("run " + scenario);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("qe.parse_mode"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("app.cores"), std::string::npos) << r.err;
  const auto range = ws::test::wirespeed("run " + scenario + " --set app.cores=5");
  EXPECT_EQ(range.code, 2);
  EXPECT_NE(range.err.find("app.cores"), std::string::npos) << range.err;
  const std::string good = ws::test::write_file("ws_msc8144_good.yaml", "platform: msc8144\nworkload: udp_echo\n");
  for (const auto& [set, key] : std::vector<std::pair<std::string, std::string>>{
           {"--set qe.uecs=2", "qe.uecs"},                       // a second port without a channel
           {"--set uec0.rx_bds=8", "uec0.rx_bds"},               // UEC0 is not in use
           {"--set core.l1d_kb=48", "core.l1d_kb"},              // 48 KB / (8 x 256 B) = 24 sets
           {"--set tester.mode=fixed --set tester.trial_ms=0.1 --set tester.frame_bytes=256", "tester.trial_ms"},  // the ring holds the trial
           {"--set uec1.rx_buffer_bytes=1000", "uec1.rx_buffer_bytes"}}) {
    const auto bad = ws::test::wirespeed("run " + good + " " + set);
    EXPECT_EQ(bad.code, 2) << set;
    EXPECT_NE(bad.err.find(key), std::string::npos) << set << ": " << bad.err;
  }
}

TEST(Msc8144, LineRateSizeSearchStopsAtTheRxBuffer) {
  const auto o = run({{"tester.mode", "line_rate_size"}, {"uec1.rx_buffer_bytes", "512"}, {"app.udp_send", "connect"},
                      {"tester.trial_ms", "2"}});
  ASSERT_TRUE(o.ok) << o.error;
  EXPECT_GT(metric(o, "line_rate_frame_bytes"), 256) << "R3 is below line rate at 256 B";
  EXPECT_LE(metric(o, "line_rate_frame_bytes"), 512);
}

// Wireshark's dissectors read the capture: every frame is Ethernet/IPv4/UDP or
// ARP, none is malformed, and no IP or UDP checksum is bad.
TEST(Msc8144, PcapOpensInTsharkWithValidUdp) {
  if (std::system("command -v tshark >/dev/null 2>&1") != 0) GTEST_SKIP() << "tshark is not installed";
  std::string dir;
  const auto r = ws::test::run_with_pcaps("platform: msc8144\nworkload: udp_echo\nparams:\n"
                                          "  tester.mode: fixed\n  tester.load_pct: 5\n  tester.trial_ms: 2\n"
                                          "  app.udp_checksum: 'on'\n", dir);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string pcap = dir + "/uec1.pcap";
  ASSERT_TRUE(std::filesystem::exists(pcap));
  auto count = [&](const std::string& filter) { return ws::test::tshark_count(pcap, filter); };
  const int all = count("frame");
  EXPECT_GT(all, 100);
  EXPECT_EQ(count("udp || arp"), all);
  EXPECT_EQ(count("_ws.malformed || _ws.expert.severity >= \"error\""), 0);
  EXPECT_EQ(count("ip.checksum.status == \"Bad\" || udp.checksum.status == \"Bad\""), 0);
  EXPECT_GT(count("udp.checksum.status == \"Good\""), 100);
}
