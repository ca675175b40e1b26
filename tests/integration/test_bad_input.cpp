// Bad input of every kind the audit tried: each case is a command line (with
// the scenario file it names, when it needs one), the exit code it must give and
// a fragment its message must contain. Every declared parameter of every
// platform is also tried out of its range and with a value of the wrong type:
// each must exit 2 naming the key and its valid range, before any simulation.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>
#include "models/sim/param.hpp"
#include "platforms/platform.hpp"
#include "tests/integration/catalogue.hpp"
#include "tests/integration/cli_runner.hpp"

namespace {

const std::string kEcho = std::string(WS_SOURCE_DIR) + "/workloads/udp_echo/scenarios/echo_64b.yaml";
const std::string kDma = std::string(WS_SOURCE_DIR) + "/workloads/pcie_dma/scenarios/x4_write_32k.yaml";

struct Case {
  std::string what;
  std::string file_text;  // written to a scenario file that @ in args stands for; empty: none
  std::string args;
  std::string fragment;   // in stderr
};

const std::string kHead = "platform: msc8144\nworkload: udp_echo\n";

// A number as --set takes it: an integer for integer parameters.
std::string fmt_value(double v, ws::ParamSpec::Kind kind) {
  return kind == ws::ParamSpec::Kind::Int ? std::to_string(static_cast<long long>(v)) : std::to_string(v);
}

std::vector<Case> cases() {
  const std::string tmp = testing::TempDir();
  // A regular file that exists, made here (a minimal root has no /etc/hostname).
  const std::string file = ws::test::write_file("bad_input_regular_file", "x\n");
  return {
      // the command line
      {"unknown subcommand", "", "bogus", "unknown subcommand 'bogus'"},
      {"no scenario", "", "run", "SCENARIO"},
      {"missing scenario file", "", "run /nonexistent/x.yaml", "/nonexistent/x.yaml"},
      {"unknown option", "", "run " + kEcho + " --colour", "--colour"},
      {"--set without =", "", "run " + kEcho + " --set app.cores", "KEY=VALUE"},
      {"--set empty value", "", "run " + kEcho + " --set app.cores=", "KEY=VALUE"},
      {"--set unknown key", "", "run " + kEcho + " --set app.corez=2", "app.corez"},
      {"--set twice a swept key", "", "run " + kEcho + " --set tester.frame_bytes=64 --sweep tester.frame_bytes=64,128", "also swept"},
      {"--sweep empty value", "", "run " + kEcho + " --sweep tester.frame_bytes=64,,128", "empty value"},
      {"--sweep the same value written two ways", "", "run " + kEcho + " --sweep tester.frame_bytes=64,064", "listed twice"},
      {"--sweep a key twice", "", "run " + kEcho + " --sweep tester.frame_bytes=64 --sweep tester.frame_bytes=128", "given twice"},
      {"a sweep above the point cap", "", "run " + kEcho + " --sweep tester.frame_bytes=64,65,66,67,68,69,70,71,72,73 --sweep soc.core_mhz=100,200,300,400,500,600,700,800,900,1000 --sweep soc.m3_mhz=100,110,120,130,140,150,160,170,180,190 --sweep sw.code_kb=1,2,3,4,5,6,7,8,9,10,11", "more than 10000 points"},
      {"--seed above 2^63-1", "", "run " + kEcho + " --seed 99999999999999999999999", "2^63-1"},
      {"--seed negative", "", "run " + kEcho + " --seed -1", "2^63-1"},
      {"--seed not a number", "", "run " + kEcho + " --seed x", "2^63-1"},
      {"--shard malformed", "", "run " + kEcho + " --shard 3/2", "I/N"},
      {"--format unknown", "", "run " + kEcho + " --format xml", "xml"},
      {"-j zero", "", "run " + kEcho + " -j 0", "jobs"},
      {"--out a directory with other files", "", "run " + kEcho + " --out " + tmp, "neither empty nor an earlier run folder"},
      {"--out in /proc", "", "run " + kEcho + " --out /proc/ws_results", "cannot create the directory"},
      {"--out a regular file", "", "run " + kEcho + " --out " + file, "exists and is not a directory"},
      {"--out under a regular file", "", "run " + kEcho + " --out " + file + "/run", "cannot create the directory"},
      {"--trace in /proc", "", "run " + kEcho + " --trace /proc/ws.json", "cannot write there"},
      {"--pcap a regular file", "", "run " + kEcho + " --pcap " + file, "not a directory"},
      {"--out and --trace the same file", "", "run " + kEcho + " --out " + tmp + "same.out --trace " + tmp + "same.out", "both name"},
      {"--pcap and --out the same place", "", "run " + kEcho + " --out " + tmp + "p --pcap " + tmp + "p", "both name"},
      {"reproduce unknown table", "", "reproduce nope", "unknown table 'nope'"},
      {"reproduce --set of a row key", "", "reproduce pcie --set pcie.lanes=1", "every reference row sets"},
      {"params unknown platform", "", "params nope", "unknown platform 'nope'"},
      {"validate a directory", "", "validate " + tmp, "directory"},
      {"validate /dev/zero", "", "validate /dev/zero", "not a regular file"},
      // the scenario file
      {"empty file", " ", "validate @", "empty scenario"},
      {"a list at top level", "- 1\n- 2\n", "validate @", "expected a map"},
      {"YAML syntax error", "platform: [msc8144\n", "validate @", "YAML syntax error"},
      {"two documents", kHead + "---\n" + kHead, "validate @", "one YAML document"},
      {"unknown top-level key", kHead + "parms:\n  app.cores: 2\n", "validate @", "unknown key 'parms'"},
      {"missing platform", "workload: udp_echo\n", "validate @", "missing required key 'platform'"},
      {"missing workload", "platform: msc8144\n", "validate @", "missing required key 'workload'"},
      {"unknown platform", "platform: msc9999\nworkload: udp_echo\n", "validate @", "unknown platform 'msc9999'"},
      {"workload of another platform", "platform: msc8144\nworkload: pcie_dma\n", "validate @", "does not run on"},
      {"key given twice", kHead + "params:\n  app.cores: 2\n  app.cores: 3\n", "validate @", "given twice"},
      {"params not a map", kHead + "params: 3\n", "validate @", "expected a map"},
      {"a list as a value", kHead + "params:\n  app.cores: [1, 2]\n", "validate @", "expected a scalar"},
      {"an empty nested map", kHead + "params:\n  app: {}\n", "validate @", "empty map"},
      {"a key with a space", kHead + "params:\n  \"app cores\": 2\n", "validate @", "invalid key"},
      {"a key with an empty part", kHead + "params:\n  app..cores: 2\n", "validate @", "invalid key"},
      {"sweep not a list", kHead + "sweep:\n  app.cores: 2\n", "validate @", "non-empty list"},
      {"sweep an empty list", kHead + "sweep:\n  app.cores: []\n", "validate @", "empty"},
      {"sweep a key also in params", kHead + "params:\n  app.cores: 2\nsweep:\n  app.cores: [1, 2]\n", "validate @", "also set under params"},
      {"sweep a value twice, two ways", kHead + "sweep:\n  tester.frame_bytes: [64, 064]\n", "validate @", "listed twice"},
      {"seed negative", kHead + "seed: -3\n", "validate @", "2^63-1"},
      {"seed too large", kHead + "seed: 9223372036854775808\n", "validate @", "2^63-1"},
      {"seed a list", kHead + "seed: [1]\n", "validate @", "2^63-1"},
      {"an unclosed double quote", kHead + "description: \"my test\nparams:\n  app.cores: 4\n", "validate @", "not closed on its line"},
      {"an unclosed single quote", kHead + "params:\n  app.udp_send: 'connect\n", "validate @", "not closed on its line"},
      {"an anchor", kHead + "sweep:\n  app.cores: &n [1, 2]\n", "validate @", "anchors and aliases"},
      {"an alias", kHead + "params:\n  app.cores: *n\n", "validate @", "anchors and aliases"},
      {"a file over the size limit", kHead + "description: x\n" + std::string(1100000, '#') + "\n", "validate @", "limit"},
      {"a control character", kHead + "params:\n  app.cores: 2\x01\n", "validate @", "control character"},
      {"not UTF-8", kHead + "description: caf\xe9\n", "validate @", "not valid UTF-8"},
      {"a tag", kHead + "params:\n  app.cores: !!int 2\n", "validate @", "tags"},
      {"a directive", "%YAML 1.2\n" + kHead, "validate @", "directives"},
      {"a line that starts with a comma", kHead + "params:\n  , app.cores: 2\n", "validate @", "may not start with ','"},
      {"a comma after a closed list", kHead + "sweep:\n  app.cores: [1, 2], 3\n", "validate @", "after a closed"},
      {"a subnormal number", kHead + "params:\n  class.hop_ns: 1e-400\n", "validate @", "class.hop_ns"},
      {"not a number", kHead + "params:\n  class.hop_ns: fast\n", "validate @", "not a number"},
      {"inf", kHead + "params:\n  class.hop_ns: inf\n", "validate @", "not a number"},
      {"nan", kHead + "params:\n  class.hop_ns: nan\n", "validate @", "not a number"},
      {"an integer with a fraction", kHead + "params:\n  app.cores: 1.5\n", "validate @", "not an integer"},
      // combinations that cannot be built
      {"mpc82xx with two cores", kHead + "params:\n  qe.parse_mode: mpc82xx\n  app.cores: 2\n", "validate @", "app.cores"},
      {"two UECs, one channel", kHead + "params:\n  qe.uecs: 2\n", "validate @", "qe.uecs"},
      {"UEC0 keys with one UEC", kHead + "params:\n  uec0.rx_bds: 8\n", "validate @", "uec0.rx_bds"},
      {"a cache with 24 sets", kHead + "params:\n  core.l1d_kb: 48\n", "validate @", "core.l1d_kb"},
      {"an I-cache with 24 sets", kHead + "params:\n  core.l1i_kb: 12\n  core.l1i_ways: 2\n", "validate @", "core.l1i_kb"},
      {"a 48 B cache line", kHead + "params:\n  core.l1d_line_bytes: 48\n", "validate @", "core.l1d_line_bytes"},
      {"MRBLR not a multiple of 128", kHead + "params:\n  uec1.rx_buffer_bytes: 1000\n", "validate @", "uec1.rx_buffer_bytes"},
      {"frames longer than the Rx buffer", kHead + "params:\n  uec1.rx_buffer_bytes: 256\n  tester.frame_bytes: 512\n", "validate @", "tester.frame_bytes"},
      {"a fixed trial the ring holds", kHead + "params:\n  tester.mode: fixed\n  tester.trial_ms: 0.1\n  tester.frame_bytes: 256\n", "validate @", "tester.trial_ms"},
      {"pools too big for M2", kHead + "params:\n  app.buffers: m2\n  app.cores: 4\n  app.channels_per_core: 2\n  uec1.rx_bds: 256\n  uec1.tx_bds: 256\n  uec1.rx_buffer_bytes: 9600\n", "validate @", "app.buffers"},
      {"completions above the MPS", "platform: msc815x_pcie\nworkload: pcie_dma\nparams:\n  pcie.mps: 128\n  pcie.cpl_bytes: 256\n", "validate @", "pcie.cpl_bytes"},
      {"completions not a multiple of RCB", "platform: msc815x_pcie\nworkload: pcie_dma\nparams:\n  pcie.cpl_bytes: 64\n  pcie.rcb: 128\n", "validate @", "pcie.rcb"},
      {"a replay buffer under one TLP", "platform: msc815x_pcie\nworkload: pcie_dma\nparams:\n  pcie.replay_buffer_bytes: 100\n", "validate @", "pcie.replay_buffer_bytes"},
      {"a DMA burst not a power of two", "platform: msc815x_pcie\nworkload: pcie_dma\nparams:\n  dma.burst_bytes: 48\n", "validate @", "dma.burst_bytes"},
      {"buffers beyond the test area", "platform: msc815x_pcie\nworkload: pcie_dma\nparams:\n  dma.block_bytes: 16777216\n  dma.in_flight: 64\n", "validate @", "dma.in_flight"},
  };
}

}  // namespace

