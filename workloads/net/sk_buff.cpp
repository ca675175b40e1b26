#include "workloads/net/sk_buff.hpp"

namespace ws::net {

void SkBuffs::read(Cpu& c, uint64_t at, unsigned lines) {
  uint8_t b[kBytes];
  c.read(at, b, lines * kLine);
}

void SkBuffs::write(Cpu& c, uint64_t at, unsigned lines) {
  static constexpr uint8_t zeros[kBytes] = {};
  c.write(at, zeros, lines * kLine);
}

void SkBuffs::route(Cpu& c, uint64_t buf, uint64_t dst) const {
  read(c, of(buf), 2);
  write(c, of(buf) + 2 * kLine, 1);
  if (!dst) return;
  c.atomic_rmw(dst, 4, [](uint8_t*) { return true; });  // dst_use: atomic_inc(&dst->__refcnt)
  const uint64_t i = index(buf);
  if (i >= dst_.size()) dst_.resize(i + 1);
  dst_[i] = dst;
}

void SkBuffs::release_dst(Cpu& c, uint64_t buf) const {
  const uint64_t i = index(buf);
  if (i >= dst_.size() || !dst_[i]) return;
  c.atomic_rmw(dst_[i], 4, [](uint8_t*) { return true; });  // dst_release: atomic_dec(&dst->__refcnt)
  dst_[i] = 0;
}

void SkBuffs::free(Cpu& c, uint64_t buf) const {
  read(c, of(buf) + kLine, 1);
  c.atomic_rmw(of(buf) + 5 * kLine, 4, [](uint8_t*) { return true; });  // atomic_dec_and_test(&skb->users)
  release_dst(c, buf);
  write(c, of(buf), 1);
}

}  // namespace ws::net
