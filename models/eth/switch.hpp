#pragma once
// A store-and-forward Ethernet switch (the gigabit switch between a board and
// a PC): a frame is looked up once it has wholly arrived, after `latency_ns`;
// it goes out of the port its destination was learnt on (flooded to every other
// port while unknown, and for broadcasts), and waits in that port's output
// buffer for the wire. A frame that does not fit the buffer is dropped and
// counted ("<name>.portN" resource, reason "output_buffer_full").
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "models/eth/frame.hpp"
#include "models/eth/wire.hpp"
#include "models/sim/param.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"

namespace ws::eth {

class Switch {
 public:
  struct Config {
    unsigned ports;
    double bits_per_s;           // every port's line rate, unless port_bits_per_s gives it
    uint32_t output_buffer_bytes;  // per port
    double latency_ns;           // last bit in to the lookup's decision
    std::vector<double> port_bits_per_s = {};  // per port (a port negotiated down to 100 Mbit/s)
  };
  // "<prefix>.output_buffer_bytes", "<prefix>.latency_ns".
  static void declare_params(ParamTable& t, const std::string& prefix);
  // `ports` at `port_bits_per_s` (the board's cabling) with those keys.
  static Config from(const ParamTable& p, const std::string& prefix, std::vector<double> port_bits_per_s);

  Switch(const std::string& name, const Config& cfg, Scheduler& sched, StatsRegistry& stats, FramePool& pool);
  // A frame's last bit arrives on `port` (connect a wire's sink here); the switch owns it.
  void receive(unsigned port, Frame* f);
  // Port `port`'s transmit direction: connect its sink to the device on that port.
  double bits_per_s(unsigned port) const;
  Wire& out(unsigned port) { return *ports_.at(port).wire; }
  uint64_t dropped(unsigned port) const { return ports_.at(port).dropped; }
  uint32_t buffered(unsigned port) const { return ports_.at(port).queued; }
  // Frames the switch holds for `port`: past the lookup, waiting for or on its wire.
  uint64_t frames_for(unsigned port) const { return ports_.at(port).wire->in_flight(); }
  // Frames in the lookup (received, not yet forwarded).
  uint64_t frames_in_lookup() const { return in_lookup_; }

 private:
  struct Port {
    std::unique_ptr<Wire> wire;
    ResourceStats* stats;
    uint32_t queued = 0;  // bytes waiting for or on the wire
    uint64_t dropped = 0;
  };
  void forward(unsigned in, Frame* f);
  void enqueue(unsigned out, Frame* f);

  std::string name_;
  Config cfg_;
  Scheduler& sched_;
  FramePool& pool_;
  std::vector<Port> ports_;
  std::map<MacAddr, unsigned> learnt_;
  uint64_t in_lookup_ = 0;
};

}  // namespace ws::eth
