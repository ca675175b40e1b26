#pragma once
// The lwIP options a board sets at run time, and their keys, declared here
// once for every board that runs lwIP: a platform binds them to a prefix
// ("lwip"), its board file gives their values and sources. The sizes go to the
// instance (ws_lwip.h), the mailbox and priority to its tcpip thread. A size
// of 0 keeps the base's value, the build's own (`shipped`). Apart from
// LwipStack, which needs lwIP, so that a board declares the same keys in
// every build.
#include <string_view>
#include "models/sim/bindings.hpp"
#include "workloads/net/lwip/ws_lwip.h"

namespace ws::net {

struct LwipOptions {
  ws_lwip_options stack{};      // TCP_WND, TCP_SND_BUF, PBUF_POOL_SIZE, DEFAULT_UDP_RECVMBOX_SIZE, checksums
  unsigned tcpip_mbox = 0;      // TCPIP_MBOX_SIZE
  unsigned tcpip_priority = 0;  // TCPIP_THREAD_PRIO, in its RTOS's order

  // "<prefix>.tcp_wnd", ".tcp_snd_buf", ".udp_recvmbox", ".tcpip_mbox"; where
  // a board gives them (else the base's), ".pbuf_pool_size", ".checksum",
  // ".tcpip_priority". build() refuses a window below one segment and a send
  // buffer below two (lwIP's init.c), naming the key's file and line.
  static const Bindings<LwipOptions>& bindings();
  // What a board build's lwipopts.h ships (workloads/net/lwip/profiles):
  // "rtthread" or "tuned" (the A7 study's). A board whose file gives every size needs none.
  static LwipOptions shipped(std::string_view build);
};

}  // namespace ws::net
