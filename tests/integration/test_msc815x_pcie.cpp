// End-to-end checks of the MSC8156/MSC8157 PCIe DMA platform through the
// fork-per-point runner: data integrity, exact TLP counts from the split rules,
// and the direction of every performance knob.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/point_runner.hpp"
#include "tests/integration/point_result.hpp"
#include "platforms/platform.hpp"

namespace {

using ws::test::metric;

using Settings = std::vector<std::pair<std::string, std::string>>;

const ws::Platform* platform() {
  const ws::Platform* p = ws::find_platform("msc815x_pcie");
  EXPECT_NE(p, nullptr);
  return p;
}

// A point with the platform defaults plus `s`; 1 KB blocks, 8 blocks unless overridden.
ws::Point make_point(const Settings& s, uint64_t seed = 1) {
  ws::Point pt;
  pt.platform = platform();
  pt.platform->declare(pt.params);
  pt.params.set("dma.block_bytes", "1024", "test");
  pt.params.set("dma.blocks", "8", "test");
  for (const auto& [k, v] : s) pt.params.set(k, v, "test");
  pt.options.seed = seed;
  return pt;
}

std::string describe(const Settings& s, uint64_t seed = 1) {
  std::string out = "seed=" + std::to_string(seed);
  for (const auto& [k, v] : s) out += " " + k + "=" + v;
  return out;
}

std::vector<ws::PointOutcome> run(const std::vector<ws::Point>& pts) { return ws::run_points(pts, 2); }

// Runs one settings list per point and checks every one finished intact.
std::vector<ws::PointOutcome> run_clean(const std::vector<Settings>& sets, uint64_t seed = 1) {
  std::vector<ws::Point> pts;
  for (const auto& s : sets) pts.push_back(make_point(s, seed));
  auto out = run(pts);
  EXPECT_EQ(out.size(), sets.size());
  for (size_t i = 0; i < out.size(); ++i) {
    EXPECT_TRUE(out[i].ok) << describe(sets[i], seed) << ": " << out[i].error;
    EXPECT_EQ(out[i].result.integrity_errors, 0u) << describe(sets[i], seed);
  }
  return out;
}

// --- integrity --------------------------------------------------------------

TEST(Msc815xPcie, EveryBlockArrivesIntact) {
  std::vector<Settings> sets;
  for (std::string op : {"write", "read"})
    for (std::string off : {"0", "3"})
      for (std::string mps : {"128", "256"})
        sets.push_back({{"dma.op", op}, {"dma.buffer_offset", off}, {"pcie.mps", mps}});
  // Odd block lengths, ECRC and a 4 KB-crossing offset on top.
  sets.push_back({{"dma.op", "write"}, {"dma.block_bytes", "1001"}, {"dma.buffer_offset", "4093"}});
  sets.push_back({{"dma.op", "read"}, {"dma.block_bytes", "1001"}, {"dma.buffer_offset", "4093"}});
  sets.push_back({{"dma.op", "write"}, {"pcie.ecrc", "1"}, {"dma.buffer_offset", "1"}});
  sets.push_back({{"dma.op", "read"}, {"pcie.ecrc", "1"}, {"dma.buffer_offset", "2"}});
  sets.push_back({{"dma.op", "read"}, {"pcie.mrrs", "128"}, {"pcie.cpl_bytes", "64"}, {"dma.buffer_offset", "5"}});
  const auto out = run_clean(sets);
  for (size_t i = 0; i < out.size(); ++i) {
    EXPECT_EQ(metric(out[i], "blocks"), 8) << describe(sets[i]);
    EXPECT_GT(metric(out[i], "gbps"), 0) << describe(sets[i]);
    if (i < 8) {
      EXPECT_EQ(metric(out[i], "mps"), i % 2 ? 256 : 128) << describe(sets[i]);
    }
  }
}

// --- exact TLP counts (metric "tlps": new TLPs sent by both controllers) -------

TEST(Msc815xPcie, WriteTlpCountAligned) {
  const auto out = run_clean({{{"dma.op", "write"}, {"pcie.mps", "256"}}});
  EXPECT_EQ(metric(out[0], "tlps"), 2 * 8 * 4);  // 1 KB / 256 B per block, both boards
  EXPECT_EQ(metric(out[0], "replays"), 0);
}

TEST(Msc815xPcie, WriteTlpCountOffsetCostsOneMorePerBlock) {
  const auto out = run_clean({{{"dma.op", "write"}, {"pcie.mps", "256"}, {"dma.buffer_offset", "4"}},
                              {{"dma.op", "write"}, {"pcie.mps", "128"}},
                              {{"dma.op", "write"}, {"pcie.mps", "128"}, {"dma.buffer_offset", "100"}}});
  EXPECT_EQ(metric(out[0], "tlps"), 2 * 8 * 5);  // 252 + 3 x 256 + 4
  EXPECT_EQ(metric(out[1], "tlps"), 2 * 8 * 8);
  EXPECT_EQ(metric(out[2], "tlps"), 2 * 8 * 9);
}

TEST(Msc815xPcie, ReadTlpCountMrdsPlusCompletions) {
  const auto out = run_clean(
      {{{"dma.op", "read"}, {"pcie.mrrs", "512"}, {"pcie.cpl_bytes", "256"}},
       {{"dma.op", "read"}, {"pcie.mrrs", "512"}, {"pcie.cpl_bytes", "128"}},
       {{"dma.op", "read"}, {"pcie.mrrs", "1024"}, {"pcie.cpl_bytes", "256"}},
       {{"dma.op", "read"}, {"pcie.mrrs", "512"}, {"pcie.cpl_bytes", "256"}, {"dma.buffer_offset", "3"}}});
  EXPECT_EQ(metric(out[0], "tlps"), 2 * 8 * (2 + 4));  // 2 MRd of 512, 4 CplD of 256
  EXPECT_EQ(metric(out[1], "tlps"), 2 * 8 * (2 + 8));  // 2 MRd, 8 CplD of 128
  EXPECT_EQ(metric(out[2], "tlps"), 2 * 8 * (1 + 4));  // 1 MRd of 1 KB, 4 CplD
  // Offset 3: MRds 509 + 512 + 3 (or 253 + 512 + 259); completions cut at 256 B
  // boundaries: 2 + 2 + 1 (or 1 + 2 + 2).
  EXPECT_EQ(metric(out[3], "tlps"), 2 * 8 * (3 + 5));
}

// --- flow control, errors, Ack coalescing ------------------------------------

TEST(Msc815xPcie, PostedHeaderCreditStallSlowsWritesButKeepsData) {
  const auto out = run_clean({{{"dma.op", "write"}, {"dma.block_bytes", "4096"}, {"dma.blocks", "16"}},
                              {{"dma.op", "write"},
                               {"dma.block_bytes", "4096"},
                               {"dma.blocks", "16"},
                               {"pcie.posted_header_credits", "1"}}});
  EXPECT_LT(metric(out[1], "gbps"), metric(out[0], "gbps"));
  EXPECT_EQ(metric(out[1], "tlps"), metric(out[0], "tlps"));
  // One header in flight: every TLP waits for an UpdateFC, so more DLLPs per TLP.
  EXPECT_GT(metric(out[1], "dllps"), metric(out[0], "dllps"));
}

// A small data advertisement (512 B) must not starve the partner until the
// UpdateFC timer: credits return at half the advertisement.
TEST(Msc815xPcie, SmallDataAdvertisementStillStreams) {
  const auto out = run_clean({{{"dma.op", "write"}, {"dma.blocks", "16"}},
                              {{"dma.op", "write"}, {"dma.blocks", "16"}, {"pcie.posted_data_credits", "32"}}});
  EXPECT_GT(metric(out[1], "gbps"), 0.9 * metric(out[0], "gbps"));
  EXPECT_LT(metric(out[1], "gbps"), metric(out[0], "gbps"));
}

TEST(Msc815xPcie, NonPostedHeaderCreditStallSlowsReadsButKeepsData) {
  const auto out = run_clean({{{"dma.op", "read"}, {"dma.block_bytes", "4096"}, {"dma.blocks", "16"}},
                              {{"dma.op", "read"},
                               {"dma.block_bytes", "4096"},
                               {"dma.blocks", "16"},
                               {"pcie.np_header_credits", "1"}}});
  EXPECT_LT(metric(out[1], "gbps"), metric(out[0], "gbps"));
  EXPECT_EQ(metric(out[1], "tlps"), metric(out[0], "tlps"));
}

TEST(Msc815xPcie, LcrcErrorsReplayWithoutCorruptingData) {
  for (std::string op : {"write", "read"}) {
    const Settings clean = {{"dma.op", op}, {"dma.blocks", "16"}};
    Settings noisy = clean;
    noisy.push_back({"pcie.lcrc_error_rate", "0.05"});
    const auto out = run_clean({clean, noisy});
    if (!out[1].ok) continue;  // reported by run_clean
    EXPECT_EQ(metric(out[0], "replays"), 0) << op;
    EXPECT_GT(metric(out[1], "replays"), 0) << op;
    EXPECT_LT(metric(out[1], "gbps"), metric(out[0], "gbps")) << op;
    // Replays resend held TLPs; they are not new TLPs.
    EXPECT_EQ(metric(out[1], "tlps"), metric(out[0], "tlps")) << op;
    // Every Nak makes the sender replay (the REPLAY_TIMER may add more); a clean link sends none.
    EXPECT_EQ(metric(out[0], "naks"), 0) << op;
    EXPECT_GT(metric(out[1], "naks"), 0) << op;
    EXPECT_GE(metric(out[1], "replays"), metric(out[1], "naks")) << op;
  }
}

// Whatever the seed, a link with LCRC errors must deliver every byte: the data
// link layer recovers from a corrupted replay too (REPLAY_TIMER, §3.5.2.1).
TEST(Msc815xPcie, LcrcErrorsRecoverForEverySeed) {
  std::vector<ws::Point> pts;
  std::vector<Settings> sets;
  for (uint64_t seed = 1; seed <= 12; ++seed)
    for (std::string op : {"write", "read"}) {
      sets.push_back({{"dma.op", op}, {"dma.blocks", "16"}, {"pcie.lcrc_error_rate", "0.05"}});
      pts.push_back(make_point(sets.back(), seed));
    }
  const auto out = run(pts);
  std::set<std::vector<double>> distinct;
  unsigned failed = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    const uint64_t seed = pts[i].options.seed;
    EXPECT_TRUE(out[i].ok) << describe(sets[i], seed) << ": " << out[i].error;
    if (!out[i].ok) {
      ++failed;
      continue;
    }
    EXPECT_EQ(out[i].result.integrity_errors, 0u) << describe(sets[i], seed);
    std::vector<double> m;
    for (const auto& kv : out[i].result.metrics) m.push_back(kv.second);
    distinct.insert(m);
  }
  EXPECT_EQ(failed, 0u) << failed << " of " << out.size() << " error-injected runs did not finish";
  // Seeds draw different errors, so not every run looks the same.
  EXPECT_GT(distinct.size(), 1u);
}

