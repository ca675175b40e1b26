// The three newest platforms' inputs that are in range one by one but
// impossible together: each exits 2 before running, naming the key the user
// set and what would do (a cache of 170.7 sets once exited 1 naming nothing;
// a window lwIP's own build check refuses, and a coalescing threshold the ring
// cannot reach, were accepted; a descriptor check blamed `default`).
#include <gtest/gtest.h>
#include <string>
#include "tests/integration/cli_runner.hpp"

namespace {

void expect_refused(const std::string& args, const std::string& key, const std::string& says) {
  const auto r = ws::test::wirespeed("run " + std::string(WS_SOURCE_DIR) + "/" + args);
  EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
  EXPECT_NE(r.err.find("--set: key"), std::string::npos) << "names where the value came from: " << r.err;
  EXPECT_NE(r.err.find(key), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(says), std::string::npos) << r.err;
}

}  // namespace

TEST(PlatformInputs, ImpossibleCombinationsExitTwoNamingTheKeyTheUserSet) {
  expect_refused("workloads/ftp/scenarios/get.yaml --set a15.l1i_ways=3", "a15.l1i_ways", "valid: 1, 2, 4");
  expect_refused("workloads/ipfwd/scenarios/default_smp.yaml --set e500.l1d_line_bytes=64", "e500.l1d_line_bytes",
                 "valid: 32");
  expect_refused("workloads/ipfwd/scenarios/default_smp.yaml --set gianfar.rx_bds=64 --set gianfar.rx_coalesce_frames=100",
                 "gianfar.rx_coalesce_frames", "valid: 0..64");
  expect_refused("workloads/iperf/scenarios/tcp_rx.yaml --set lwip.tcp_wnd=60000", "lwip.tcp_wnd", "init.c");
  // A pool pbuf holds 1464 B of a segment once the link header carries the
  // padding word (ETH_PAD_SIZE 2): 8 of them, 11712 B (the check once allowed 1466 a pbuf).
  expect_refused("workloads/iperf/scenarios/tcp_rx.yaml --set lwip.pbuf_pool_size=8 --set lwip.tcp_wnd=11720",
                 "lwip.tcp_wnd", "x 1464 B");
  // The lwIP options' own check (workloads/net/lwip_options.cpp), on a board whose range takes 0 (the A7);
  // the AM261x's board file narrows the range, which refuses first.
  expect_refused("workloads/iperf/scenarios/tcp_rx.yaml --set lwip.tcp_wnd=1000", "lwip.tcp_wnd",
                 "valid: 0 for the build's, or 1460..65535");
  expect_refused("workloads/iperf/scenarios/am261x.yaml --set lwip.tcp_wnd=1000", "lwip.tcp_wnd",
                 "expected integer 1460..65535");
  // An RL2 of 12 ways makes 85.3 sets: once a model failure (exit 1) after the board was built.
  expect_refused("workloads/iperf/scenarios/am261x.yaml --set code.placement=xip --set rl2.kb=32 --set rl2.ways=12",
                 "rl2.ways", "valid: 1, 2, 4, 8, 16");
  // 256 Rx and 128 Tx packets' descriptors once ran past the CPPI region into cached memory.
  expect_refused("workloads/iperf/scenarios/am261x.yaml --set drv.rx_pkts=256 --set drv.tx_pkts=128", "drv.tx_pkts",
                 "drv.rx_pkts + 5 x drv.tx_pkts <= 512");
  expect_refused("workloads/ftp/scenarios/get.yaml --set nimu.tx_descs=1000", "nimu.tx_descs", "rx + tx <= 1024");
  // A get's RAM file holds the whole RETR loop.
  expect_refused("workloads/ftp/scenarios/get.yaml --set ftp.retr_sends=1000000 --set ftp.send_bytes=1460",
                 "ftp.retr_sends", "at most 200 MB");
}
