#include "workloads/net/ipv4_forward.hpp"

#include <algorithm>
#include <bit>
#include "models/eth/headers.hpp"
#include "models/eth/inet_checksum.hpp"

namespace ws::net {

const char* verdict_name(FwdVerdict v) {
  switch (v) {
    case FwdVerdict::Forward: return "forward";
    case FwdVerdict::BadHeader: return "ip_bad_header";
    case FwdVerdict::BadChecksum: return "ip_bad_checksum";
    case FwdVerdict::NoRoute: return "no_route";
    case FwdVerdict::RpFilter: return "rp_filter";
    case FwdVerdict::TtlExceeded: return "ttl_exceeded";
  }
  return "?";
}

Ipv4Forwarder::Ipv4Forwarder(std::vector<Ipv4Route> routes, std::vector<eth::MacAddr> port_macs, bool rp_filter)
    : routes_(std::move(routes)), port_macs_(std::move(port_macs)), rp_filter_(rp_filter) {
  // Longest prefix first: the first match is the route.
  std::stable_sort(routes_.begin(), routes_.end(),
                   [](const Ipv4Route& a, const Ipv4Route& b) { return std::popcount(a.mask) > std::popcount(b.mask); });
}

const Ipv4Route* Ipv4Forwarder::lookup(uint32_t ip) const {
  for (const Ipv4Route& r : routes_)
    if ((ip & r.mask) == r.prefix) return &r;
  return nullptr;
}

FwdVerdict Ipv4Forwarder::check(const uint8_t* f, uint32_t len) const {
  constexpr size_t kIp = eth::kHeaderBytes;
  if (len < kIp + eth::kIpv4HeaderBytes || eth::get16(f + 12) != 0x0800) return FwdVerdict::BadHeader;
  const uint8_t* ip = f + kIp;
  const size_t ihl = (ip[0] & 0xF) * 4u;
  if ((ip[0] >> 4) != 4 || ihl < eth::kIpv4HeaderBytes || kIp + eth::get16(ip + 2) > len ||
      eth::get16(ip + 2) < ihl)
    return FwdVerdict::BadHeader;
  if (eth::inet_checksum(ip, ihl) != 0) return FwdVerdict::BadChecksum;
  return FwdVerdict::Forward;
}

void Ipv4Forwarder::rewrite(uint8_t* f, const Ipv4Route& r) const {
  uint8_t* ip = f + eth::kHeaderBytes;
  const uint16_t old_word = eth::get16(ip + 8);  // TTL and protocol
  --ip[8];
  eth::put16(ip + 10, eth::checksum_update(eth::get16(ip + 10), old_word, eth::get16(ip + 8)));
  std::copy(r.next_hop.begin(), r.next_hop.end(), f);
  std::copy(port_macs_.at(r.port).begin(), port_macs_.at(r.port).end(), f + 6);
}

FwdVerdict Ipv4Forwarder::forward(uint8_t* f, uint32_t len, unsigned in_port, unsigned& out_port) const {
  if (const FwdVerdict v = check(f, len); v != FwdVerdict::Forward) return v;
  const uint8_t* ip = f + eth::kHeaderBytes;
  const Ipv4Route* r = lookup(eth::get32(ip + 16));
  if (!r) return FwdVerdict::NoRoute;
  if (rp_filter_) {
    const Ipv4Route* back = lookup(eth::get32(ip + 12));
    if (!back || back->port != in_port) return FwdVerdict::RpFilter;
  }
  if (ip[8] <= 1) return FwdVerdict::TtlExceeded;
  rewrite(f, *r);
  out_port = r->port;
  return FwdVerdict::Forward;
}

FwdVerdict Ipv4Forwarder::forward_by(uint8_t* f, uint32_t len, const Ipv4Route& r) const {
  if (const FwdVerdict v = check(f, len); v != FwdVerdict::Forward) return v;
  if (f[eth::kHeaderBytes + 8] <= 1) return FwdVerdict::TtlExceeded;
  rewrite(f, r);
  return FwdVerdict::Forward;
}

}  // namespace ws::net
