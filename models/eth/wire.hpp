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

namespace ws::eth {

class Wire {
 public:
  using Sink = std::function<void(Frame*)>;
  Wire(const std::string& name, double bits_per_s, Scheduler& sched, StatsRegistry& stats)
      : bps_(bits_per_s), sched_(sched), server_(stats.resource(name)) {}
  void connect(Sink sink) { sink_ = std::move(sink); }
  void tap(PcapWriter* pcap) { pcap_ = pcap; }
  // Sends `f` as soon as the wire is free at or after `ready`; returns when its
  // last bit arrives. The sink owns the frame from then on.
  sc_core::sc_time transmit(Frame* f, const sc_core::sc_time& ready) {
    const auto d = wire_time(f->len, bps_);
    const auto end = server_.serve(ready, d, f->len) + d;
    ++frames_;
    sched_.at(end, [this, f] {
      if (pcap_) pcap_->write(now(), f->bytes.data(), f->len);
      sink_(f);
    });
    return end;
  }
  const sc_core::sc_time& free_at() const { return server_.free_at(); }
  double bits_per_s() const { return bps_; }
  uint64_t frames() const { return frames_; }

 private:
  double bps_;
  Scheduler& sched_;
  BusyServer server_;
  Sink sink_;
  PcapWriter* pcap_ = nullptr;
  uint64_t frames_ = 0;
};

}  // namespace ws::eth
