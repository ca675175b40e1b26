#pragma once
// One lwIP instance (a stack profile: cmake/lwip.cmake) driven in simulated
// time: lwIP's clock is the simulation's, its next timeout is an event re-armed
// after every call into it, the frames it sends go to `output` by handle (the
// driver copies and frees them), and every copy and checksum it makes is
// reported to `on_copy`/`on_checksum`, which charge the core it runs on. An
// instance is never re-entered from its own call: frames reach it as events.
// lwIP itself is the real 2.1.3 from Debian's source package; docs/lwip.md
// says how it is built.
#ifdef WS_HAVE_LWIP
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include "models/eth/ethernet.hpp"
#include "models/sim/scheduler.hpp"
#include "workloads/net/lwip/ws_lwip.h"

extern "C" const ws_lwip_api* ws_lwip_board_rtthread(void);
extern "C" const ws_lwip_api* ws_lwip_board_tuned(void);
extern "C" const ws_lwip_api* ws_lwip_board_mcusdk(void);
extern "C" const ws_lwip_api* ws_lwip_pc(void);
extern "C" const ws_lwip_api* ws_lwip_linux(void);
extern "C" const ws_lwip_api* ws_lwip_windows(void);
extern "C" const ws_lwip_api* ws_lwip_ndk(void);

namespace ws::net {

class LwipStack {
 public:
  // `api`: the instance (ws_lwip_board_rtthread(), ...); each may back one LwipStack.
  LwipStack(const ws_lwip_api* api, Scheduler& sched, const eth::MacAddr& mac, uint32_t ip, uint32_t netmask,
            const ws_lwip_options& opt = {});
  LwipStack(const LwipStack&) = delete;

  std::function<void(void* frame, uint16_t len)> output;              // tx_pieces / tx_copy, then tx_free
  std::function<void(void* dst, const void* src, size_t n)> on_copy;  // after lwIP's MEMCPY moved the bytes
  std::function<void(const void* data, size_t n)> on_checksum;
  std::function<void(int event, int socket)> on_event;                // WS_LWIP_CONNECTED, ...; socket -1: UDP
  // A timeout is due; the owner calls check_timeouts() in the context that runs
  // lwIP's timers (unset: at once, from the event).
  std::function<void()> on_timer;

  // --- the netif ---
  void* rx_alloc(uint16_t len, uint8_t** data) { return api_->rx_alloc(len, data); }
  bool rx_input(void* frame);
  void rx_free(void* frame) { api_->rx_free(frame); }
  bool input(const uint8_t* frame, uint16_t len);  // a whole frame: alloc, copy, input
  int tx_pieces(void* frame, const uint8_t** data, uint16_t* len, int max) const {
    return api_->tx_pieces(frame, data, len, max);
  }
  uint16_t tx_copy(void* frame, uint8_t* out) const;  // the frame's bytes, contiguous
  void tx_free(void* frame) { api_->tx_free(frame); }
  void check_timeouts();

  // --- TCP sockets, by id (ws_lwip.h); -1: failed ---
  int listen(uint16_t port);
  int connect(uint32_t ip, uint16_t port);
  uint32_t write(int socket, const uint8_t* data, uint32_t n);  // bytes lwIP took
  uint32_t read(int socket, uint8_t* dst, uint32_t max);
  uint32_t readable(int socket) const { return api_->tcp_readable(socket); }
  uint32_t send_buffer(int socket) const { return api_->tcp_sndbuf(socket); }
  void close(int socket);
  uint16_t local_port(int socket) const { return api_->tcp_local_port(socket); }
  uint32_t window() const { return api_->tcp_wnd(); }
  bool udp_bind(uint16_t port);
  bool udp_connect(uint32_t ip, uint16_t port);
  bool udp_send(const uint8_t* data, uint16_t n);
  int udp_read(uint8_t* dst, uint16_t max);  // one datagram's length; -1: none
  uint32_t udp_waiting() const { return api_->udp_waiting(); }

  void arp_request(uint32_t ip) { api_->arp_request(ip); }
  bool arp_resolved(uint32_t ip) const { return api_->arp_resolved(ip) != 0; }
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
