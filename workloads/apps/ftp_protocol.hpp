#pragma once
// FTP's control connection (RFC 959), the part the 66AK2H study's NDK FTP
// server and a PC client speak: commands as CRLF-terminated lines, replies as
// "code text" lines. The server session parses what arrives (in any pieces),
// keeps the login and transfer state, and answers; what it asks of the data
// connection (listen for PASV, connect for PORT, send or receive a file) is an
// action its owner carries out. The client side builds commands and reads the
// reply codes. No sockets here: bytes in, bytes and actions out.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>
#include "workloads/lib/byte_pattern.hpp"

namespace ws::apps {

// What the server's owner does for the data connection.
struct FtpAction {
  enum Kind { None, Listen, Connect, Send, Receive, Close } kind = None;
  uint32_t ip = 0;
  uint16_t port = 0;
  std::string file;
};

class FtpServerSession {
 public:
  // `file_bytes(name)`: the size of a file the server has, none if it has not.
  FtpServerSession(uint32_t ip, uint16_t pasv_port, std::function<std::optional<uint64_t>(const std::string&)> file_bytes);
  // The greeting a new control connection gets.
  std::string greeting() const { return "220 wirespeed FTP server ready\r\n"; }
  // Bytes from the client; returns the replies to send, and sets `actions`.
  std::string feed(const std::string& bytes, std::vector<FtpAction>& actions);
  // The data transfer ended (its reply: 226 on success, 426 when aborted).
  std::string transfer_done(bool ok) const;
  bool logged_in() const { return logged_in_; }
  bool closed() const { return closed_; }

 private:
  std::string command(const std::string& line, std::vector<FtpAction>& actions);
  uint32_t ip_;
  uint16_t pasv_port_;
  std::function<std::optional<uint64_t>(const std::string&)> file_bytes_;
  std::string pending_;  // a command line not yet complete
  bool user_ = false, logged_in_ = false, closed_ = false, data_ready_ = false;
};

// The test file's byte at offset `i`: a pattern the receiver checks.
const lib::BytePattern& ftp_file_pattern();  // uint8_t(i * 167 + (i >> 9) + 3)

// The client side: commands, and the code of each reply line ("227 ..." -> 227).
std::string ftp_command(const std::string& verb, const std::string& arg = {});
// Complete reply lines in `bytes` (consumed from it): their codes; a line
// without a 3-digit code gives 0.
std::vector<int> ftp_reply_codes(std::string& bytes);
// "227 Entering Passive Mode (h1,h2,h3,h4,p1,p2)" -> address and port.
bool ftp_parse_pasv(const std::string& reply, uint32_t& ip, uint16_t& port);
// The PORT argument for an address and port: "h1,h2,h3,h4,p1,p2".
std::string ftp_port_argument(uint32_t ip, uint16_t port);

}  // namespace ws::apps
