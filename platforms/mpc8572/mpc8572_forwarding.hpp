#pragma once
// What a received frame goes through on the MPC8572 board's Linux, on the CPU
// whose NET_RX polls it: gianfar's fast path when it is on and holds the
// destination, else netif_receive_skb's way (ip_rcv .. neighbour output on the
// frame's bytes, the sk_buff's dst, the per-CPU forwarding counter, the fast
// path's entry filled), then dev_queue_xmit on the out device. Drops are
// counted by reason; each CPU's time is told to `book` (the cycle ledger).
#include <systemc>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>
#include "workloads/drivers/gianfar.hpp"
#include "workloads/drivers/gianfar_fp.hpp"
#include "workloads/lib/buffer_pool.hpp"
#include "workloads/net/ipv4_forward.hpp"
#include "workloads/net/sk_buff.hpp"
#include "workloads/os/linux/linux.hpp"

namespace ws::mpc8572 {

class Forwarding {
 public:
  struct Config {
    double ip_path_instructions;  // ip_rcv, the route, rp_filter if on, ip_forward, neighbour output
    double fp_instructions;       // a fast-path hit
    bool fast_path;
    uint64_t counters;            // the forwarding counters' words
    bool shared_counters;         // both CPUs' words in one line (else a line each)
    uint64_t routes;              // the route cache entries' refcount lines, one per output port
  };
  using Book = std::function<void(const char* what, const sc_core::sc_time& since)>;
  Forwarding(const Config& cfg, os::Linux& lx, const net::Ipv4Forwarder& fw, drivers::GianfarFastPath& fp,
             const net::SkBuffs& sk_buffs, lib::BufferPool& skbs, std::vector<drivers::Gianfar*> devices, Book book);
  // The frame of `len` bytes in `buf` that device `in` received.
  os::Task receive(unsigned in, uint64_t buf, uint32_t len);
  const std::map<std::string, uint64_t>& drops() const { return drops_; }

 private:
  void count(Cpu& c, unsigned cpu);
  Config cfg_;
  os::Linux& lx_;
  const net::Ipv4Forwarder& fw_;
  drivers::GianfarFastPath& fp_;
  const net::SkBuffs& sk_buffs_;
  lib::BufferPool& skbs_;
  std::vector<drivers::Gianfar*> devices_;
  Book book_;
  std::map<std::string, uint64_t> drops_;
};

}  // namespace ws::mpc8572