TEST(BadInput, EveryCaseExitsTwoWithAMessageThatSaysWhat) {
  int n = 0;
  for (const auto& c : cases()) {
    std::string args = c.args;
    if (!c.file_text.empty()) {
      const std::string path = ws::test::write_file("bad_input_" + std::to_string(n) + ".yaml", c.file_text);
      args.replace(args.find('@'), 1, path);
    }
    const auto r = ws::test::wirespeed(args);
    EXPECT_EQ(r.code, 2) << c.what << ": " << args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.fragment), std::string::npos) << c.what << ": expected '" << c.fragment << "' in: " << r.err;
    EXPECT_TRUE(r.out.empty()) << c.what << ": results on stdout for bad input";
    ++n;
  }
  EXPECT_GE(n, 75);
}

class BadInputOf : public testing::TestWithParam<std::string> {};

// A short scenario of the platform, its first workload, in a file of the
// running test's own (tests of one platform run side by side under ctest -j).
std::string short_scenario(const ws::Platform& p) {
  std::string text = "platform: " + p.name + "\nworkload: " + p.workloads.front() + "\nparams:\n";
  for (const auto& [k, v] : p.short_run) text += "  " + k + ": " + v + "\n";
  return ws::test::write_file("bad_input_" + ws::test::test_stem() + ".yaml", text);
}

