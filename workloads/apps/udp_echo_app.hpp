#pragma once
// The net_demo UDP echo application: every datagram goes back to its sender, to
// the sender's port + 1000, with udpSendTo on every echo or with udpConnect once
// per peer and udpSend.
#include <cstdint>
#include "workloads/net/net_stack.hpp"

namespace ws::apps {

enum class SendMode { SendTo, Connect };

class UdpEchoApp {
 public:
  static constexpr uint16_t kReplyPortOffset = 1000;
  UdpEchoApp(net::NetStack& stack, SendMode mode) : stack_(stack), mode_(mode) {}
  void serve(unsigned iface, uint32_t ip, uint16_t port);

 private:
  void echo(net::NetStack::Socket& s, uint32_t src_ip, uint16_t src_port, uint64_t buf, uint32_t len);
  net::NetStack& stack_;
  SendMode mode_;
};

}  // namespace ws::apps
