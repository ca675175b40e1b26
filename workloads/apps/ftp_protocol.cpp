#include "workloads/apps/ftp_protocol.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <sstream>

namespace ws::apps {

namespace {
std::string upper(std::string s) {
  for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}
// "h1,h2,h3,h4,p1,p2" -> address and port; false unless six numbers 0..255.
bool parse_host_port(const std::string& text, uint32_t& ip, uint16_t& port) {
  std::stringstream ss(text);
  std::vector<int> v;
  for (std::string f; std::getline(ss, f, ',');) {
    const auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
    if (f.empty() || f.size() > 3 || !std::all_of(f.begin(), f.end(), digit)) return false;
    v.push_back(std::stoi(f));
  }
  if (v.size() != 6 || std::any_of(v.begin(), v.end(), [](int x) { return x > 255; })) return false;
  ip = uint32_t(v[0]) << 24 | uint32_t(v[1]) << 16 | uint32_t(v[2]) << 8 | uint32_t(v[3]);
  port = uint16_t(v[4] << 8 | v[5]);
  return true;
}
}  // namespace

FtpServerSession::FtpServerSession(uint32_t ip, uint16_t pasv_port,
                                   std::function<std::optional<uint64_t>(const std::string&)> file_bytes)
    : ip_(ip), pasv_port_(pasv_port), file_bytes_(std::move(file_bytes)) {}

std::string FtpServerSession::feed(const std::string& bytes, std::vector<FtpAction>& actions) {
  pending_ += bytes;
  std::string out;
  for (size_t eol; !closed_ && (eol = pending_.find("\r\n")) != std::string::npos;) {
    const std::string line = pending_.substr(0, eol);
    pending_.erase(0, eol + 2);
    out += command(line, actions);
  }
  if (pending_.size() > 512) {  // RFC 959 lines are short: a runaway line is refused, not buffered forever
    pending_.clear();
    out += "500 Line too long\r\n";
  }
  return out;
}

std::string FtpServerSession::command(const std::string& line, std::vector<FtpAction>& actions) {
  const auto space = line.find(' ');
  const std::string verb = upper(line.substr(0, space));
  const std::string arg = space == std::string::npos ? "" : line.substr(space + 1);
  if (verb == "USER") {
    user_ = true;
    return "331 User name okay, need password\r\n";
  }
  if (verb == "PASS") {
    if (!user_) return "503 Login with USER first\r\n";
    logged_in_ = true;
    return "230 User logged in\r\n";
  }
  if (verb == "QUIT") {
    closed_ = true;
    actions.push_back({FtpAction::Close, 0, 0, {}});
    return "221 Goodbye\r\n";
  }
  if (verb == "SYST") return "215 UNIX Type: L8\r\n";
  if (verb == "NOOP") return "200 OK\r\n";
  if (!logged_in_) {
    if (verb == "TYPE" || verb == "PASV" || verb == "PORT" || verb == "RETR" || verb == "STOR" || verb == "SIZE")
      return "530 Not logged in\r\n";
    return "500 Unknown command\r\n";
  }
  if (verb == "TYPE") {
    if (upper(arg) == "I" || upper(arg) == "A") return "200 Type set to " + upper(arg) + "\r\n";
    return "504 Type not implemented\r\n";
  }
  if (verb == "PASV") {
    data_ready_ = true;
    actions.push_back({FtpAction::Listen, ip_, pasv_port_, {}});
    return fmt::format("227 Entering Passive Mode ({})\r\n", ftp_port_argument(ip_, pasv_port_));
  }
  if (verb == "PORT") {
    uint32_t ip = 0;
    uint16_t port = 0;
    if (!parse_host_port(arg, ip, port)) return "501 Syntax error in PORT\r\n";
    data_ready_ = true;
    actions.push_back({FtpAction::Connect, ip, port, {}});
    return "200 PORT command successful\r\n";
  }
  if (verb == "SIZE") {
    const auto n = file_bytes_(arg);
    return n ? fmt::format("213 {}\r\n", *n) : "550 " + arg + ": No such file\r\n";
  }
  if (verb == "RETR" || verb == "STOR") {
    if (arg.empty()) return "501 Missing file name\r\n";
    if (!data_ready_) return "425 Use PORT or PASV first\r\n";
    if (verb == "RETR" && !file_bytes_(arg)) return "550 " + arg + ": No such file\r\n";
    data_ready_ = false;
    actions.push_back({verb == "RETR" ? FtpAction::Send : FtpAction::Receive, 0, 0, arg});
    return "150 Opening BINARY mode data connection for " + arg + "\r\n";
  }
  return "500 Unknown command\r\n";
}

std::string FtpServerSession::transfer_done(bool ok) const {
  return ok ? "226 Transfer complete\r\n" : "426 Connection closed; transfer aborted\r\n";
}

const lib::BytePattern& ftp_file_pattern() {
  static const lib::BytePattern pattern(167, 9, 3);
  return pattern;
}

std::string ftp_command(const std::string& verb, const std::string& arg) {
  return arg.empty() ? verb + "\r\n" : verb + " " + arg + "\r\n";
}

std::vector<int> ftp_reply_codes(std::string& bytes) {
  std::vector<int> codes;
  for (size_t eol; (eol = bytes.find("\r\n")) != std::string::npos;) {
    const std::string line = bytes.substr(0, eol);
    bytes.erase(0, eol + 2);
    const bool code = line.size() >= 3 && std::isdigit(static_cast<unsigned char>(line[0])) &&
                      std::isdigit(static_cast<unsigned char>(line[1])) &&
                      std::isdigit(static_cast<unsigned char>(line[2]));
    if (code && line.size() > 3 && line[3] == '-') continue;  // a multi-line reply's first lines
    codes.push_back(code ? std::stoi(line.substr(0, 3)) : 0);
  }
  return codes;
}

bool ftp_parse_pasv(const std::string& reply, uint32_t& ip, uint16_t& port) {
  const auto open = reply.find('('), close = reply.find(')');
  if (reply.rfind("227", 0) != 0 || open == std::string::npos || close == std::string::npos || close < open)
    return false;
  return parse_host_port(reply.substr(open + 1, close - open - 1), ip, port);
}

std::string ftp_port_argument(uint32_t ip, uint16_t port) {
  return fmt::format("{},{},{},{},{},{}", ip >> 24, (ip >> 16) & 0xFF, (ip >> 8) & 0xFF, ip & 0xFF, port >> 8,
                     port & 0xFF);
}

}  // namespace ws::apps