// Every declared parameter of every platform, out of its range and as the wrong type.
TEST_P(BadInputOf, EveryParameterOutOfRangeNamesTheKeyAndTheRange) {
  const ws::Platform& p = *ws::find_platform(GetParam());
  const std::string scenario = short_scenario(p);
  ws::ParamTable t;
  p.declare(t);
  int n = 0;
  for (const auto& [key, spec] : t.specs()) {
    std::vector<std::string> bad;
    if (spec.kind == ws::ParamSpec::Kind::Choice || !spec.choices.empty()) {
      bad = {"bogus"};
    } else {
      bad = {fmt_value(spec.max + std::max(1.0, std::fabs(spec.max)), spec.kind), "x1"};
      if (spec.kind == ws::ParamSpec::Kind::Int) bad.push_back("2.5");
    }
    for (const auto& v : bad) {
      const auto r = ws::test::wirespeed("run " + scenario + " --set " + key + "=" + v);
      EXPECT_EQ(r.code, 2) << key << "=" << v << ": " << r.err;
      EXPECT_NE(r.err.find("'" + key + "'"), std::string::npos) << key << "=" << v << ": " << r.err;
      EXPECT_NE(r.err.find(ws::ParamTable::range_text(spec)), std::string::npos) << key << "=" << v << ": " << r.err;
      EXPECT_TRUE(r.out.empty()) << key << "=" << v << ": results on stdout for bad input";
      ++n;
    }
  }
  EXPECT_GE(n, 50) << "every parameter of " << p.name;
}

