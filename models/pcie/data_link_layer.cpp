#include "models/pcie/data_link_layer.hpp"

#include "models/pcie/crc.hpp"
#include "models/sim/sim_time.hpp"

namespace ws::pcie {
namespace {
constexpr uint16_t kSeqMod = 4096;
// Sequence a is at or before b in the 12-bit window (§3.5.2.2: half the space).
bool seq_not_after(uint16_t a, uint16_t b) { return ((b - a) & (kSeqMod - 1)) < kSeqMod / 2; }
// Bytes a held TLP occupies in the replay buffer: sequence number, TLP, LCRC.
size_t held_bytes(const Tlp& t) { return t.wire_symbols() - 2; }
}  // namespace

uint32_t lcrc_of(uint16_t seq, const Tlp& t) {
  const uint8_t s[2] = {uint8_t((seq >> 8) & 0xF), uint8_t(seq)};
  return crc32(t.bytes().data(), t.bytes().size(), crc32(s, 2));
}

DataLinkLayer::DataLinkLayer(Scheduler& sched, const DllConfig& cfg, Rng& rng, StatsRegistry& stats,
                             const std::string& name)
    : sched_(sched),
      cfg_(cfg),
      rng_(rng),
      stats_(stats.resource(name + ".replay_buffer")),
      replay_timer_(sched, ns(cfg.replay_timeout_ns),
                    [this] {
                      if (replay_.empty()) return;
                      start_replay();
                      replay_timer_.restart();
                    }),
      ack_timer_(sched, ns(cfg.ack_timeout_ns), [this] {
        if (unacked_ > 0 && !ack_pending_) {
          ack_pending_ = true;
          kick();
        }
      }) {}

WirePacket DataLinkLayer::wrap(const Dllp& d) const {
  WirePacket p;
  p.dllp = d.encode();
  return p;
}

WirePacket DataLinkLayer::take_dllp() {
  const uint16_t last_good = uint16_t((expected_seq_ + kSeqMod - 1) % kSeqMod);
  if (nak_pending_) {
    nak_pending_ = false;
    ++naks_sent_;
    unacked_ = 0;  // a Nak acknowledges everything up to last_good, as an Ack would
    ack_timer_.cancel();
    return wrap(Dllp{Dllp::Type::Nak, last_good});
  }
  if (ack_pending_) {
    ack_pending_ = false;
    unacked_ = 0;
    ack_timer_.cancel();
    return wrap(Dllp{Dllp::Type::Ack, last_good});
  }
  for (unsigned c = 0; c < 3; ++c) {
    if (fc_pending_ & (1u << c)) {
      fc_pending_ &= ~(1u << c);
      return wrap(make_update_fc(FcClass(c)));
    }
  }
  return {};
}

void DataLinkLayer::queue_update_fc(FcClass c) {
  fc_pending_ |= 1u << unsigned(c);
  kick();
}

bool DataLinkLayer::room_for(const Tlp& t) const {
  return replay_.empty() || replay_bytes_ + held_bytes(t) <= cfg_.replay_buffer_bytes;
}

WirePacket DataLinkLayer::send(std::shared_ptr<const Tlp> t, std::function<void()> on_acked) {
  WirePacket p;
  p.seq = next_seq_;
  next_seq_ = uint16_t((next_seq_ + 1) % kSeqMod);
  p.lcrc = p.lcrc_sent = lcrc_of(p.seq, *t);
  p.tlp = t;
  replay_bytes_ += held_bytes(*t);
  stats_->note_queue(replay_bytes_, "B");
  replay_.push_back(Held{std::move(t), p.seq, p.lcrc, std::move(on_acked)});
  if (!replay_timer_.armed()) replay_timer_.restart();
  if (corrupt_next_ > 0) {
    --corrupt_next_;
    corrupt(p);
  } else if (rng_.chance(cfg_.lcrc_error_rate)) {
    corrupt(p);
  }
  return p;
}

// A bit error on the wire: the receiver gets other bytes than were sent, under
// the LCRC computed over the sent ones.
void DataLinkLayer::corrupt(WirePacket& p) {
  p.sent = p.tlp;
  p.tlp = share(p.tlp->with_bit_flipped(rng_.next() % (p.tlp->bytes().size() * 8)));
  p.corrupted = true;
}

WirePacket DataLinkLayer::take_replay() {
  const Held& h = replay_[replay_next_++];
  if (replay_next_ == replay_.size()) replay_active_ = false;
  WirePacket p;
  p.tlp = h.tlp;
  p.seq = h.seq;
  p.lcrc = p.lcrc_sent = h.lcrc;
  if (rng_.chance(cfg_.lcrc_error_rate)) corrupt(p);
  return p;
}

void DataLinkLayer::purge_through(uint16_t seq) {
  size_t popped = 0;
  while (!replay_.empty() && seq_not_after(replay_.front().seq, seq)) {
    Held h = std::move(replay_.front());
    replay_.pop_front();
    replay_bytes_ -= held_bytes(*h.tlp);
    ++popped;
    if (h.on_acked) h.on_acked();
  }
  replay_next_ = replay_next_ > popped ? replay_next_ - popped : 0;
  if (popped) {
    // Forward progress: the timer restarts, or stops when nothing is held.
    if (replay_.empty()) {
      replay_timer_.cancel();
    } else {
      replay_timer_.restart();
    }
    kick();
  }
}

void DataLinkLayer::start_replay() {
  replay_active_ = true;
  replay_next_ = 0;
  ++replays_;
  kick();
}

void DataLinkLayer::request_nak() {
  if (nak_scheduled_) return;  // one Nak per lost sequence (§3.5.3.1 NAK_SCHEDULED)
  nak_scheduled_ = true;
  nak_pending_ = true;
  kick();
}

const Tlp* DataLinkLayer::receive_tlp(const WirePacket& p) {
  // The LCRC is checked over the bytes that arrived. A packet whose bytes and
  // LCRC are as sent skips the CRC (a pass over every TLP that cannot fail).
  if ((p.corrupted || p.lcrc != p.lcrc_sent) && lcrc_of(p.seq, *p.tlp) != p.lcrc) {
    stats_->drop("bad_lcrc");
    request_nak();
    return nullptr;
  }
  if (p.seq != expected_seq_) {
    if (seq_not_after(p.seq, uint16_t((expected_seq_ + kSeqMod - 1) % kSeqMod))) {
      stats_->drop("duplicate");
      ack_pending_ = true;  // duplicate of one already received: Ack it again
      kick();
    } else {
      stats_->drop("out_of_sequence");
      request_nak();
    }
    return nullptr;
  }
  expected_seq_ = uint16_t((expected_seq_ + 1) % kSeqMod);
  nak_scheduled_ = false;
  // Ack now when enough TLPs wait, or when no further TLP is on its way (the end of
  // a burst); otherwise the Ack timer bounds the wait.
  const bool burst_over = cfg_.ack_on_idle && rx_active && !rx_active();
  if (++unacked_ >= cfg_.ack_every || burst_over) {
    ack_pending_ = true;
    kick();
  } else {
    ack_timer_.start();
  }
  return p.tlp.get();
}

void DataLinkLayer::receive_dllp(const WirePacket& p) {
  const Dllp d = Dllp::decode(p.dllp);
  switch (d.type) {
    case Dllp::Type::Ack:
      purge_through(d.seq);
      break;
    case Dllp::Type::Nak:
      purge_through(d.seq);
      if (!replay_.empty()) {
        start_replay();
        replay_timer_.restart();  // a Nak-initiated replay restarts REPLAY_TIMER (§3.5.2.1)
      }
      break;
    case Dllp::Type::UpdateFc:
      if (on_update_fc) on_update_fc(d);
      break;
  }
}

void DataLinkLayer::fingerprint(Fingerprint& f) const {
  f.add(replay_.size());
  f.add(replay_bytes_);
  f.add(replay_next_);
  f.add(uint64_t(replay_active_) | uint64_t(ack_pending_) << 1 | uint64_t(nak_pending_) << 2 |
        uint64_t(nak_scheduled_) << 3 | uint64_t(fc_pending_) << 4);
  f.add(unacked_);
  f.add(corrupt_next_);
  replay_timer_.fingerprint(f);
  ack_timer_.fingerprint(f);
}

}  // namespace ws::pcie
