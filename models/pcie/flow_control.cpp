#include "models/pcie/flow_control.hpp"

#include <algorithm>
#include <cstdint>

namespace ws::pcie {
namespace {
constexpr uint32_t kHdrMod = 1u << 8, kDataMod = 1u << 12;

// §2.6.1.2: a TLP may go if (LIMIT - (CONSUMED + needed)) mod 2^N <= 2^(N-1).
bool fits(uint32_t limit, uint32_t consumed, uint32_t need, uint32_t mod) {
  return ((limit - (consumed + need)) & (mod - 1)) <= mod / 2;
}
}  // namespace

void FcGate::init(FcClass c, FcAdvert a) {
  auto& s = s_[size_t(c)];
  s = Side{};
  s.inf_hdr = a.hdr == 0;
  s.inf_data = a.data == 0;
  s.hdr_limit = a.hdr % kHdrMod;
  s.data_limit = a.data % kDataMod;
}

bool FcGate::can_send(FcClass c, uint32_t data_credits) const {
  const auto& s = s_[size_t(c)];
  return (s.inf_hdr || fits(s.hdr_limit, s.hdr_consumed, 1, kHdrMod)) &&
         (s.inf_data || data_credits == 0 || fits(s.data_limit, s.data_consumed, data_credits, kDataMod));
}

void FcGate::consume(FcClass c, uint32_t data_credits) {
  auto& s = s_[size_t(c)];
  s.hdr_consumed = (s.hdr_consumed + 1) % kHdrMod;
  s.data_consumed = (s.data_consumed + data_credits) % kDataMod;
}

void FcGate::update(FcClass c, uint8_t hdr_limit, uint16_t data_limit) {
  auto& s = s_[size_t(c)];
  if (!s.inf_hdr) s.hdr_limit = hdr_limit;
  if (!s.inf_data) s.data_limit = data_limit & (kDataMod - 1);
}

void FcGate::fingerprint(Fingerprint& f) const {
  for (auto& s : s_) {
    f.add(s.inf_hdr ? ~0ull : (s.hdr_limit - s.hdr_consumed) & (kHdrMod - 1));
    f.add(s.inf_data ? ~0ull : (s.data_limit - s.data_consumed) & (kDataMod - 1));
  }
}

void FcReceiver::init(FcClass c, FcAdvert a) {
  auto& s = s_[size_t(c)];
  s = Side{};
  s.inf = a.hdr == 0 && a.data == 0;
  s.hdr_alloc = a.hdr;
  s.data_alloc = a.data;
  s.hdr_half = a.hdr == 0 ? UINT32_MAX : std::max(1u, a.hdr / 2);
  s.data_half = a.data == 0 ? 0 : std::max(1u, a.data / 2);
}

bool FcReceiver::release(FcClass c, uint32_t data_credits, uint32_t update_every) {
  auto& s = s_[size_t(c)];
  if (s.inf) return false;
  s.hdr_alloc = (s.hdr_alloc + 1) % kHdrMod;
  s.data_alloc = (s.data_alloc + data_credits) % kDataMod;
  s.data_since_update += data_credits;
  return ++s.since_update >= std::min(update_every, s.hdr_half) ||
         (s.data_half != 0 && s.data_since_update >= s.data_half);
}

}  // namespace ws::pcie
