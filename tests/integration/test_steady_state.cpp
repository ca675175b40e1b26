// The proof of the steady-state skip (SteadyState): over a corpus of PCIe
// configurations (generations, widths, MPS, MRRS, completion sizes, both
// directions, block sizes, batches and rings, channels, misaligned buffers,
// bit errors) a run with the skip gives exactly the figures, resources and
// report of the run that simulates every TLP (sim.steady_skip=off), and the
// skip did take periods as done wherever the corpus expects it to.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/integration/point_result.hpp"

namespace {

using ws::test::Settings;

struct Case {
  Settings settings;
  bool skips;  // the run is long and regular enough to skip, and nothing refuses it
};

// The report without the skip's own line.
std::string without_skip_line(const std::string& report) {
  std::string out;
  size_t at = 0;
  while (at < report.size()) {
    const size_t end = report.find('\n', at);
    const std::string line = report.substr(at, end == std::string::npos ? std::string::npos : end - at + 1);
    if (line.rfind("steady state:", 0) != 0) out += line;
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return out;
}

std::string describe(const Settings& s) {
  std::string out;
  for (const auto& [k, v] : s) out += k + "=" + v + " ";
  return out;
}

void expect_same_with_and_without(const std::string& platform, const std::vector<Case>& corpus) {
  std::vector<ws::Point> pts;
  for (const auto& c : corpus)
    for (const char* skip : {"on", "off"}) {
      ws::Point pt;
      pt.platform = ws::find_platform(platform);
      pt.platform->declare(pt.params);
      for (const auto& [k, v] : c.settings) pt.params.set(k, v, "test");
      pt.params.set("sim.steady_skip", skip, "test");
      pt.platform->check(pt.params);
      pts.push_back(pt);
    }
  const auto out = ws::run_points(pts, 2);
  for (size_t i = 0; i < corpus.size(); ++i) {
    const auto &on = out[2 * i], &off = out[2 * i + 1];
    const std::string what = describe(corpus[i].settings);
    ASSERT_TRUE(on.ok && off.ok) << what << on.error << off.error;
    EXPECT_EQ(on.result.integrity_errors, 0u) << what;
    EXPECT_EQ(off.result.integrity_errors, 0u) << what;
    EXPECT_EQ(on.result.report.find("taken as done") != std::string::npos, corpus[i].skips) << what << on.result.report;
    ASSERT_EQ(on.result.metrics.size(), off.result.metrics.size()) << what;
    for (size_t m = 0; m < on.result.metrics.size(); ++m)
      EXPECT_EQ(on.result.metrics[m], off.result.metrics[m]) << what;
    EXPECT_EQ(on.result.labels, off.result.labels) << what;
    EXPECT_EQ(on.result.limiting, off.result.limiting) << what;
    EXPECT_EQ(on.result.simulated_s, off.result.simulated_s) << what;
    EXPECT_EQ(on.result.work_units, off.result.work_units) << what;
    ASSERT_EQ(on.result.resources.size(), off.result.resources.size()) << what;
    for (size_t r = 0; r < on.result.resources.size(); ++r) {
      const auto &a = on.result.resources[r], &b = off.result.resources[r];
      EXPECT_EQ(a.name, b.name) << what;
      EXPECT_EQ(a.util_pct, b.util_pct) << what << a.name;
      EXPECT_EQ(a.ops, b.ops) << what << a.name;
      EXPECT_EQ(a.bytes, b.bytes) << what << a.name;
      EXPECT_EQ(a.queue_hw, b.queue_hw) << what << a.name;
      EXPECT_EQ(a.drops, b.drops) << what << a.name;
      EXPECT_EQ(a.queue_unit, b.queue_unit) << what << a.name;
    }
    EXPECT_EQ(without_skip_line(on.result.report), without_skip_line(off.result.report)) << what;
  }
}

TEST(SteadyStateProof, Msc815xCorpusGivesTheEventByEventFigures) {
  expect_same_with_and_without(
      "msc815x_pcie",
      {
          {{{"pcie.gen", "2"}, {"pcie.lanes", "4"}, {"dma.block_bytes", "32768"}, {"dma.blocks", "256"}}, true},
          {{{"pcie.gen", "1"}, {"pcie.lanes", "1"}, {"pcie.mps", "128"}, {"dma.block_bytes", "4096"},
            {"dma.blocks", "256"}},
           true},
          {{{"pcie.gen", "2"}, {"pcie.lanes", "2"}, {"dma.op", "read"}, {"pcie.mrrs", "512"},
            {"dma.block_bytes", "32768"}, {"dma.in_flight", "4"}, {"dma.blocks", "512"}},
           true},
          {{{"pcie.gen", "1"}, {"pcie.lanes", "4"}, {"dma.op", "read"}, {"pcie.mrrs", "128"}, {"pcie.cpl_bytes", "64"},
            {"dma.block_bytes", "4096"}, {"dma.in_flight", "1"}, {"dma.blocks", "128"}},
           true},
          {{{"pcie.gen", "2"}, {"pcie.lanes", "4"}, {"dma.block_bytes", "8"}, {"dma.blocks", "512"}}, true},
          {{{"pcie.gen", "2"}, {"pcie.lanes", "4"}, {"dma.issue", "ring"}, {"dma.in_flight", "4"},
            {"dma.block_bytes", "16384"}, {"dma.blocks", "128"}},
           true},
          {{{"pcie.gen", "1"}, {"pcie.lanes", "2"}, {"dma.buffer_offset", "100"}, {"dma.block_bytes", "2048"},
            {"dma.blocks", "1024"}, {"dma.channels", "2"}, {"dma.done", "handed"}},
           true},
          // Buffers whose place in a page changes from block to block: the work repeats
          // every 16 blocks (3840 B apart), or only with the whole ring of 963 buffers
          // (4352 B apart), too long a period to match: simulated whole.
          {{{"dma.block_bytes", "3840"}, {"dma.blocks", "1024"}}, true},
          {{{"dma.op", "read"}, {"dma.block_bytes", "3840"}, {"dma.blocks", "512"}}, true},
          {{{"dma.op", "read"}, {"dma.buffer_offset", "100"}, {"dma.block_bytes", "4096"}, {"dma.blocks", "2048"}},
           false},
          {{{"dma.buffer_offset", "100"}, {"dma.block_bytes", "4096"}, {"dma.blocks", "2048"}}, false},
          // Misaligned by the same 100 B every block: one batch is the period.
          {{{"dma.op", "read"}, {"dma.buffer_offset", "100"}, {"dma.block_bytes", "3840"}, {"dma.blocks", "512"}}, true},
          // Too few batches to match three periods and keep the tail: simulated whole.
          {{{"dma.block_bytes", "32768"}, {"dma.blocks", "40"}}, false},
          // Bit errors are random draws: refused.
          {{{"pcie.lcrc_error_rate", "0.001"}, {"dma.block_bytes", "4096"}, {"dma.blocks", "128"}}, false},
      });
}

TEST(SteadyStateProof, PolarFireCorpusGivesTheEventByEventFigures) {
  std::vector<Case> corpus;
  for (const char* gen : {"1", "2"})
    for (const char* lanes : {"1", "4"})
      for (const char* engine : {"builtin", "fabric"})
        for (const char* op : {"write", "read"})
          corpus.push_back({{{"pcie.gen", gen}, {"pcie.lanes", lanes}, {"dma.engine", engine}, {"dma.op", op},
                             {"dma.transfer_bytes", "4194304"}},
                            true});
  // Bit errors are random draws: refused.
  corpus.push_back({{{"pcie.lcrc_error_rate", "0.001"}, {"dma.transfer_bytes", "1048576"}}, false});
  expect_same_with_and_without("polarfire_pcie", corpus);
}

}  // namespace