// What every platform refuses: an unknown key, a workload it does not run.
TEST_P(BadInputOf, UnknownKeysAndForeignWorkloadsExitTwo) {
  const ws::Platform& p = *ws::find_platform(GetParam());
  const auto unknown = ws::test::wirespeed("run " + short_scenario(p) + " --set nosuch.key=1");
  EXPECT_EQ(unknown.code, 2) << unknown.err;
  EXPECT_NE(unknown.err.find("'nosuch.key'"), std::string::npos) << unknown.err;
  const auto foreign = ws::test::wirespeed(
      "validate " + ws::test::write_file("bad_input_foreign_" + ws::test::test_stem() + ".yaml",
                                         "platform: " + p.name + "\nworkload: nosuch_workload\n"));
  EXPECT_EQ(foreign.code, 2) << foreign.err;
  EXPECT_NE(foreign.err.find("does not run on " + p.name), std::string::npos) << foreign.err;
}

// A cache line that is not a power of two is refused before running.
TEST_P(BadInputOf, ACacheLineNotAPowerOfTwoExitsTwo) {
  const ws::Platform& p = *ws::find_platform(GetParam());
  ws::ParamTable t;
  p.declare(t);
  int n = 0;
  for (const auto& [key, spec] : t.specs()) {
    if (!key.ends_with("_line_bytes")) continue;
    const auto r = ws::test::wirespeed("run " + short_scenario(p) + " --set " + key + "=48");
    EXPECT_EQ(r.code, 2) << key << "=48: " << r.err;
    EXPECT_NE(r.err.find(key), std::string::npos) << r.err;
    ++n;
  }
  if (n == 0) GTEST_SKIP() << p.name << " declares no cache line size";
}

INSTANTIATE_TEST_SUITE_P(Catalogue, BadInputOf, testing::ValuesIn(ws::test::platform_names()),
                         [](const testing::TestParamInfo<std::string>& i) { return i.param; });
