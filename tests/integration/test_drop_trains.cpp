// The proof of the tester's drop trains (TrafficTester::Train): over a corpus
// of MPC8572 configurations (loads and frame sizes, RFC 2544 searches, split
// and shared IRQs, NAPI or not, coalescing, short rings and FIFOs, the fast
// path, irqbalance, the P2020 variant) a run with the trains gives exactly the
// figures, resources and report of the run that sends every frame
// (sim.drop_trains=off), and the trains acted wherever a queue halts at overload.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/integration/shortcut_proof.hpp"

namespace {

using ws::test::ShortcutCase;

const ws::test::Shortcut kTrains{"sim.drop_trains", "drop trains:", "drop trains:"};

TEST(DropTrainsProof, Mpc8572CorpusGivesTheFrameByFrameFigures) {
  const ws::test::Settings fixed = {{"tester.mode", "fixed"}, {"tester.trial_ms", "30"}};
  auto with = [&](ws::test::Settings s) {
    s.insert(s.begin(), fixed.begin(), fixed.end());
    return s;
  };
  ws::test::expect_same_with_and_without(
      "mpc8572", kTrains,
      {
          {with({{"tester.load_pct", "100"}}), true},
          {with({{"tester.load_pct", "100"}, {"tester.frame_bytes", "256"}}), true},
          {with({{"tester.load_pct", "50"}, {"tester.frame_bytes", "512"}}), false},  // the board keeps up
          {with({{"tester.load_pct", "33.3"}, {"tester.frame_bytes", "65"}}), true},
          {with({{"tester.load_pct", "20"}, {"tester.frame_bytes", "1518"}}), false},  // the board keeps up
          {with({{"tester.load_pct", "5"}}), false},
          {with({{"irq.eth1_mask", "2"}}), true},
          {with({{"gianfar.napi", "off"}, {"irq.eth0_mask", "3"}}), true},
          {with({{"gianfar.rx_coalesce_frames", "32"}, {"gianfar.rx_coalesce_usecs", "50"},
                 {"tester.load_pct", "70"}, {"tester.frame_bytes", "128"}}),
           true},
          {with({{"gianfar.rx_bds", "16"}, {"etsec.rx_fifo_bytes", "1536"}}), true},
          {with({{"gianfar.fast_path", "on"}, {"gianfar.skb_recycle", "on"}}), true},
          {with({{"irqbalance", "on"}, {"irqbalance.interval_ms", "2"}, {"irq.eth0_mask", "3"},
                 {"irq.eth1_mask", "3"}}),
           true},
          {{{"tester.mode", "rfc2544"}, {"tester.trial_ms", "2"}}, true},
          {{{"tester.mode", "line_rate_size"}, {"tester.trial_ms", "1"}}, true},
      });
}

// Loads whose frame intervals are no multiple of the wire time put the two
// ports' frames and the halts' ends at every offset from one another.
TEST(DropTrainsProof, Mpc8572LoadsAndSizesGiveTheFrameByFrameFigures) {
  std::vector<ShortcutCase> corpus;
  for (const char* load : {"90", "75", "61.7", "45", "30"})
    for (const char* bytes : {"64", "97", "200"})
      corpus.push_back({{{"tester.mode", "fixed"}, {"tester.trial_ms", "20"}, {"tester.load_pct", load},
                         {"tester.frame_bytes", bytes}},
                        std::string(load) != "30" || std::string(bytes) != "200"});  // 30 % of 200 B: it keeps up
  ws::test::expect_same_with_and_without("mpc8572", kTrains, corpus);
}

TEST(DropTrainsProof, P2020GivesTheFrameByFrameFigures) {
  ws::test::expect_same_with_and_without(
      "p2020", kTrains,
      {
          {{{"tester.mode", "fixed"}, {"tester.trial_ms", "10"}, {"tester.load_pct", "100"}}, true},
          {{{"tester.mode", "fixed"}, {"tester.trial_ms", "10"}, {"irq.eth1_mask", "2"}}, true},
      });
}

}  // namespace
