#include "workloads/net/net_stack.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace ws::net {

namespace {
uint64_t key(uint32_t ip, uint16_t port) { return uint64_t(ip) << 16 | port; }
}  // namespace

unsigned NetStack::add_interface(const Interface& i) {
  ifaces_.push_back(i);
  return unsigned(ifaces_.size() - 1);
}

NetStack::Socket& NetStack::udp_bind(unsigned iface, uint32_t ip, uint16_t port, Receiver r) {
  auto& s = sockets_[key(ip, port)];
  if (s) throw std::logic_error("UDP port bound twice");
  s = std::make_unique<Socket>(Socket{iface, ip, port, std::move(r)});
  return *s;
}

bool NetStack::poll_one(unsigned iface) {
  return ifaces_[iface].driver->receive_one(core_, [this, iface](uint64_t buf, uint32_t len) { receive(iface, buf, len); });
}

void NetStack::drop(unsigned iface, uint64_t buf, const char* why) {
  ++drops_[why];
  ifaces_[iface].driver->drop_buffer(buf);
}

void NetStack::receive(unsigned iface, uint64_t buf, uint32_t len) {
  const Interface& in = ifaces_[iface];
  core_.fetch(costs_.code_base, costs_.code_bytes);
  core_.exec(costs_.rx_stack_cycles);
  core_.read_uncached_chain(os_area_, 4, 8, costs_.os_m2_reads);
  const uint32_t head = std::min<uint32_t>(len, eth::kUdpPayloadOffset);
  core_.read(buf, frame_.data(), head);
  if (in.software_filter) core_.exec(costs_.filter_cycles);
  eth::Arp arp;
  if (eth::parse_arp(frame_.data(), head, arp)) return answer_arp(iface, buf, arp);
  // Only a UDP checksum check reads the payload; the host copy of it is needed for nothing else.
  const bool verify = costs_.udp_checksum && len > head && eth::get16(frame_.data() + 40) != 0;
  if (verify) core_.read(buf + head, frame_.data() + head, len - head);
  eth::ParsedUdp u;
  if (!eth::parse_udp(frame_.data(), verify ? len : head, u, verify)) return drop(iface, buf, "not_ipv4_udp");
  core_.exec(checksum_cycles(eth::kIpv4HeaderBytes + (verify ? eth::kUdpHeaderBytes + u.payload_len : 0)));
  if (!u.ip_checksum_ok) return drop(iface, buf, "ip_checksum");
  if (verify && !u.udp_checksum_ok) return drop(iface, buf, "udp_checksum");
  if (u.h.dst_mac != in.mac || std::find(in.ips.begin(), in.ips.end(), u.h.dst_ip) == in.ips.end())
    return drop(iface, buf, "not_for_us");
  auto it = sockets_.find(key(u.h.dst_ip, u.h.dst_port));
  if (it == sockets_.end()) return drop(iface, buf, "no_socket");
  it->second->on_receive(*it->second, u.h.src_ip, u.h.src_port, buf, uint32_t(u.payload_len));
}

void NetStack::answer_arp(unsigned iface, uint64_t buf, const eth::Arp& a) {
  const Interface& in = ifaces_[iface];
  core_.exec(costs_.arp_cycles);
  auto answer = in.arp_answers.find(a.target_ip);
  if (a.op != 1 || answer == in.arp_answers.end()) return drop(iface, buf, "arp_not_for_us");
  arp_cache_[a.sender_ip] = a.sender_mac;
  eth::Arp reply;
  reply.op = 2;
  reply.sender_mac = answer->second;
  reply.sender_ip = a.target_ip;
  reply.target_mac = a.sender_mac;
  reply.target_ip = a.sender_ip;
  // From the answering channel's own address, in the Ethernet header as in the ARP body.
  const auto len = uint32_t(eth::write_arp(frame_.data(), a.sender_mac, answer->second, reply));
  core_.write(buf, frame_.data(), len);
  core_.flush(buf, len);
  in.driver->send(core_, buf, len);
}

void NetStack::udp_send_to(Socket& s, uint32_t ip, uint16_t port, uint64_t buf, uint32_t payload_len) {
  // Every call resolves the destination again: route, ARP cache, socket state.
  core_.exec(costs_.sendto_cycles);
  auto it = arp_cache_.find(ip);
  if (it == arp_cache_.end()) return drop(s.iface, buf, "arp_unresolved");
  transmit(s, ip, port, it->second, buf, payload_len);
}

void NetStack::udp_connect(Socket& s, uint32_t ip, uint16_t port) {
  core_.exec(costs_.sendto_cycles);
  auto it = arp_cache_.find(ip);
  s.connected = it != arp_cache_.end();
  s.peer_ip = ip;
  s.peer_port = port;
  if (s.connected) s.peer_mac = it->second;
}

void NetStack::udp_send(Socket& s, uint64_t buf, uint32_t payload_len) {
  if (!s.connected) return drop(s.iface, buf, "not_connected");
  transmit(s, s.peer_ip, s.peer_port, s.peer_mac, buf, payload_len);
}

// Builds the Ethernet/IPv4/UDP headers in front of the payload already in `buf`
// (the UDP checksum reads it again, from the cache), writes them back to memory
// and hands the frame to the driver.
void NetStack::transmit(Socket& s, uint32_t ip, uint16_t port, const eth::MacAddr& mac, uint64_t buf,
                        uint32_t payload_len) {
  const Interface& in = ifaces_[s.iface];
  core_.exec(costs_.tx_stack_cycles);
  if (costs_.udp_checksum) core_.read(buf + eth::kUdpPayloadOffset, frame_.data() + eth::kUdpPayloadOffset, payload_len);
  eth::UdpHeaders h;
  h.dst_mac = mac;
  h.src_mac = in.mac;
  h.src_ip = s.ip;
  h.dst_ip = ip;
  h.src_port = s.port;
  h.dst_port = port;
  h.ip_id = ip_id_++;
  const auto len = uint32_t(eth::write_udp_headers(frame_.data(), h, payload_len, costs_.udp_checksum));
  core_.exec(checksum_cycles(eth::kIpv4HeaderBytes + (costs_.udp_checksum ? eth::kUdpHeaderBytes + payload_len : 0)));
  core_.write(buf, frame_.data(), eth::kUdpPayloadOffset);
  if (len > eth::kUdpPayloadOffset + payload_len)  // padding of a short frame
    core_.write(buf + eth::kUdpPayloadOffset + payload_len, frame_.data() + eth::kUdpPayloadOffset + payload_len,
                len - eth::kUdpPayloadOffset - payload_len);
  core_.flush(buf, len);
  in.driver->send(core_, buf, len);
}

}  // namespace ws::net
