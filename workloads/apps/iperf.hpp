#pragma once
// iperf, as the study ran it (iperf3 between the board and a PC): one TCP
// stream or one UDP flow for a fixed time, the board receiving (rx) or sending
// (tx). The board's side is a thread under RT-Thread calling lwIP through the
// socket layer's core lock; the PC's side is event driven on the PC's lwIP
// (it has no simulated core: the PC is not what the study measured).
//
// Every byte is checked: TCP carries a pattern by stream offset, a UDP
// datagram carries iperf3's header (seconds, microseconds, sequence number,
// big-endian) and a pattern by sequence number. Mbit/s is what iperf3 prints:
// payload bits the receiver got per second of the test.
#ifdef WS_HAVE_LWIP
#include <systemc>
#include <cstdint>
#include <functional>
#include <vector>
#include "models/sim/scheduler.hpp"
#include "workloads/lib/byte_pattern.hpp"
#include "workloads/net/tcpip_thread.hpp"
#include "workloads/os/kernel/kernel.hpp"
#include "workloads/os/kernel/sync.hpp"

namespace ws::apps {

struct IperfConfig {
  bool tcp;
  bool board_receives;
  sc_core::sc_time start, end;  // the test's interval
  double udp_mbps;              // payload rate the UDP sender offers; 0: as fast as it can
  uint32_t block_bytes;         // one send() or recv() of the application
  uint16_t udp_bytes;           // UDP payload per datagram
  uint16_t port;
  // TCP through lwIP's raw API in the tcpip thread's context (lwIP's lwiperf,
  // the iperf 2 server of TI's MCU+ SDK): no socket call, no copy of the data.
  bool raw_api = false;
  // UDP sending: after a send lwIP refused, sleep this long (0: go on at once).
  sc_core::sc_time send_retry = sc_core::SC_ZERO_TIME;
};

// Starts the board's application thread under its RTOS: a name, a priority in
// the RTOS's own numbering, the body, when it starts.
using SpawnTask =
    std::function<void(const std::string&, unsigned, std::function<os::Task()>, const sc_core::sc_time&)>;

// What the receiving application got within the test's interval.
struct IperfTally {
  uint64_t bytes = 0;
  uint64_t wrong = 0;       // bytes not what the sender sent there
  uint64_t datagrams = 0;
  uint64_t late = 0;        // arrived after the interval (not counted in bytes)
  uint64_t out_of_order = 0;
  void tcp(const uint8_t* d, uint32_t n, uint64_t& offset, bool in_window);
  void udp(const uint8_t* d, uint32_t n, bool in_window);
  int64_t last_seq = -1;
};

// The TCP stream's byte pattern by offset (a datagram's, by sequence number * 7 + position).
const lib::BytePattern& iperf_pattern();
// A datagram of `n` bytes with sequence `seq`, sent at `t`.
void iperf_datagram(uint8_t* d, uint16_t n, uint32_t seq, const sc_core::sc_time& t);

class IperfBoard {
 public:
  IperfBoard(const IperfConfig& cfg, os::Kernel& kernel, const SpawnTask& spawn, net::TcpipThread& tcpip,
             net::LwipStack& stack, net::LwipOnCore& lwip, unsigned priority, uint32_t pc_ip);
  // The next UDP sending trial, [start, end) at `mbps` (0: as fast as it can).
  void next_trial(const sc_core::sc_time& start, const sc_core::sc_time& end, double mbps);
  const IperfTally& tally() const { return tally_; }
  uint64_t sent_datagrams() const { return sent_datagrams_; }
  uint64_t send_failures() const { return send_failures_; }
  bool listening() const { return listening_; }  // the server's socket is bound (board receives)

 private:
  static constexpr uint32_t kReadable = 1, kSent = 2, kConnected = 4, kTrial = 8;
  os::Task run();
  os::Task tcp_receive();
  os::Task tcp_send();
  os::Task udp_receive();
  os::Task udp_send();
  os::Task api(std::function<void()> body);  // a socket call: its cost, then lwIP under the core lock
  bool in_window() const;

  IperfConfig cfg_;
  os::Kernel& kernel_;
  net::TcpipThread& tcpip_;
  net::LwipStack& stack_;
  net::LwipOnCore& lwip_;
  uint32_t pc_ip_;
  os::Event events_;
  std::vector<uint8_t> buf_;
  IperfTally tally_;
  uint64_t offset_ = 0;
  uint64_t sent_datagrams_ = 0, send_failures_ = 0;
  int sock_ = -1;  // the TCP connection
  bool listening_ = false;
};

class IperfPc {
 public:
  IperfPc(const IperfConfig& cfg, net::LwipStack& stack, Scheduler& sched, uint32_t board_ip);
  // The next UDP sending trial, [start, end) at `mbps`.
  void next_trial(const sc_core::sc_time& start, const sc_core::sc_time& end, double mbps);
  const IperfTally& tally() const { return tally_; }
  uint64_t sent_datagrams() const { return sent_datagrams_; }
  // When the PC is the client: whether the board's server is up (unset: it is).
  std::function<bool()> server_ready;

 private:
  void start();      // the client's test, once the server is up
  void pump();       // TCP: fill the send buffer
  void drain();      // what arrived, read as the application does
  void send_next();  // UDP: the next datagram, paced

  IperfConfig cfg_;
  net::LwipStack& stack_;
  Scheduler& sched_;
  uint32_t board_ip_;
  std::vector<uint8_t> buf_;
  IperfTally tally_;
  uint64_t offset_ = 0, sent_datagrams_ = 0;
  bool pumping_ = false, draining_ = false;
  int sock_ = -1;  // the TCP connection
};

}  // namespace ws::apps
#endif
