#pragma once
// A host on the test network with no simulated core: an lwIP stack (the PC of
// the iperf and FTP studies, or either end of a test's link), its NIC and the
// cable. What the stack sends leaves as a frame on the NIC's wire; a frame
// that reaches the host goes to the stack at the NIC's next interrupt (its
// interrupt throttling, models/eth/nic_throttle.hpp) and the stack's time
// after it; with throttling off, that time after its last bit.
#ifdef WS_HAVE_LWIP
#include <systemc>
#include <cstdint>
#include <functional>
#include "models/eth/nic_throttle.hpp"
#include "models/eth/wire.hpp"
#include "platforms/common/run_context.hpp"
#include "workloads/net/lwip_stack.hpp"

namespace ws {

class PcPeer {
 public:
  struct Config {
    const ws_lwip_api* api;  // the lwIP instance (ws_lwip_linux(), ...)
    eth::MacAddr mac;
    uint32_t ip, netmask;
    ws_lwip_options options;
    eth::NicThrottle::Config throttle;
    const char* nic = "pc.tx";  // the NIC's wire, as the statistics and the trace name it
  };
  PcPeer(const Config& cfg, RunContext& run);
  PcPeer(const PcPeer&) = delete;

  // The cable: the NIC's frames go to `network`; the frames `from` carries come to this host.
  void plug(eth::Wire::Sink network, eth::Wire& from);
  // Two hosts back to back.
  static void cable(PcPeer& a, PcPeer& b) { a.plug([&b](eth::Frame* f) { b.receive(f); }, b.nic); }
  // An ICMP echo request to the host at `ip` and `mac` (Windows' ping: 32 B of
  // data), ready at `at`; the replies that reach this host are counted.
  void ping(const eth::MacAddr& mac, uint32_t ip, const sc_core::sc_time& at);
  unsigned echo_replies() const { return echo_replies_; }

  // What the host sees (a frame's bytes without the FCS): a frame the stack
  // hands the NIC, a frame as the stack takes it.
  std::function<void(const uint8_t* frame, uint32_t len)> on_send, on_input;

  net::LwipStack stack;
  eth::Wire nic;
  eth::NicThrottle throttle;

 private:
  void send(const uint8_t* frame, uint32_t len, const sc_core::sc_time& at);  // not through lwIP
  void receive(eth::Frame* f);
  RunContext& run_;
  const eth::MacAddr mac_;
  const uint32_t ip_;
  unsigned echo_replies_ = 0;
};

}  // namespace ws
#endif
