// lwIP's run-time options: their keys are declared once, by the options layer
// (a board gives values and sources only), and a 0 size is the build's.
#include "workloads/net/lwip_options.hpp"

#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <string>
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

TEST(LwipOptions, ABoardThatDeclaresAnOptionKeyOfItsOwnIsRefused) {
  const std::string path = testing::TempDir() + "ws_lwip_options_board.yaml";
  std::ofstream(path, std::ios::trunc) << R"(board: redeclares
description: "a board that gives lwip.tcp_wnd its own range"
defaults:
  lwip.tcp_wnd: {value: 23360, source: "datasheet", kind: int, range: [1460, 65535], unit: "B", meaning: "TCP_WND"}
)";
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

}  // namespace