TEST(Msc815xPcie, AckEveryTlpCostsDllpsAndThroughput) {
  for (std::string op : {"write", "read"}) {
    const auto out = run_clean({{{"dma.op", op}, {"dma.block_bytes", "4096"}, {"dma.blocks", "16"}, {"pcie.ack_every", "1"}},
                                {{"dma.op", op}, {"dma.block_bytes", "4096"}, {"dma.blocks", "16"}, {"pcie.ack_every", "8"}}});
    EXPECT_GT(metric(out[0], "dllps"), metric(out[1], "dllps")) << op;
    EXPECT_LT(metric(out[0], "gbps"), metric(out[1], "gbps")) << op;
    EXPECT_EQ(metric(out[0], "tlps"), metric(out[1], "tlps")) << op;
  }
}

// --- performance trends ------------------------------------------------------

TEST(Msc815xPcie, ReadSlowerThanWrite) {
  std::vector<Settings> sets;
  for (std::string bytes : {"256", "1024", "32768"})
    for (std::string lanes : {"1", "4"})
      for (std::string op : {"write", "read"})
        sets.push_back({{"dma.op", op}, {"dma.block_bytes", bytes}, {"pcie.lanes", lanes}, {"dma.blocks", "16"}});
  const auto out = run_clean(sets);
  for (size_t i = 0; i + 1 < out.size(); i += 2)
    EXPECT_LT(metric(out[i + 1], "gbps"), metric(out[i], "gbps")) << describe(sets[i + 1]);
}

