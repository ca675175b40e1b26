#pragma once
// The Windows PC's FTP client of the 66AK2H study (get and put of one file),
// event driven on the PC's lwIP instance (the PC has no simulated core: it is
// not what the study measured). It logs in (USER, PASS), sets TYPE I, asks for
// PASV, connects the data connection, then RETR (checking every byte against
// ftp_file_pattern) or STOR (sending the pattern, then closing the data
// connection), and QUIT. Its figure is what an FTP client prints: file bytes
// over the time from the 150 reply to the end of the transfer (the 226 reply
// and, for a get, the data connection's end).
#ifdef WS_HAVE_LWIP
#include <systemc>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include "models/sim/scheduler.hpp"
#include "workloads/apps/ftp_protocol.hpp"
#include "workloads/net/lwip_stack.hpp"

namespace ws::apps {

struct FtpClientConfig {
  bool get;                 // get: RETR (the board sends); put: STOR
  std::string file_name;
  uint64_t file_bytes;
  uint32_t server_ip;
  sc_core::sc_time start;
  // The PC's file side (its disk and the client's loop around it) moves at
  // most this many bytes a second, with at most one 16 KB block of slack (a
  // pause saves up no more): a get reads its socket no faster than the file is
  // written, so the PC's receive window closes behind it; a put writes no
  // faster than the file is read. 0: no limit.
  double file_bytes_per_s = 0;
};

class FtpClient {
 public:
  FtpClient(const FtpClientConfig& cfg, net::LwipStack& stack, Scheduler& sched);
  std::function<void()> on_transfer_start, on_transfer_end;  // at the 150 reply and at the transfer's end
  bool done() const { return step_ == Step::Done; }
  bool refused() const { return refused_; }
  const std::string& failure() const { return failure_; }   // why the session did not complete
  uint64_t bytes() const { return bytes_; }                 // received (get) or sent (put)
  uint64_t wrong() const { return wrong_; }
  const sc_core::sc_time& transfer_start() const { return t150_; }
  const sc_core::sc_time& transfer_end() const { return t226_; }  // the 226 and all data in
  const std::vector<int>& replies() const { return replies_; }
  // Time the transfer waited on the file side (file_bytes_per_s).
  const sc_core::sc_time& file_held() const { return file_held_; }

 private:
  enum class Step { Connecting, Greeting, User, Pass, Type, Pasv, DataConnect, Transfer, Quit, Done };
  void on_event(int e, int socket);
  void control();    // reply lines as they come
  void reply(int code);
  void command(const std::string& verb, const std::string& arg = {});
  void pump();       // put: the file into the data connection
  void drain_data(); // get: what arrived on the data connection
  void finish();     // the 226 and, for a get, the data connection's end
  // Bytes the file side lets through now; none: `resume` runs again once the
  // next block is due.
  uint64_t file_allowance(void (FtpClient::*resume)());
  void file_took(uint32_t n);  // n more file bytes moved
  void fail(const std::string& why);

  FtpClientConfig cfg_;
  net::LwipStack& stack_;
  Scheduler& sched_;
  Step step_ = Step::Connecting;
  int ctl_ = -1, data_ = -1;
  std::string pending_;  // control bytes not yet a whole line
  std::string last_line_;
  std::vector<uint8_t> buf_;
  uint64_t bytes_ = 0, wrong_ = 0;
  bool data_closed_ = false, got_226_ = false, refused_ = false, scheduled_ = false;
  bool file_retry_ = false, file_holding_ = false;
  sc_core::sc_time file_free_at_, file_held_, file_held_since_;
  std::string failure_;
  std::vector<int> replies_;
  sc_core::sc_time t150_, t226_;
};

}  // namespace ws::apps
#endif
