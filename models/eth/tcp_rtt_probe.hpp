#pragma once
// A TCP round-trip probe at a sender: it sees the frames the sender's stack
// hands to its driver and the frames its driver hands back up, and for every
// ACK that acknowledges exactly the end of a data segment sent once (Karn:
// never a retransmitted one) takes one sample, from the hand-off down to the
// ACK's hand-off up. The mean is what the sender's RTT estimator sees: its Tx
// queue and the wire, the receiver's processing and its delayed ACK, the way
// back and the sender's interrupt path. It follows the
// connections with `port` at either end (the FTP data connection).
#include <systemc>
#include <cstdint>
#include <map>

namespace ws::eth {

class TcpRttProbe {
 public:
  explicit TcpRttProbe(uint16_t port) : port_(port) {}
  void outgoing(const uint8_t* frame, uint32_t len, const sc_core::sc_time& t);  // the sender's data
  void incoming(const uint8_t* frame, uint32_t len, const sc_core::sc_time& t);  // its ACKs
  void reset() { samples_ = 0, sum_s_ = 0; }
  uint64_t samples() const { return samples_; }
  double mean_us() const { return samples_ ? sum_s_ / double(samples_) * 1e6 : 0; }

 private:
  struct Sent {
    sc_core::sc_time at;
    bool again = false;
  };
  std::map<uint32_t, Sent> by_end_;  // a data segment's end, from the first segment's sequence number
  uint16_t port_;
  bool based_ = false;
  uint32_t base_ = 0;
  uint64_t samples_ = 0;
  double sum_s_ = 0;
};

}  // namespace ws::eth