// Gbps for block sizes 8 B .. 32 KB, over a run long enough (dma.blocks = 0:
// about 2 MiB per board) that the end of the run does not dominate.
void expect_monotone_in_block_size(const std::string& op) {
  const std::vector<std::string> sizes = {"8", "64", "256", "1024", "32768"};
  std::vector<Settings> sets;
  for (const auto& b : sizes) sets.push_back({{"dma.op", op}, {"dma.block_bytes", b}, {"dma.blocks", "0"}});
  const auto out = run_clean(sets);
  for (size_t i = 0; i + 1 < out.size(); ++i)
    EXPECT_LT(metric(out[i], "gbps"), metric(out[i + 1], "gbps"))
        << op << ": " << sizes[i] << " B blocks vs " << sizes[i + 1] << " B blocks";
}

TEST(Msc815xPcie, ReadThroughputRisesWithBlockSize) { expect_monotone_in_block_size("read"); }

// AN3935 measured 11.30 / 13.34 / 14.03 / 14.75 Gbps for 256 B / 512 B / 1 KB /
// 32 KB writes (x4 Gen1, 8 in flight): per-request costs show up to 32 KB.
TEST(Msc815xPcie, WriteThroughputRisesWithBlockSize) { expect_monotone_in_block_size("write"); }

