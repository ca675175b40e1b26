#pragma once
// What the catalogue-wide tests (bad input, random configurations) need per
// platform: a short run of it, and the platform bugs they found and skip until
// someone fixes the platform.
#include <gtest/gtest.h>
#include <fmt/format.h>
#include <string>
#include <utility>
#include <vector>
#include "platforms/platform.hpp"

namespace ws::test {

// Every platform's name, for INSTANTIATE_TEST_SUITE_P.
inline std::vector<std::string> platform_names() {
  std::vector<std::string> names;
  for (const auto& p : ws::platforms()) names.push_back(p.name);
  return names;
}

// Keys that keep a run of the platform short (a bad value accepted by mistake
// must not start the default 100 MB transfer); empty for an unknown platform.
inline std::vector<std::pair<std::string, std::string>> short_run(const std::string& platform) {
  if (platform == "msc815x_pcie") return {{"dma.blocks", "16"}, {"dma.block_bytes", "4096"}};
  if (platform == "msc8144" || platform == "mpc8572") return {{"tester.mode", "fixed"}, {"tester.trial_ms", "1"}};
  if (platform == "a7_rtthread") return {{"iperf.seconds", "0.2"}, {"memcpy.mbytes", "0.1"}};
  if (platform == "k2h") return {{"ftp.file_mbytes", "0.2"}, {"ftp.timeout_s", "5"}};
  return {};
}

// A platform bug these tests found, by what the failure says: a test that
// meets one skips (GTEST_SKIP) with its description instead of failing, until
// the platform is fixed and the entry removed.
struct KnownFailure {
  std::string platform, says, what;
};

// TODO(platform bugs): fix these in the platforms, then remove them here.
inline const std::vector<KnownFailure>& known_failures() {
  static const std::string odd_line =
      "accepts an L1 D-cache line that is not a power of two ({}=48): run fails as a model failure (exit 1, "
      "\"the set count must be a power of two\") instead of refusing it before running (exit 2) as msc8144 does";
  static const std::vector<KnownFailure> all = {
      {"a7_rtthread", "the set count must be a power of two", fmt::format(fmt::runtime(odd_line), "a7.l1d_line_bytes")},
      {"k2h", "the set count must be a power of two", fmt::format(fmt::runtime(odd_line), "a15.l1d_line_bytes")},
      {"mpc8572", "the set count must be a power of two", fmt::format(fmt::runtime(odd_line), "e500.l1d_line_bytes")},
      {"mpc8572", "a coherent L1 must have the shared L2's line size",
       "accepts an e500.l1d_line_bytes other than the shared L2's line (e.g. 64): run fails as a model failure "
       "(exit 1, \"a coherent L1 must have the shared L2's line size\") instead of refusing it before running"},
      {"a7_rtthread", "invariant 'every UDP datagram received, dropped by reason or in flight' violated",
       "UDP rx on an overloaded board loses datagrams from its accounting (exit 1): e.g. iperf.proto=udp "
       "sw.memcpy=rt_halfword rtt.context_switch_cycles=91994.160152 pc.stack=linux rtt.tick_hz=8129 "
       "a7.reg_access_ns=3580.156218 gives 1626 sent, 0 received, 1617 dropped (driver.tcpip_mbox_full), 0 in "
       "flight"},
  };
  return all;
}

// The known failure of `platform` that `error` is, or null.
inline const KnownFailure* known_failure(const std::string& platform, const std::string& error) {
  for (const auto& k : known_failures())
    if (k.platform == platform && error.find(k.says) != std::string::npos) return &k;
  return nullptr;
}

}  // namespace ws::test
