#include "workloads/net/lwip_options.hpp"

#include <fmt/format.h>
#include <stdexcept>
#include <string>

namespace ws::net {

namespace {

using K = ParamSpec::Kind;

// A size in [0, 65535] B into `member`: 0 keeps the base's (the build's), else at least `least` B.
Bindings<LwipOptions>::Setter size(uint32_t ws_lwip_options::*member, int64_t least, const char* what) {
  return [=](LwipOptions& o, const ParamTable& p, const std::string& key) {
    const int64_t v = p.i(key);
    if (v == 0) return;
    if (v < least)
      throw InputError(fmt::format("{}: key '{}': {} B is below {} (valid: 0 for the build's, or {}..65535)",
                                   p.origin(key), key, v, what, least));
    o.stack.*member = uint32_t(v);
  };
}

}  // namespace

const Bindings<LwipOptions>& LwipOptions::bindings() {
  using C = LwipOptions;
  static const Bindings<C> b = [] {
    Bindings<C> b;
    b.derived(model_number("tcp_wnd", K::Int, 0, 65535, "B",
                           "TCP_WND (no window scaling); 0: the build's (lwipopts.h), else at least one 1460 B "
                           "segment"),
              size(&ws_lwip_options::tcp_wnd, 1460, "one 1460 B segment"));
    b.derived(model_number("tcp_snd_buf", K::Int, 0, 65535, "B",
                           "TCP_SND_BUF; 0: the build's (lwipopts.h), else at least two 1460 B segments"),
              size(&ws_lwip_options::tcp_snd_buf, 2920, "two 1460 B segments"));
    b.derived(model_number("pbuf_pool_size", K::Int, 0, 128, "pbufs",
                           "PBUF_POOL_SIZE: pool pbufs received frames may hold; 0: the build's"),
              [](C& o, const ParamTable& p, const std::string& key) {
                if (const auto v = uint32_t(p.i(key))) o.stack.pbuf_pool_size = v;
              })
        .optional();
    b.derived(model_number("udp_recvmbox", K::Int, 1, 512, "datagrams",
                           "DEFAULT_UDP_RECVMBOX_SIZE: datagrams waiting for recv()"),
              [](C& o, const ParamTable& p, const std::string& key) { o.stack.udp_recvmbox = uint32_t(p.i(key)); });
    b.derived(model_choice("checksum", {"software", "offload"}, "-",
                           "software: lwIP computes and checks every checksum (CHECKSUM_GEN_*/CHECK_* 1); offload: "
                           "the NIC inserts and checks them (lwIP's per-netif checksum control all off)"),
              [](C& o, const ParamTable& p, const std::string& key) {
                o.stack.checksum_offload = p.s(key) == "offload";
              })
        .optional();
    b.number("tcpip_mbox", &C::tcpip_mbox, K::Int, 1, 512, "messages", "TCPIP_MBOX_SIZE: the tcpip thread's mailbox");
    b.number("tcpip_priority", &C::tcpip_priority, K::Int, 1, 31, "priority",
             "TCPIP_THREAD_PRIO: the tcpip thread's priority, in its RTOS's order")
        .optional();
    return b;
  }();
  return b;
}

LwipOptions LwipOptions::shipped(std::string_view build) {
  LwipOptions o;
  if (build == "rtthread") {
    // RT-Thread components/net/lwip lwipopts.h and Kconfig (TCPIP priority 10).
    o.stack.tcp_wnd = o.stack.tcp_snd_buf = 8196, o.stack.pbuf_pool_size = 16, o.tcpip_priority = 10;
  } else if (build == "tuned") {
    // shared/reference/rtthread-lwip-iperf.md: 8 x TCP_MSS, 64 pool pbufs; RT-Thread's priority.
    o.stack.tcp_wnd = o.stack.tcp_snd_buf = 8 * 1460, o.stack.pbuf_pool_size = 64, o.tcpip_priority = 10;
  } else {
    throw std::logic_error(fmt::format("no lwIP board build '{}'", build));
  }
  return o;
}

}  // namespace ws::net
