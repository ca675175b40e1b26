#pragma once
// Data link layer (PCIe Base Spec 1.1 §3.5): gives each TLP a 12-bit sequence
// number and an LCRC, keeps it in the replay buffer until the link partner Acks
// it, replays on Nak. The receive side checks sequence and LCRC and coalesces Acks:
// one Ack after `ack_every` good TLPs, at the end of a burst (`ack_on_idle`), or
// `ack_timeout` after the first unacked one.
// Acks, Naks and UpdateFCs wait in a small queue and go before new TLPs. The
// REPLAY_TIMER (§3.5.2.1) replays everything held when no Ack made progress for
// `replay_timeout`, which recovers a Nak that was itself lost to a bad replay.
#include <systemc>
#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include "models/pcie/dllp.hpp"
#include "models/pcie/tlp.hpp"
#include "models/sim/rng.hpp"
#include "models/sim/one_shot_timer.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"
#include "models/sim/steady_state.hpp"

namespace ws::pcie {

struct DllConfig {
  unsigned ack_every = 8;              // good TLPs per Ack
  bool ack_on_idle = false;            // also Ack when no further TLP is arriving
  double ack_timeout_ns = 1000;        // longest an unacked TLP waits for its Ack
  double replay_timeout_ns = 3000;     // no Ack progress for this long: replay everything held
  unsigned replay_buffer_bytes = 4096; // TLP bytes (with sequence and LCRC) held until Acked
  double lcrc_error_rate = 0;          // probability a transmitted TLP arrives corrupted
};

// What crosses the wire: a TLP with its sequence number and LCRC, or a DLLP.
// The TLP bytes are shared with the receiver; a bit error (injected) delivers a
// corrupted copy under the LCRC of the bytes sent, and the receiver recomputes
// the LCRC only for such a packet (or one whose LCRC field differs from
// `lcrc_sent`, the CRC computed at transmission).
struct WirePacket {
  std::shared_ptr<const Tlp> tlp;  // null for a DLLP
  uint16_t seq = 0;
  uint32_t lcrc = 0;               // as it arrives
  uint32_t lcrc_sent = 0;          // over seq + the TLP bytes as sent
  bool corrupted = false;          // a bit error changed the bytes on the way
  std::shared_ptr<const Tlp> sent;  // corrupted: the TLP as the transmitter sent it
  std::array<uint8_t, 6> dllp{};
  unsigned symbols() const { return tlp ? tlp->wire_symbols() : kDllpSymbols; }
};

uint32_t lcrc_of(uint16_t seq, const Tlp& t);

class DataLinkLayer {
 public:
  DataLinkLayer(Scheduler& sched, const DllConfig& cfg, Rng& rng, StatsRegistry& stats, const std::string& name);

  // --- transmit side ---
  bool has_dllp() const { return nak_pending_ || ack_pending_ || fc_pending_ != 0; }
  WirePacket take_dllp();
  bool replaying() const { return replay_next_ < replay_.size() && replay_active_; }
  WirePacket take_replay();
  bool room_for(const Tlp& t) const;
  // Assigns a sequence number, computes the LCRC and keeps the TLP for replay;
  // `on_acked` runs when the partner's Ack covers it.
  WirePacket send(std::shared_ptr<const Tlp> t, std::function<void()> on_acked);
  // Asks for an UpdateFC of class c; its limits are read when it is sent.
  void queue_update_fc(FcClass c);
  // Corrupts the LCRC of the next n transmitted TLPs (error injection).
  void corrupt_next(unsigned n) { corrupt_next_ += n; }
  // Set by the owner: called when something new is ready to transmit.
  std::function<void()> on_tx_ready;
  // Set by the owner: the current credit limits of a class for an UpdateFC.
  std::function<Dllp(FcClass)> make_update_fc;
  // Set by the owner: whether the link partner is sending us a packet right now.
  std::function<bool()> rx_active;
  // Set by the owner: an UpdateFC DLLP arrived.
  std::function<void(const Dllp&)> on_update_fc;

  // --- receive side ---
  // Returns the TLP (p's) when it is good and in sequence; otherwise schedules a Nak or Ack.
  const Tlp* receive_tlp(const WirePacket& p);
  void receive_dllp(const WirePacket& p);

  void track(SteadyState& s) {
    s.count(replays_);
    s.count(naks_sent_);
  }
  // Held TLPs, pending DLLPs, Acks owed and the timers' deadlines.
  void fingerprint(Fingerprint& f) const;
  uint64_t replays() const { return replays_; }
  uint64_t naks_sent() const { return naks_sent_; }
  size_t replay_bytes() const { return replay_bytes_; }

 private:
  void corrupt(WirePacket& p);
  struct Held {
    std::shared_ptr<const Tlp> tlp;
    uint16_t seq;
    uint32_t lcrc;
    std::function<void()> on_acked;
  };
  void kick() { if (on_tx_ready) on_tx_ready(); }
  WirePacket wrap(const Dllp& d) const;
  void request_nak();
  void start_replay();
  void purge_through(uint16_t seq);

  Scheduler& sched_;
  DllConfig cfg_;
  Rng& rng_;
  ResourceStats* stats_;
  bool ack_pending_ = false;
  bool nak_pending_ = false;
  unsigned fc_pending_ = 0;  // bit per FcClass
  unsigned corrupt_next_ = 0;
  // transmit state
  uint16_t next_seq_ = 0;
  std::deque<Held> replay_;
  size_t replay_bytes_ = 0;
  size_t replay_next_ = 0;
  bool replay_active_ = false;
  uint64_t replays_ = 0;
  OneShotTimer replay_timer_;
  // receive state
  uint16_t expected_seq_ = 0;
  unsigned unacked_ = 0;
  OneShotTimer ack_timer_;  // runs from the first TLP received after the last Ack
  bool nak_scheduled_ = false;
  uint64_t naks_sent_ = 0;
};

}  // namespace ws::pcie
