#pragma once
// Credit-based flow control (PCIe Base Spec 1.1 §2.6.1). The receiver advertises
// header and data credits per class (P, NP, Cpl); 0 advertised means infinite. The
// transmitter sends a TLP only if its credits fit under the last limit received,
// with the spec's modulo arithmetic (8-bit header, 12-bit data counters).
#include <array>
#include <cstddef>
#include <cstdint>
#include "models/pcie/tlp.hpp"
#include "models/sim/steady_state.hpp"

namespace ws::pcie {

struct FcAdvert {
  uint32_t hdr = 0;   // header credits (0 = infinite)
  uint32_t data = 0;  // data credits of 16 B (0 = infinite)
};

// Transmitter side: CREDITS_CONSUMED against CREDIT_LIMIT.
class FcGate {
 public:
  void init(FcClass c, FcAdvert a);
  bool can_send(FcClass c, uint32_t data_credits) const;
  void consume(FcClass c, uint32_t data_credits);
  void update(FcClass c, uint8_t hdr_limit, uint16_t data_limit);
  // Credits left per class (header, data), for a steady-state fingerprint.
  void fingerprint(Fingerprint& f) const;

 private:
  struct Side {
    bool inf_hdr = true, inf_data = true;
    uint32_t hdr_consumed = 0, hdr_limit = 0, data_consumed = 0, data_limit = 0;
  };
  std::array<Side, 3> s_{};
};

// Receiver side: CREDITS_ALLOCATED grows as received TLPs are consumed; the link
// partner learns the new limits from UpdateFC DLLPs. Coalescing never holds back
// half of what was advertised (headers or data): a partner that has used its
// credits up waits for this UpdateFC (§2.6.1.2).
class FcReceiver {
 public:
  void init(FcClass c, FcAdvert a);
  // Returns true when an UpdateFC is due now: `update_every` headers freed since
  // the last one, or half the advertised headers or data credits.
  bool release(FcClass c, uint32_t data_credits, uint32_t update_every);
  bool infinite(FcClass c) const { return s_[size_t(c)].inf; }
  uint8_t hdr_limit(FcClass c) const { return uint8_t(s_[size_t(c)].hdr_alloc); }
  uint16_t data_limit(FcClass c) const { return uint16_t(s_[size_t(c)].data_alloc & 0xFFF); }
  void sent_update(FcClass c) { s_[size_t(c)].since_update = s_[size_t(c)].data_since_update = 0; }
  uint32_t pending(FcClass c) const { return s_[size_t(c)].since_update; }
  void fingerprint(Fingerprint& f) const {
    for (auto& s : s_) {
      f.add(s.since_update);
      f.add(s.data_since_update);
    }
  }

 private:
  struct Side {
    bool inf = true;
    uint32_t hdr_alloc = 0, data_alloc = 0, since_update = 0, data_since_update = 0;
    uint32_t hdr_half = 1, data_half = 0;  // half the advertisement (0: data infinite)
  };
  std::array<Side, 3> s_{};
};

}  // namespace ws::pcie
