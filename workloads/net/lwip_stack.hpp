#pragma once
// One lwIP instance (a stack profile: cmake/lwip.cmake) driven in simulated
// time: lwIP's clock is the simulation's, its timeouts are scheduler events
// re-armed after every call into it, its frames go to `output` (which must
// deliver them as events: an instance is never re-entered from its own
// call), and every copy and checksum it makes is counted (and, later,
// charged to the core it runs on). lwIP itself is the real 2.1.3 from
// Debian's source package; docs/lwip.md says how it is built.
#ifdef WS_HAVE_LWIP
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include "models/eth/ethernet.hpp"
#include "models/sim/scheduler.hpp"
#include "workloads/net/lwip/ws_lwip.h"

extern "C" const ws_lwip_api* ws_lwip_board(void);
extern "C" const ws_lwip_api* ws_lwip_pc(void);

namespace ws::net {

class LwipStack {
 public:
  // `api`: the instance (ws_lwip_board() or ws_lwip_pc()); each may back one LwipStack.
  LwipStack(const ws_lwip_api* api, Scheduler& sched, const eth::MacAddr& mac, uint32_t ip, uint32_t netmask);
  LwipStack(const LwipStack&) = delete;

  std::function<void(const uint8_t* frame, uint16_t len)> output;  // a frame, FCS not included
  std::function<void(const uint8_t* data, size_t n)> received;     // TCP payload, in order
  std::function<void(int event)> on_event;                         // WS_LWIP_CONNECTED, ...

  void input(const uint8_t* frame, uint16_t len);
  bool listen(uint16_t port);
  bool connect(uint32_t ip, uint16_t port);
  uint32_t write(const uint8_t* data, uint32_t n);  // bytes lwIP took
  uint32_t send_buffer() const { return api_->tcp_sndbuf(); }
  uint32_t window() const { return api_->tcp_wnd(); }
  const char* profile() const { return api_->profile; }
  uint64_t copied_bytes() const { return copied_; }
  uint64_t checksummed_bytes() const { return checksummed_; }
  ws_lwip_counters counters() const;

 private:
  static ws_lwip_host host_for(LwipStack* self);
  void rearm();  // after every call into lwIP: its next timeout as an event, if sooner

  const ws_lwip_api* api_;
  Scheduler& sched_;
  uint64_t timer_generation_ = 0;
  bool wake_pending_ = false;
  sc_core::sc_time wake_at_;
  uint64_t copied_ = 0, checksummed_ = 0;
};

}  // namespace ws::net
#endif
