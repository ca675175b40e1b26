#pragma once
// A small IPv4 stack for one core: Ethernet demux, ARP answers (and an ARP cache
// learnt from the requests it answers), IPv4 with header checksum, UDP with
// checksum, and UDP sockets with udpSendTo or udpConnect + udpSend. Frames stay
// in their buffer in simulated memory: a reply is built in the received buffer.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "models/cpu/cpu.hpp"
#include "models/eth/headers.hpp"
#include "workloads/net/software_costs.hpp"
#include "workloads/drivers/uec_driver.hpp"

namespace ws::net {

class NetStack {
 public:
  // A network interface: one driver queue pair, one MAC address and the IPv4
  // addresses (channels) it serves. With `software_filter` every frame of the UEC
  // arrives here and the core picks its channel (MPC82xx mode). Broadcast ARP
  // requests reach one queue of a UEC, so that interface answers for the UEC's
  // other addresses too (`arp_answers`: IPv4 address to the MAC that serves it).
  struct Interface {
    drivers::UecDriver* driver;
    eth::MacAddr mac;
    std::vector<uint32_t> ips;
    bool software_filter;
    std::map<uint32_t, eth::MacAddr> arp_answers;
  };
  // The ARP cache lives in shared memory: every core's stack reads the one table.
  using ArpCache = std::map<uint32_t, eth::MacAddr>;
  struct Socket;
  // Called with the datagram's source and its buffer; the receiver owns the buffer.
  using Receiver = std::function<void(Socket&, uint32_t src_ip, uint16_t src_port, uint64_t buf, uint32_t payload_len)>;
  struct Socket {
    unsigned iface;
    uint32_t ip;
    uint16_t port;
    Receiver on_receive;
    bool connected = false;
    uint32_t peer_ip = 0;
    uint16_t peer_port = 0;
    eth::MacAddr peer_mac{};
  };

  // `os_area`: this core's OS structures in shared memory (reached uncached).
  NetStack(Cpu& core, const SoftwareCosts& costs, ArpCache& arp_cache, uint64_t os_area)
      : core_(core), costs_(costs), arp_cache_(arp_cache), os_area_(os_area) {}
  unsigned add_interface(const Interface& i);
  Socket& udp_bind(unsigned iface, uint32_t ip, uint16_t port, Receiver r);
  // Processes the interface's next received frame; false when there is none.
  bool poll_one(unsigned iface);
  void udp_send_to(Socket& s, uint32_t ip, uint16_t port, uint64_t buf, uint32_t payload_len);
  void udp_connect(Socket& s, uint32_t ip, uint16_t port);
  void udp_send(Socket& s, uint64_t buf, uint32_t payload_len);
  const std::map<std::string, uint64_t>& drops() const { return drops_; }

 private:
  void receive(unsigned iface, uint64_t buf, uint32_t len);
  void answer_arp(unsigned iface, uint64_t buf, const eth::Arp& a);
  void transmit(Socket& s, uint32_t ip, uint16_t port, const eth::MacAddr& mac, uint64_t buf, uint32_t payload_len);
  void drop(unsigned iface, uint64_t buf, const char* why);
  double checksum_cycles(size_t bytes) const { return double(bytes) / costs_.csum_bytes_per_cycle; }

  Cpu& core_;
  const SoftwareCosts& costs_;
  std::vector<Interface> ifaces_;
  std::map<uint64_t, std::unique_ptr<Socket>> sockets_;  // key: ip << 16 | port
  ArpCache& arp_cache_;
  uint64_t os_area_;
  std::map<std::string, uint64_t> drops_;
  uint16_t ip_id_ = 0;
  std::array<uint8_t, eth::kMaxFrameBytes> frame_{};  // host copy of the frame being worked on
};

}  // namespace ws::net
