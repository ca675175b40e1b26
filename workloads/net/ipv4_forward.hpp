#pragma once
// What Linux's IPv4 forwarding path does to a frame's bytes, and what it
// decides (net/ipv4/ip_input.c, route.c, ip_forward.c, neighbour output):
//   ip_rcv      IPv4, version 4, a header of 20 B or more, a total length that
//               fits the frame, a valid header checksum; else the frame is dropped
//   route       the longest-prefix route of the destination (out port, next hop)
//   rp_filter   strict reverse-path check (sysctl rp_filter 1): the source's
//               route must leave by the port the frame came in on
//   ip_forward  TTL 1 or less is dropped (Linux would answer ICMP time
//               exceeded); else TTL - 1 and the checksum updated (RFC 1624)
//   neighbour   the Ethernet header rewritten: the next hop's MAC, the out port's
// The per-call costs of each step are the platform's parameters; this is the
// work on the bytes only.
#include <cstdint>
#include <string>
#include <vector>
#include "models/eth/ethernet.hpp"

namespace ws::net {

enum class FwdVerdict { Forward, BadHeader, BadChecksum, NoRoute, RpFilter, TtlExceeded };
const char* verdict_name(FwdVerdict v);  // "forward", "bad_header", ... (a drop reason)

struct Ipv4Route {
  uint32_t prefix, mask;
  unsigned port;
  eth::MacAddr next_hop;
};

class Ipv4Forwarder {
 public:
  Ipv4Forwarder(std::vector<Ipv4Route> routes, std::vector<eth::MacAddr> port_macs, bool rp_filter);
  // The frame of `len` bytes (FCS excluded) that arrived on `in_port`, forwarded in place: Forward and `out_port` set.
  FwdVerdict forward(uint8_t* frame, uint32_t len, unsigned in_port, unsigned& out_port) const;
  // A fast path's forward by a route it cached: the same checks, TTL and
  // rewrite, without the lookup and rp_filter.
  FwdVerdict forward_by(uint8_t* frame, uint32_t len, const Ipv4Route& r) const;
  const Ipv4Route* lookup(uint32_t ip) const;
  bool rp_filter() const { return rp_filter_; }

 private:
  FwdVerdict check(const uint8_t* frame, uint32_t len) const;
  void rewrite(uint8_t* frame, const Ipv4Route& r) const;
  std::vector<Ipv4Route> routes_;
  std::vector<eth::MacAddr> port_macs_;
  bool rp_filter_;
};

}  // namespace ws::net
