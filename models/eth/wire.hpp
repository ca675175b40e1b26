#pragma once
// One direction of a full-duplex Ethernet link: frames are serialised one after
// another (preamble, frame, inter-frame gap) and delivered to the receiver when
// their last bit arrives. An optional pcap tap records what crossed the wire.
#include <systemc>
#include <cstdint>
#include <functional>
#include <string>
#include "models/eth/frame.hpp"
#include "models/eth/pcap_writer.hpp"
#include "models/sim/busy_server.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"
#include "models/sim/trace_writer.hpp"

namespace ws::eth {

// A receiver that can tell its sender ahead that it drops every frame of a
// length until it calls back (a MAC whose Rx FIFO is full behind a halted
// DMA), so that the sender may count such frames sent and dropped without
// simulating each one (TrafficTester's trains). A frame it drops changes
// nothing in it but its counters.
class DropGate {
 public:
  virtual ~DropGate() = default;
  // Every frame of `len` bytes reaching it from now on is dropped until it opens.
  virtual bool drops_all(uint32_t len) const = 0;
  // `open` runs once, when it opens, before anything it does on opening.
  virtual void when_open(std::function<void()> open) = 0;
  // A frame of `len` bytes reached it and was dropped (as drops_all said): counted.
  virtual void dropped(uint32_t len) = 0;
};

class Wire {
 public:
  using Sink = std::function<void(Frame*)>;
  Wire(const std::string& name, double bits_per_s, Scheduler& sched, StatsRegistry& stats)
      : name_(name), bps_(bits_per_s), sched_(sched), server_(stats.resource(name)) {}
  // The sink gets each frame with its bytes made (Frame::need), unless it says
  // it takes unmade ones (a MAC, which may drop a frame by its length alone).
  void connect(Sink sink, bool takes_unmade = false) {
    sink_ = std::move(sink);
    takes_unmade_ = takes_unmade;
  }
  void tap(PcapWriter* pcap) { pcap_ = pcap; }
  // The receiver's DropGate (unset: none, every frame is simulated).
  void gate(DropGate* g) { gate_ = g; }
  // The receiver's gate when it drops every frame of `len` from now on and no
  // pcap or trace records this wire's frames one by one; else null.
  DropGate* dropping(uint32_t len) const {
    return gate_ && !pcap_ && !trace_ && gate_->drops_all(len) ? gate_ : nullptr;
  }
  // Every frame becomes a span on the wire's trace track.
  void trace(TraceWriter* t) { trace_ = t && t->enabled() ? t : nullptr; }
  // Sends `f` as soon as the wire is free at or after `ready`; returns when its
  // last bit arrives. The sink owns the frame from then on.
  sc_core::sc_time transmit(Frame* f, const sc_core::sc_time& ready) {
    const sc_core::sc_time end = book(*f, ready);
    sched_.at(end, [this, f] { deliver(f); });
    return end;
  }
  // transmit(), then the sender's next step `next` posted for `next_at`. When
  // that is the delivery's own instant (a tester at line rate), `next` runs in
  // the delivery's callback right after it: nothing can run between two
  // callbacks posted one after the other for the same time, so one does for two.
  template <typename Next>
  sc_core::sc_time transmit_then(Frame* f, const sc_core::sc_time& ready, const sc_core::sc_time& next_at, Next next) {
    const sc_core::sc_time end = book(*f, ready);
    if (end == next_at) {
      sched_.at(end, [this, f, next]() mutable {
        deliver(f);
        next();
      });
    } else {
      sched_.at(end, [this, f] { deliver(f); });
      sched_.at(next_at, std::move(next));
    }
    return end;
  }
  // Books the wire for a frame of `len` bytes (its stats, frames()) from the
  // first free moment at or after `ready`; when its last bit arrives. transmit()
  // books each frame so; a sender counting a frame the gate drops books it alone.
  sc_core::sc_time book_len(uint32_t len, const sc_core::sc_time& ready) {
    const auto d = duration(len);
    ++frames_;
    return server_.serve(ready, d, len) + d;
  }
  // `f`'s last bit arrives now: to the sink (made unless the sink takes unmade
  // frames, or a pcap records it). transmit() posts it; a sender that booked
  // the frame unsent and sends it after all (end of a train) posts it itself.
  void deliver(Frame* f) {
    if (pcap_ || !takes_unmade_) f->need();
    if (pcap_) pcap_->write(now(), f->bytes.data(), f->len);
    ++delivered_;
    sink_(f);
  }
  // A frame booked unsent: its last bit has arrived, the gate counts its drop.
  void arrived_unsent(uint32_t len) {
    ++delivered_;
    gate_->dropped(len);
  }
  const sc_core::sc_time& free_at() const { return server_.free_at(); }
  double bits_per_s() const { return bps_; }
  // How long `f` occupies this wire (the last length's kept: a run sends one size at a time).
  sc_core::sc_time duration(const Frame& f) const { return duration(f.len); }
  sc_core::sc_time duration(uint32_t len) const {
    if (len != last_len_) last_len_ = len, last_duration_ = wire_time(len, bps_);
    return last_duration_;
  }
  uint64_t frames() const { return frames_; }
  // Frames sent whose last bit has not arrived yet (waiting for the wire or on it).
  uint64_t in_flight() const { return frames_ - delivered_; }

 private:
  std::string name_;
  double bps_;
  Scheduler& sched_;
  BusyServer server_;
  Sink sink_;
  bool takes_unmade_ = false;
  PcapWriter* pcap_ = nullptr;
  TraceWriter* trace_ = nullptr;
  DropGate* gate_ = nullptr;
  uint64_t frames_ = 0, delivered_ = 0;
  mutable uint32_t last_len_ = 0;
  mutable sc_core::sc_time last_duration_ = wire_time(0, bps_);
  // Books the wire for `f` (and its span on the trace); when its last bit arrives.
  sc_core::sc_time book(Frame& f, const sc_core::sc_time& ready) {
    const sc_core::sc_time end = book_len(f.len, ready);
    if (trace_) {
      const sc_core::sc_time d = duration(f);
      trace_frame(f, end - d, d);
    }
    return end;
  }
  // `f`'s span on the trace, with args to follow it (wire.cpp).
  void trace_frame(Frame& f, sc_core::sc_time start, sc_core::sc_time dur);
};

}  // namespace ws::eth
