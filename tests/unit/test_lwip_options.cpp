// lwIP's run-time options: their keys are declared once, by the options layer
// (a board gives values and sources only), a 0 size is the build's, and each
// board builds the options its stack ran with before the keys were the model's.
#include "workloads/net/lwip_options.hpp"

#include <cstdlib>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <map>
#include <string>
#include "platforms/a7_rtthread/a7_rtthread.hpp"
#include "platforms/am261x_lwip/am261x.hpp"
#include "platforms/common/board_file.hpp"

namespace {

using ws::InputError;
using ws::ParamTable;
using ws::net::LwipOptions;

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

// A board file of the test's own; returns its path.
std::string write_board(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path, std::ios::trunc) << text;
  return path;
}

TEST(LwipOptions, ABoardThatDeclaresAnOptionKeyOfItsOwnIsRefused) {
  const std::string path = write_board("ws_lwip_options_board.yaml", R"(board: redeclares
description: "a board that gives lwip.tcp_wnd its own range"
defaults:
  lwip.tcp_wnd: {value: 23360, source: "datasheet", kind: int, range: [1460, 65535], unit: "B", meaning: "TCP_WND"}
)");
  const std::string err = error_of([&] {
    ParamTable t;
    LwipOptions::bindings().declare(t, "lwip");
    ws::board_file(path).apply(t);
  });
  EXPECT_NE(err.find(path + ":4: key 'lwip.tcp_wnd' is a block's: give it no kind"), std::string::npos) << err;
}

TEST(LwipOptions, ZeroKeepsTheBuildsSizeAndASizeBelowLwipsLeastIsRefused) {
  ParamTable t;
  LwipOptions::bindings().declare(t, "lwip");
  for (const char* k : {"lwip.tcp_wnd", "lwip.tcp_snd_buf", "lwip.pbuf_pool_size"}) t.set_default(k, "0", "test");
  t.set_default("lwip.udp_recvmbox", "4", "test");
  t.set_default("lwip.tcpip_mbox", "8", "test");
  t.complete();  // checksum and tcpip_priority given by no board here: the base's
  const LwipOptions tuned = LwipOptions::bindings().build(t, "lwip", LwipOptions::shipped("tuned"));
  EXPECT_EQ(tuned.stack.tcp_wnd, 11680u);
  EXPECT_EQ(tuned.stack.tcp_snd_buf, 11680u);
  EXPECT_EQ(tuned.stack.pbuf_pool_size, 64u);
  EXPECT_EQ(tuned.stack.udp_recvmbox, 4u);
  EXPECT_EQ(tuned.tcpip_mbox, 8u);
  EXPECT_EQ(tuned.tcpip_priority, 10u);
  t.set("lwip.tcp_wnd", "5840", "--set");
  EXPECT_EQ(LwipOptions::bindings().build(t, "lwip", LwipOptions::shipped("rtthread")).stack.tcp_wnd, 5840u);
  t.set("lwip.tcp_snd_buf", "1460", "--set");
  const std::string err = error_of([&] { LwipOptions::bindings().build(t, "lwip", LwipOptions::shipped("tuned")); });
  EXPECT_NE(err.find("--set: key 'lwip.tcp_snd_buf': 1460 B is below two 1460 B segments (valid: 0 for the "
                     "build's, or 2920..65535)"), std::string::npos) << err;
}

// Each board builds the options its stack ran with when its platform read the keys one by one.
const ParamTable& board(const char* platform) {
  static std::map<std::string, ParamTable> tables;
  if (!tables.count(platform)) {
    unsetenv("WIRESPEED_HOME");  // the project's own board files
    ws::find_platform(platform)->declare(tables[platform]);
  }
  return tables.at(platform);
}

TEST(LwipOptions, TheA7BuildsRtThreadsOptions) {
  const LwipOptions o = ws::a7_lwip_options(board("a7_rtthread"));
  EXPECT_EQ(o.stack.tcp_wnd, 8196u);  // lwip.options=rtthread: RT-Thread's lwipopts.h
  EXPECT_EQ(o.stack.tcp_snd_buf, 8196u);
  EXPECT_EQ(o.stack.pbuf_pool_size, 16u);
  EXPECT_EQ(o.stack.udp_recvmbox, 1u);
  EXPECT_EQ(o.stack.checksum_offload, 1);
  EXPECT_EQ(o.stack.nagle, 0);  // netutils iperf sets TCP_NODELAY
  EXPECT_EQ(o.tcpip_mbox, 8u);
  EXPECT_EQ(o.tcpip_priority, 10u);
}

TEST(LwipOptions, TheAm261xBuildsTheMcuSdksOptions) {
  const ParamTable& p = board("am261x_lwip");
  const LwipOptions o = ws::am261x_lwip_options(p);
  EXPECT_EQ(o.stack.tcp_wnd, 23360u);
  EXPECT_EQ(o.stack.tcp_snd_buf, 23360u);
  EXPECT_EQ(o.stack.pbuf_pool_size, 32u);  // drv.rx_pkts: the SDK's Rx custom pbufs
  EXPECT_EQ(o.stack.udp_recvmbox, 320u);
  EXPECT_EQ(o.stack.checksum_offload, 1);  // cpsw.checksum_offload
  EXPECT_EQ(o.tcpip_mbox, 136u);
  EXPECT_EQ(o.tcpip_priority, 7u);
  EXPECT_FALSE(p.specs().count("lwip.pbuf_pool_size") || p.specs().count("lwip.checksum"));
}

// A size a board file gives that lwIP refuses is named by its file and line,
// not as a "default" (origin() fell back to "default" before).
TEST(LwipOptions, ABoardFilesSizeBelowLwipsLeastNamesItsFileAndLine) {
  const std::string path = write_board("ws_lwip_options_small.yaml", R"(board: small_buffer
description: "a board whose send buffer is below two segments"
defaults:
  lwip.tcp_wnd: {value: 5840, source: "datasheet"}
  lwip.tcp_snd_buf: {value: 100, source: "datasheet"}
  lwip.udp_recvmbox: {value: 4, source: "datasheet"}
  lwip.tcpip_mbox: {value: 8, source: "datasheet"}
)");
  const std::string err = error_of([&] {
    ParamTable t;
    LwipOptions::bindings().declare(t, "lwip");
    ws::board_file(path).apply(t);
    LwipOptions::bindings().build(t, "lwip", LwipOptions::shipped("tuned"));
  });
  EXPECT_NE(err.find(path + ":5: key 'lwip.tcp_snd_buf': 100 B is below two 1460 B segments"), std::string::npos)
      << err;
}

}  // namespace
