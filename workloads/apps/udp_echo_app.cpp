#include "workloads/apps/udp_echo_app.hpp"

namespace ws::apps {

void UdpEchoApp::serve(unsigned iface, uint32_t ip, uint16_t port) {
  stack_.udp_bind(iface, ip, port, [this](net::NetStack::Socket& s, uint32_t src_ip, uint16_t src_port, uint64_t buf,
                                          uint32_t len) { echo(s, src_ip, src_port, buf, len); });
}

void UdpEchoApp::echo(net::NetStack::Socket& s, uint32_t src_ip, uint16_t src_port, uint64_t buf, uint32_t len) {
  const auto port = uint16_t(src_port + kReplyPortOffset);
  if (mode_ == SendMode::SendTo) return stack_.udp_send_to(s, src_ip, port, buf, len);
  if (!s.connected || s.peer_ip != src_ip || s.peer_port != port) stack_.udp_connect(s, src_ip, port);
  stack_.udp_send(s, buf, len);
}

}  // namespace ws::apps
