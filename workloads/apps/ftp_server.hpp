#pragma once
// The NDK FTP server of the 66AK2H study as a TI-RTOS task: it listens on port
// 21, takes one session at a time, answers the control connection through the
// protocol session (ftp_protocol.hpp) and runs the data connection it asks
// for: PASV (a no-copy listener) or PORT (it connects), RETR through the send
// loop of ftp_filerout_read (a file read of `send_bytes` into the data buffer,
// one send() of it, optionally Task_yield()), STOR by recvnc() until the
// client closes. The file is a RAM file of the pattern ftp_file_pattern(); what
// a STOR brings is checked against it. A socket()/accept() that fails with
// ENOMEM leaves the server up and the client refused, as on the board.
#ifdef WS_HAVE_LWIP
#include <cstdint>
#include <string>
#include <vector>
#include "workloads/apps/ftp_protocol.hpp"
#include "workloads/net/ndk_sockets.hpp"
#include "workloads/os/tirtos/tirtos.hpp"

namespace ws::apps {

struct FtpServerConfig {
  uint32_t ip;
  uint16_t pasv_port;
  std::string file_name;
  uint64_t file_bytes;
  uint64_t file_base;          // the RAM file's simulated address
  uint32_t send_bytes;         // DATA_BUFFER_SIZE: one send() of the loop
  bool task_yield;             // Task_yield() after every send()
  double loop_instructions;    // the loop's own work per iteration (file bookkeeping, checks)
  double command_instructions; // parsing one command and building its reply
};

class FtpServer {
 public:
  FtpServer(const FtpServerConfig& cfg, os::TiRtos& rtos, net::NdkSockets& sockets, net::LwipOnCore& lwip,
            unsigned priority);
  // "ok", or why a connection was refused.
  const std::string& status() const { return status_; }
  uint64_t received_bytes() const { return received_; }
  uint64_t received_wrong() const { return wrong_; }
  uint64_t sends() const { return sends_; }

 private:
  os::Task run();
  os::Task session(int ctl);
  os::Task reply(int ctl, const std::string& text);
  // Each sets `ok`: every byte sent, or the client's clean close (not a reset).
  os::Task send_file(int data, bool& ok);
  os::Task receive_file(int data, bool& ok);

  FtpServerConfig cfg_;
  os::TiRtos& rtos_;
  net::NdkSockets& sock_;
  net::LwipOnCore& lwip_;
  std::vector<uint8_t> buf_;  // the data buffer
  std::vector<uint8_t> ctl_;  // a control line in, or a reply out
  std::string status_ = "ok";
  uint64_t received_ = 0, wrong_ = 0, sends_ = 0;
};

}  // namespace ws::apps
#endif
