#ifdef WS_HAVE_LWIP
#include "workloads/apps/ftp_server.hpp"

#include <algorithm>

namespace ws::apps {

namespace {
constexpr uint32_t kRecvncBytes = 1460;  // recvnc() hands over one packet's data
constexpr uint32_t kControlBytes = 512;  // RFC 959 lines and replies are short
}

FtpServer::FtpServer(const FtpServerConfig& cfg, os::TiRtos& rtos, net::NdkSockets& sockets, net::LwipOnCore& lwip,
                     unsigned priority)
    : cfg_(cfg), rtos_(rtos), sock_(sockets), lwip_(lwip), buf_(std::max<uint32_t>(cfg.send_bytes, kRecvncBytes)),
      ctl_(kControlBytes) {
  // The buffers in the board's RAM at fixed addresses (not where the host heap puts them).
  lwip_.map_buffer(buf_.data(), buf_.size());
  lwip_.map_buffer(ctl_.data(), ctl_.size());
  rtos.task("ftpserver", priority, [this] { return run(); });
}

os::Task FtpServer::run() {
  int listener = -1;
  co_await sock_.listen(21, false, listener);
  if (listener < 0) {
    status_ = "refused: " + sock_.last_failure();
    co_return;  // nothing listens: the client's SYN is answered with a reset
  }
  for (;;) {
    int ctl = -1;
    co_await sock_.accept(listener, ctl);
    if (ctl < 0) {
      status_ = "refused: " + sock_.last_failure();
      continue;
    }
    co_await session(ctl);
  }
}

os::Task FtpServer::reply(int ctl, const std::string& text) {
  for (size_t at = 0; at < text.size(); at += ctl_.size()) {
    const auto n = uint32_t(std::min(ctl_.size(), text.size() - at));
    std::copy(text.begin() + long(at), text.begin() + long(at + n), ctl_.begin());
    uint32_t sent = 0;
    co_await sock_.send(ctl, ctl_.data(), n, sent);
  }
}

os::Task FtpServer::session(int ctl) {
  FtpServerSession s(cfg_.ip, cfg_.pasv_port, [this](const std::string& name) -> std::optional<uint64_t> {
    if (name == cfg_.file_name) return cfg_.file_bytes;
    return std::nullopt;
  });
  co_await reply(ctl, s.greeting());
  int data_listener = -1, data = -1;
  while (!s.closed()) {
    uint32_t n = 0;
    co_await sock_.recv(ctl, ctl_.data(), uint32_t(ctl_.size()), false, n);
    if (n == 0) break;  // the client went away
    lwip_.core().exec_code(cfg_.command_instructions);
    std::vector<FtpAction> actions;
    const std::string out = s.feed(std::string(ctl_.begin(), ctl_.begin() + n), actions);
    // The data side is ready before the reply that announces it.
    bool failed = false;
    for (const FtpAction& a : actions) {
      if (a.kind == FtpAction::Listen && data_listener < 0) {
        co_await sock_.listen(a.port, true, data_listener);
        failed |= data_listener < 0;
      } else if (a.kind == FtpAction::Connect) {
        co_await sock_.connect(a.ip, a.port, true, data);
        failed |= data < 0;
      }
    }
    if (failed) {
      status_ = data == -1 ? "refused: the client refused the PORT data connection" : "refused: " + sock_.last_failure();
      co_await reply(ctl, "425 Can't open data connection\r\n");
      continue;
    }
    co_await reply(ctl, out);
    for (const FtpAction& a : actions) {
      if (a.kind != FtpAction::Send && a.kind != FtpAction::Receive) continue;
      if (data < 0 && data_listener >= 0) co_await sock_.accept(data_listener, data);
      if (data < 0) {
        status_ = "refused: " + sock_.last_failure();
        co_await reply(ctl, s.transfer_done(false));
        continue;
      }
      bool ok = false;
      if (a.kind == FtpAction::Send) co_await send_file(data, ok);
      else co_await receive_file(data, ok);
      co_await sock_.close(data);
      data = -1;
      co_await reply(ctl, s.transfer_done(ok));
    }
  }
  if (data >= 0) co_await sock_.close(data);
  if (data_listener >= 0) co_await sock_.close(data_listener);
  co_await sock_.close(ctl);
}

// ftp_filerout_read: read DATA_BUFFER_SIZE of the file, send() it, Task_yield().
os::Task FtpServer::send_file(int data, bool& ok) {
  ok = false;
  Cpu& core = lwip_.core();
  const uint64_t dst = lwip_.sim(buf_.data());
  for (uint64_t off = 0; off < cfg_.file_bytes;) {
    const auto n = uint32_t(std::min<uint64_t>(cfg_.send_bytes, cfg_.file_bytes - off));
    ftp_file_pattern().fill(buf_.data(), off, n);
    const sc_core::sc_time t = core.time();
    core.exec_code(cfg_.loop_instructions);
    core.charge_copy(dst, cfg_.file_base + off, n, lib::memcpy_pattern(lwip_.routine(), dst, cfg_.file_base + off, n));
    lwip_.book("ftp file read", t);
    uint32_t sent = 0;
    co_await sock_.send(data, buf_.data(), n, sent);
    ++sends_;
    if (sent < n) co_return;  // the client closed the data connection
    off += n;
    if (cfg_.task_yield) co_await rtos_.kernel().yield();
  }
  ok = true;
}

os::Task FtpServer::receive_file(int data, bool& ok) {
  for (;;) {
    uint32_t n = 0;
    co_await sock_.recv(data, buf_.data(), kRecvncBytes, true, n);
    if (n == 0) {
      ok = !sock_.reset(data);  // the client's close ends the file; a reset aborts it
      co_return;
    }
    wrong_ += ftp_file_pattern().mismatches(buf_.data(), received_, n);
    received_ += n;
    lwip_.core().exec_code(cfg_.loop_instructions);  // recvncfree and the file write's bookkeeping
  }
}

}  // namespace ws::apps
#endif
