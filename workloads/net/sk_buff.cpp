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

void SkBuffs::free(Cpu& c, uint64_t buf) const {
  read(c, of(buf) + kLine, 1);
  c.atomic_rmw(of(buf) + 5 * kLine, 4, [](uint8_t*) { return true; });  // atomic_dec_and_test(&skb->users)
  write(c, of(buf), 1);
}

}  // namespace ws::net
