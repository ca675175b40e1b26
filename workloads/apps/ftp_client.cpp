#ifdef WS_HAVE_LWIP
#include "workloads/apps/ftp_client.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <utility>

namespace ws::apps {

namespace {
constexpr uint64_t kFileBlock = 16 * 1024;  // the file side's slack: one block of the client's file I/O (assumed)
}  // namespace

FtpClient::FtpClient(const FtpClientConfig& cfg, net::LwipStack& stack, Scheduler& sched)
    : cfg_(cfg), stack_(stack), sched_(sched), buf_(64 * 1024) {
  stack_.on_event = [this](int e, int socket) { on_event(e, socket); };
  sched_.at(cfg.start, [this] {
    ctl_ = stack_.connect(cfg_.server_ip, 21);
    if (ctl_ < 0) fail("no socket for the control connection");
  });
}

void FtpClient::fail(const std::string& why) {
  if (step_ == Step::Done) return;
  failure_ = why;
  step_ = Step::Done;
}

// Never back into lwIP from its own callback: the client's work runs as the next event.
void FtpClient::on_event(int e, int socket) {
  if (socket == ctl_) {
    if (e == WS_LWIP_CONNECTED) step_ = Step::Greeting;
    if (e == WS_LWIP_ERROR || e == WS_LWIP_CLOSED) {
      if (step_ == Step::Greeting || step_ == Step::Connecting) {
        refused_ = true;
        fail(e == WS_LWIP_ERROR ? "control connection reset" : "control connection closed before the greeting");
      } else if (step_ != Step::Quit) {
        fail("control connection closed");
      } else {
        step_ = Step::Done;
      }
    }
  } else if (socket == data_ && data_ >= 0) {
    if (e == WS_LWIP_CONNECTED && step_ == Step::DataConnect) {
      step_ = Step::Transfer;
      sched_.at(now(), [this] { command(cfg_.get ? "RETR" : "STOR", cfg_.file_name); });
    }
    if (e == WS_LWIP_CLOSED || e == WS_LWIP_ERROR) data_closed_ = true;
    if (e == WS_LWIP_SENT && !cfg_.get) sched_.at(now(), [this] { pump(); });
  }
  if (e == WS_LWIP_READABLE || (e == WS_LWIP_CLOSED && socket == data_)) {
    if (!scheduled_) {
      scheduled_ = true;
      sched_.at(now(), [this] {
        scheduled_ = false;
        if (cfg_.get && data_ >= 0) drain_data();
        control();
      });
    }
  }
}

void FtpClient::command(const std::string& verb, const std::string& arg) {
  const std::string c = ftp_command(verb, arg);
  stack_.write(ctl_, reinterpret_cast<const uint8_t*>(c.data()), uint32_t(c.size()));
}

void FtpClient::control() {
  if (ctl_ < 0) return;
  char tmp[512];
  while (uint32_t n = stack_.read(ctl_, reinterpret_cast<uint8_t*>(tmp), sizeof tmp)) pending_.append(tmp, n);
  for (size_t eol; (eol = pending_.find("\r\n")) != std::string::npos;) {
    std::string line = pending_.substr(0, eol + 2);
    pending_.erase(0, eol + 2);
    last_line_ = line.substr(0, line.size() - 2);
    for (int code : ftp_reply_codes(line)) reply(code);
  }
}

void FtpClient::reply(int code) {
  replies_.push_back(code);
  switch (step_) {
    case Step::Greeting:
      if (code != 220) return fail(fmt::format("greeting {}", code));
      step_ = Step::User;
      return command("USER", "anonymous");
    case Step::User:
      if (code != 331 && code != 230) return fail(fmt::format("USER answered {}", code));
      step_ = Step::Pass;
      return command("PASS", "wirespeed@");
    case Step::Pass:
      if (code != 230) return fail(fmt::format("PASS answered {}", code));
      step_ = Step::Type;
      return command("TYPE", "I");
    case Step::Type:
      if (code != 200) return fail(fmt::format("TYPE answered {}", code));
      step_ = Step::Pasv;
      return command("PASV");
    case Step::Pasv: {
      uint32_t ip = 0;
      uint16_t port = 0;
      if (code != 227 || !ftp_parse_pasv(last_line_, ip, port)) return fail(fmt::format("PASV answered {}", code));
      step_ = Step::DataConnect;
      data_ = stack_.connect(ip, port);
      if (data_ < 0) fail("no socket for the data connection");
      return;
    }
    case Step::Transfer:
      if (code == 150) {
        t150_ = now();
        if (on_transfer_start) on_transfer_start();
        if (!cfg_.get) pump();
        return;
      }
      if (code == 226) {
        got_226_ = true;
        if (cfg_.get) drain_data();
        return finish();
      }
      return fail(fmt::format("transfer answered {}", code));
    case Step::Quit:
      if (code == 221) {
        step_ = Step::Done;
        stack_.close(ctl_);
      }
      return;
    default:
      return;
  }
}

// The transfer is over when the 226 has come and, for a get, the data connection has ended with every byte read.
void FtpClient::finish() {
  if (step_ != Step::Transfer || !got_226_ || (cfg_.get && data_ >= 0)) return;
  t226_ = now();
  if (on_transfer_end) on_transfer_end();
  step_ = Step::Quit;
  command("QUIT");
}

// The file side as a clock: by file_free_at_ it has absorbed every byte it was
// given, and it never lags now by more than a block (a pause saves up no more).
uint64_t FtpClient::file_allowance(void (FtpClient::*resume)()) {
  const double rate = cfg_.file_bytes_per_s;
  if (rate <= 0) return UINT64_MAX;
  const sc_core::sc_time slack(double(kFileBlock) / rate, sc_core::SC_SEC);
  if (file_free_at_ + slack < now()) file_free_at_ = now() - slack;
  const double credit = file_free_at_ < now() ? (now() - file_free_at_).to_seconds() * rate : 0;
  if (credit >= 1) {
    if (std::exchange(file_holding_, false)) file_held_ += now() - file_held_since_;
    return uint64_t(credit);
  }
  if (!std::exchange(file_holding_, true)) file_held_since_ = now();
  if (!std::exchange(file_retry_, true))  // a block later, or a second for a rate that low
    sched_.after(std::min(slack, sc_core::sc_time(1, sc_core::SC_SEC)), [this, resume] {
      file_retry_ = false;
      (this->*resume)();
    });
  return 0;
}

void FtpClient::file_took(uint32_t n) {
  bytes_ += n;
  if (cfg_.file_bytes_per_s > 0) file_free_at_ += sc_core::sc_time(n / cfg_.file_bytes_per_s, sc_core::SC_SEC);
}

void FtpClient::pump() {
  while (data_ >= 0 && bytes_ < cfg_.file_bytes) {
    const auto n = uint32_t(std::min<uint64_t>(
        {buf_.size(), cfg_.file_bytes - bytes_, stack_.send_buffer(data_), file_allowance(&FtpClient::pump)}));
    if (n == 0) return;
    ftp_file_pattern().fill(buf_.data(), bytes_, n);
    const uint32_t took = stack_.write(data_, buf_.data(), n);
    if (took == 0) return;
    file_took(took);
  }
  if (data_ >= 0 && bytes_ == cfg_.file_bytes) {  // all queued: the FIN follows the data
    stack_.close(data_);
    data_ = -1;
  }
}

void FtpClient::drain_data() {
  if (data_ < 0) return;
  while (stack_.readable(data_) > 0) {
    const auto room = uint32_t(std::min<uint64_t>(buf_.size(), file_allowance(&FtpClient::drain_data)));
    const uint32_t n = room ? stack_.read(data_, buf_.data(), room) : 0;
    if (n == 0) break;
    wrong_ += ftp_file_pattern().mismatches(buf_.data(), bytes_, n);
    file_took(n);
  }
  if (data_closed_ && stack_.readable(data_) == 0) {
    stack_.close(data_);
    data_ = -1;
    finish();
  }
}

}  // namespace ws::apps
#endif
