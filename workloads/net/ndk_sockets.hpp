#pragma once
// NDK's socket layer (the BSD-like API of TI's NDK) over the stand-in TCP
// engine, an lwIP instance with NDK's profile (docs/k2h.md: where NDK's TCP
// differs). What is NDK's here:
//   buffers   a socket() or accept() takes its socket object and its Tx buffer
//             (CFGITEM_IP_SOCKTCPTXBUF) from the RTOS heap, and its Rx buffer
//             (CFGITEM_IP_SOCKTCPRXBUF) unless it is a no-copy socket, whose
//             receive side is bounded by CFGITEM_IP_SOCKTCPRXLIMIT instead;
//             when the heap has no block for them the call fails with ENOMEM
//             (an accepted connection is then closed: the peer sees it refused)
//   send()    blocks until every byte is in the send buffer
//   recvnc()  hands the application the stack's packet buffer, no copy;
//             recvncfree() gives it back and opens the window
//   llEnter   every call holds the stack's kernel lock (the scheduler task's
//             TcpipThread::call) and costs the socket layer's instructions
// The buffer sizes are the engine's: the Tx buffer its TCP_SND_BUF, the Rx
// limit (no-copy) or Rx buffer its TCP_WND, one set for the instance.
#ifdef WS_HAVE_LWIP
#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <string>
#include "workloads/net/tcpip_thread.hpp"
#include "workloads/os/kernel/sync.hpp"
#include "workloads/os/tirtos/heap_mem.hpp"

namespace ws::net {

class NdkSockets {
 public:
  struct Config {
    uint32_t tcp_tx_buf, tcp_rx_buf, tcp_rx_limit;  // B
    uint32_t socket_object_bytes;                    // the socket's own objects (SOCK, TCPPROT)
  };
  static constexpr int kEnomem = -12;  // a call's result: NDK's ENOMEM (fdError())
  NdkSockets(const Config& cfg, os::HeapMem& heap, os::Kernel& kernel, TcpipThread& stack_lock, LwipStack& stack,
             LwipOnCore& lwip);
  // socket() + bind() + listen(): the listener's fd, or kEnomem.
  os::Task listen(uint16_t port, bool no_copy, int& fd);
  // Blocks for the next connection on `listener`: its fd, or kEnomem (the connection is closed).
  os::Task accept(int listener, int& fd);
  // socket() + connect() (the data connection of PORT mode): fd, kEnomem, or -1 (refused).
  os::Task connect(uint32_t ip, uint16_t port, bool no_copy, int& fd);
  // Blocks until all of [data, data+n) is in the send buffer; `sent` < n: the connection closed or reset.
  os::Task send(int fd, const uint8_t* data, uint32_t n, uint32_t& sent);
  // Blocks until data or the peer's close; copies up to `max` (recv) or hands
  // the buffer over (recvnc: `dst` gets the bytes, no copy charged). 0: closed.
  os::Task recv(int fd, uint8_t* dst, uint32_t max, bool no_copy, uint32_t& n);
  os::Task close(int fd);
  // Allocations that failed (ENOMEM), as "socket()"/"accept()" with what they asked for.
  const std::string& last_failure() const { return last_failure_; }
  // The peer reset the connection (or it failed), rather than closing it.
  bool reset(int fd) const { return socks_.count(fd) && socks_.at(fd).reset; }
  uint64_t failures() const { return failures_; }
  // Time send() spent blocked on a full send buffer (waiting for ACKs).
  const sc_core::sc_time& send_blocked() const { return send_blocked_; }

 private:
  struct Sock {
    uint64_t object = 0, tx = 0, rx = 0;  // heap blocks
    bool no_copy = false, closed = false, connected = false, reset = false;
    uint16_t port = 0;                    // a listener's
    std::deque<int> pending;              // a listener's accepted connections (lwIP ids)
  };
  static uint32_t bit(int id, int what) { return 1u << (id * 3 + what); }  // 0 readable, 1 sent, 2 connected/closed
  bool take_heap(Sock& s, bool no_copy, const char* call);
  void give_heap(Sock& s);
  os::Task locked(std::function<void()> body);

  Config cfg_;
  os::HeapMem& heap_;
  os::Kernel& kernel_;
  TcpipThread& lock_;
  LwipStack& stack_;
  LwipOnCore& lwip_;
  os::Event events_;
  std::map<int, Sock> socks_;  // by the engine's id
  std::set<int> closed_early_;  // connections the peer closed before accept() took them
  std::string last_failure_;
  uint64_t failures_ = 0;
  sc_core::sc_time send_blocked_;
};

}  // namespace ws::net
#endif