TEST(Msc815xPcie, WiderAndFasterLinksAreFaster) {
  std::vector<Settings> sets;
  for (std::string op : {"write", "read"})
    for (std::string gen : {"1", "2"})
      for (std::string lanes : {"1", "2", "4"})
        sets.push_back({{"dma.op", op}, {"pcie.gen", gen}, {"pcie.lanes", lanes}, {"dma.block_bytes", "32768"}});
  const auto out = run_clean(sets);
  for (size_t op = 0; op < 2; ++op) {
    for (size_t gen = 0; gen < 2; ++gen) {
      const size_t b = op * 6 + gen * 3;
      EXPECT_LT(metric(out[b], "gbps"), metric(out[b + 1], "gbps")) << describe(sets[b + 1]);
      EXPECT_LT(metric(out[b + 1], "gbps"), metric(out[b + 2], "gbps")) << describe(sets[b + 2]);
    }
    for (size_t lanes = 0; lanes < 3; ++lanes) {
      const size_t g1 = op * 6 + lanes, g2 = g1 + 3;
      EXPECT_GT(metric(out[g2], "gbps"), metric(out[g1], "gbps")) << describe(sets[g2]);
    }
  }
}

// Counting only what the link delivers (a write is done when Acked), no run can
// beat the raw symbol rate of the link.
TEST(Msc815xPcie, AckedThroughputNeverExceedsLinkCapacity) {
  std::vector<Settings> sets;
  for (std::string bytes : {"256", "1024", "32768"})
    for (std::string lanes : {"1", "2", "4"})
      sets.push_back({{"dma.op", "write"}, {"dma.done", "acked"}, {"dma.block_bytes", bytes}, {"pcie.lanes", lanes}});
  sets.push_back({{"dma.op", "read"}, {"dma.block_bytes", "32768"}, {"pcie.gen", "2"}});
  const auto out = run_clean(sets);
  for (size_t i = 0; i < out.size(); ++i) {
    EXPECT_LE(metric(out[i], "link_efficiency"), 1.0) << describe(sets[i]);
    EXPECT_GT(metric(out[i], "link_efficiency"), 0.0) << describe(sets[i]);
  }
}

