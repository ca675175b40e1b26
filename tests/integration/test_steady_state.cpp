// The proof of the steady-state skip (SteadyState): over a corpus of PCIe
// configurations (generations, widths, MPS, MRRS, completion sizes, both
// directions, block sizes, batches and rings, channels, misaligned buffers,
// bit errors) a run with the skip gives exactly the figures, resources and
// report of the run that simulates every TLP (sim.steady_skip=off), and the
// skip did take periods as done wherever the corpus expects it to.
#include <gtest/gtest.h>

#include <vector>

#include "tests/integration/shortcut_proof.hpp"

namespace {

using Case = ws::test::ShortcutCase;

const ws::test::Shortcut kSkip{"sim.steady_skip", "steady state:", "taken as done"};

void expect_same_with_and_without(const std::string& platform, const std::vector<Case>& corpus) {
  ws::test::expect_same_with_and_without(platform, kSkip, corpus);
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
