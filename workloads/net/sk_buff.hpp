#pragma once
// The sk_buff structs of the packet buffers, in memory: which of their cache
// lines each step of Linux's forwarding path reads or writes, so that a frame
// received on one CPU and cleaned on the other moves them between the cores
// (its struct is written by the CPU that allocated and routed it and read,
// decremented and freed by the one that cleans its Tx BD). A 2.6-era 32-bit
// sk_buff is about 190 B: six lines of 32 B. Only the lines' traffic is
// modelled; the fields' values live on the host.
//   alloc    __alloc_skb: the head cleared up to `tail`, head/data/end set (lines 0-4)
//   receive  skb_put and eth_type_trans: len, data, protocol (line 1)
//   route    ip_route_input and ip_forward: reads dev and len (lines 0-1), sets dst (line 2)
//            and takes the route cache entry (dst_use: an atomic increment of
//            its refcount on the entry's line)
//   queue    the qdisc's next/prev (line 0); start_xmit reads len and data (line 1)
//   free     the Tx clean reads len (line 1), kfree_skb decrements users
//            atomically (line 5) and releases the route entry (dst_release, an
//            atomic decrement on its line: net/core/skbuff.c before 2.6.31
//            releases it on the freeing CPU), the slab writes its free pointer (line 0)
#include <cstdint>
#include <vector>
#include "models/cpu/cpu.hpp"

namespace ws::net {

class SkBuffs {
 public:
  static constexpr uint32_t kLine = 32, kBytes = 6 * kLine;
  // Structs at `heads`, one per buffer of `buffer_bytes` from `buffers`.
  SkBuffs(uint64_t heads, uint64_t buffers, uint32_t buffer_bytes)
      : heads_(heads), buffers_(buffers), buffer_bytes_(buffer_bytes) {}
  uint64_t of(uint64_t buf) const { return heads_ + index(buf) * kBytes; }
  void alloc(Cpu& c, uint64_t buf) const { write(c, of(buf), 5); }
  void receive(Cpu& c, uint64_t buf) const { write(c, of(buf) + kLine, 1); }
  // `dst`: the route cache entry's refcount line (0: none modelled).
  void route(Cpu& c, uint64_t buf, uint64_t dst = 0) const;
  void queue(Cpu& c, uint64_t buf) const {
    write(c, of(buf), 1);
    read(c, of(buf) + kLine, 1);
  }
  void free(Cpu& c, uint64_t buf) const;
  // skb_release_head_state without the free (a recycled skb): the route entry let go.
  void release_dst(Cpu& c, uint64_t buf) const;

 private:
  uint64_t index(uint64_t buf) const { return (buf - buffers_) / buffer_bytes_; }
  static void read(Cpu& c, uint64_t at, unsigned lines);
  static void write(Cpu& c, uint64_t at, unsigned lines);
  uint64_t heads_, buffers_;
  uint32_t buffer_bytes_;
  mutable std::vector<uint64_t> dst_;  // by buffer: the route entry its skb holds (0: none)
};

}  // namespace ws::net