// --- DMA descriptor chain and bursts -----------------------------------------

// Time per batch (one direction) from the aggregate figure: in_flight blocks of
// `bytes` each way in `ns`.
double batch_ns(const ws::PointOutcome& o, double in_flight, double bytes) {
  return 2 * in_flight * bytes * 8 / metric(o, "gbps");
}

// A request linked to a running chain whose link was empty when the running
// descriptor started costs two exposed descriptor reads; every later one is read
// ahead. With a read shorter than one request's transfer, a batch pays exactly
// one stall of two reads, however many requests it holds, and a single request
// (always started from the registers of an idle channel) pays none.
TEST(Msc815xPcie, LinkedDescriptorStallIsPaidOncePerBatch) {
  const std::vector<int> in_flight = {1, 2, 4, 8};
  std::vector<Settings> sets;
  for (std::string fetch : {"0", "30"})  // DMA cycles at 500 MHz: 60 ns per read
    for (int k : in_flight)
      sets.push_back({{"dma.block_bytes", "128"}, {"dma.blocks", "64"}, {"dma.bd_fetch_cycles", fetch},
                      {"dma.in_flight", std::to_string(k)}});
  const auto out = run_clean(sets);
  for (size_t i = 0; i < in_flight.size(); ++i) {
    const double k = in_flight[i];
    const double stall = batch_ns(out[i + in_flight.size()], k, 128) - batch_ns(out[i], k, 128);
    EXPECT_NEAR(stall, k == 1 ? 0.0 : 120.0, 1.0) << in_flight[i] << " requests in flight";
  }
}

// The DMA moves a TLP's data in bursts; the controller copies from the first one
// on, so a single 1 KB request finishes sooner than with whole-TLP pieces.
TEST(Msc815xPcie, BurstStreamingShortensTheRequestChain) {
  const auto out = run_clean({{{"dma.in_flight", "1"}, {"dma.blocks", "16"}, {"dma.burst_bytes", "64"}},
                              {{"dma.in_flight", "1"}, {"dma.blocks", "16"}, {"dma.burst_bytes", "256"}}});
  EXPECT_GT(metric(out[0], "gbps"), metric(out[1], "gbps") * 1.03);
}

// --- determinism -------------------------------------------------------------

TEST(Msc815xPcie, SamePointGivesIdenticalMetrics) {
  const std::vector<Settings> sets = {
      {{"dma.op", "write"}, {"dma.buffer_offset", "3"}},
      {{"dma.op", "read"}, {"dma.block_bytes", "4096"}},
      {{"dma.op", "write"}, {"pcie.lcrc_error_rate", "0.02"}, {"dma.blocks", "16"}},
      {{"dma.op", "read"}, {"pcie.lcrc_error_rate", "0.02"}, {"dma.blocks", "16"}},
  };
  std::vector<ws::Point> pts;
  for (const auto& s : sets) {
    pts.push_back(make_point(s, 7));
    pts.push_back(make_point(s, 7));
  }
  const auto out = run(pts);
  ASSERT_EQ(out.size(), pts.size());
  for (size_t i = 0; i < out.size(); i += 2) {
    const auto& a = out[i];
    const auto& b = out[i + 1];
    EXPECT_EQ(a.ok, b.ok) << describe(sets[i / 2], 7);
    EXPECT_EQ(a.error, b.error) << describe(sets[i / 2], 7);
    EXPECT_EQ(a.result.integrity_errors, b.result.integrity_errors);
    ASSERT_EQ(a.result.metrics.size(), b.result.metrics.size());
    EXPECT_FALSE(a.result.metrics.empty() && a.ok);
    for (size_t m = 0; m < a.result.metrics.size(); ++m) {
      EXPECT_EQ(a.result.metrics[m].first, b.result.metrics[m].first);
      EXPECT_EQ(a.result.metrics[m].second, b.result.metrics[m].second)
          << a.result.metrics[m].first << " differs for " << describe(sets[i / 2], 7);
    }
    EXPECT_EQ(a.result.report, b.result.report);
  }
}

}  // namespace
