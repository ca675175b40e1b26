// FTP's control connection: commands in any pieces, replies with their codes,
// login before transfers, PASV and PORT, RETR and STOR, and the errors (an
// unknown command, a missing file, no data connection, a bad PORT).
#include <gtest/gtest.h>
#include <map>
#include "workloads/apps/ftp_protocol.hpp"

using namespace ws::apps;

namespace {
FtpServerSession session() {
  return FtpServerSession(0xC0A80132, 20001, [](const std::string& f) -> std::optional<uint64_t> {
    if (f == "big.bin") return 100000000;
    return std::nullopt;
  });
}
std::vector<int> codes(std::string replies) { return ftp_reply_codes(replies); }
}  // namespace

TEST(FtpProtocol, AGetWithPasvInPiecesAndItsReplies) {
  auto s = session();
  std::vector<FtpAction> actions;
  EXPECT_EQ(codes(s.greeting()), std::vector<int>{220});
  std::string out = s.feed("USER anonymous\r\nPA", actions);
  out += s.feed("SS guest\r\nTYPE I\r\nPASV\r\n", actions);
  std::string rest = out;
  const auto c = ftp_reply_codes(rest);
  EXPECT_EQ(c, (std::vector<int>{331, 230, 200, 227}));
  uint32_t ip = 0;
  uint16_t port = 0;
  const auto at = out.find("227");
  ASSERT_TRUE(ftp_parse_pasv(out.substr(at, out.find("\r\n", at) - at), ip, port));
  EXPECT_EQ(ip, 0xC0A80132u);
  EXPECT_EQ(port, 20001);
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0].kind, FtpAction::Listen);
  EXPECT_EQ(codes(s.feed("RETR big.bin\r\n", actions)), std::vector<int>{150});
  EXPECT_EQ(actions.back().kind, FtpAction::Send);
  EXPECT_EQ(actions.back().file, "big.bin");
  EXPECT_EQ(codes(s.transfer_done(true)), std::vector<int>{226});
  EXPECT_EQ(codes(s.feed("QUIT\r\n", actions)), std::vector<int>{221});
  EXPECT_TRUE(s.closed());
}

TEST(FtpProtocol, APutWithPort) {
  auto s = session();
  std::vector<FtpAction> actions;
  s.feed("USER a\r\nPASS b\r\n", actions);
  EXPECT_EQ(codes(s.feed("PORT 192,168,1,10,78,32\r\n", actions)), std::vector<int>{200});
  ASSERT_EQ(actions.back().kind, FtpAction::Connect);
  EXPECT_EQ(actions.back().ip, 0xC0A8010Au);
  EXPECT_EQ(actions.back().port, 78 * 256 + 32);
  EXPECT_EQ(ftp_port_argument(0xC0A8010A, 78 * 256 + 32), "192,168,1,10,78,32");
  EXPECT_EQ(codes(s.feed("STOR up.bin\r\n", actions)), std::vector<int>{150});
  EXPECT_EQ(actions.back().kind, FtpAction::Receive);
}

TEST(FtpProtocol, ErrorsHaveTheirCodes) {
  auto s = session();
  std::vector<FtpAction> actions;
  EXPECT_EQ(codes(s.feed("RETR big.bin\r\n", actions)), std::vector<int>{530}) << "not logged in";
  EXPECT_EQ(codes(s.feed("PASS x\r\n", actions)), std::vector<int>{503}) << "PASS before USER";
  s.feed("USER a\r\nPASS b\r\n", actions);
  EXPECT_EQ(codes(s.feed("FROB\r\n", actions)), std::vector<int>{500});
  EXPECT_EQ(codes(s.feed("RETR big.bin\r\n", actions)), std::vector<int>{425}) << "no PASV or PORT";
  EXPECT_EQ(codes(s.feed("PORT 1,2,3\r\n", actions)), std::vector<int>{501});
  EXPECT_EQ(codes(s.feed("PORT 1,2,3,4,300,1\r\n", actions)), std::vector<int>{501});
  s.feed("PASV\r\n", actions);
  EXPECT_EQ(codes(s.feed("RETR missing.bin\r\n", actions)), std::vector<int>{550});
  EXPECT_EQ(codes(s.feed("SIZE missing.bin\r\n", actions)), std::vector<int>{550});
  EXPECT_EQ(codes(s.feed("SIZE big.bin\r\n", actions)), std::vector<int>{213});
  EXPECT_EQ(codes(s.feed("TYPE E\r\n", actions)), std::vector<int>{504});
  EXPECT_EQ(codes(s.feed(std::string(600, 'x'), actions)), std::vector<int>{500}) << "a runaway line";
  EXPECT_EQ(codes(s.transfer_done(false)), std::vector<int>{426});
  std::string multi = "230-Welcome\r\n230 Logged in\r\nno code\r\n";
  EXPECT_EQ(ftp_reply_codes(multi), (std::vector<int>{230, 0}));
}
