// A sweep through a real Slurm job array (one shard per task, then the merge),
// on a one-node cluster the script starts in a temporary directory; where the
// machine cannot start one, the test says why and skips.
#include <gtest/gtest.h>
#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

TEST(Slurm, ASweepRunsAsAJobArrayAndMerges) {
  const std::string cmd = std::string(WS_SOURCE_DIR) + "/tests/integration/slurm_sweep_test.sh " + WS_BIN + " " +
                          WS_SOURCE_DIR + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  const int status = pclose(p);
  const int rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (rc == 77) GTEST_SKIP() << out;
  EXPECT_EQ(rc, 0) << out;
  EXPECT_NE(out.find("PASS"), std::string::npos) << out;
}
