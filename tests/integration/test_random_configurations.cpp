// Random in-range configurations of every platform of the catalogue, from a
// fixed seed: each must either run (and then hold every end-of-run invariant:
// frames and bytes conserved, no throughput above its link, utilisation within
// 0..100 %, every byte intact) or be refused as bad input before it runs. Never
// a model failure, a crash or a hang. What a point reports is checked against
// its bounds too (check_bounds): every utilisation and percentage within
// 0..100, every frame accounted for, nothing faster than its wire, and no
// timing below the peer's own fixed delays. Runs are kept short so the whole
// set runs in about a minute.
#include <gtest/gtest.h>
#include <fmt/format.h>
#include <sys/resource.h>
#include <csignal>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>
#include "app/point_runner.hpp"
#include "models/sim/param.hpp"
#include "platforms/platform.hpp"
#include "tests/integration/catalogue.hpp"

namespace {

// Keys the test sets itself to keep each run short (or that only change what is reported).
const std::set<std::string> kControlled = [] {
  std::set<std::string> keys = {"tester.mode", "tester.trial_ms", "tester.drain_us", "tester.resolution_pct",
                                "tester.size_step_bytes", "sw.init_cycles"};
  for (const auto& p : ws::platforms())
    for (const auto& [k, v] : p.short_run) keys.insert(k);
  return keys;
}();
// A point's CPU time at most: a random configuration that runs longer hangs.
constexpr rlim_t kPointCpuSeconds = 60;

std::string random_value(const ws::ParamSpec& s, std::mt19937_64& rng) {
  if (s.kind == ws::ParamSpec::Kind::Choice || !s.choices.empty())
    return s.choices[std::uniform_int_distribution<size_t>(0, s.choices.size() - 1)(rng)];
  // Log-uniform over wide ranges, so small and large values both come up.
  const double lo = s.min, hi = s.max;
  double v = lo > 0 && hi / lo > 100 ? std::exp(std::uniform_real_distribution<double>(std::log(lo), std::log(hi))(rng))
                                     : std::uniform_real_distribution<double>(lo, hi)(rng);
  if (s.kind != ws::ParamSpec::Kind::Int) return std::to_string(v);
  long long n = std::clamp<long long>(std::llround(v), (long long)lo, (long long)hi);
  // Geometry the platforms require, so that most draws are valid: powers of two
  // for caches, MRBLR multiples of 128.
  const auto ends = [&](const char* tail) { return s.key.size() > std::strlen(tail) && s.key.ends_with(tail); };
  if (ends("_kb") && s.key.rfind("core.", 0) == 0) n = std::clamp<long long>(1ll << std::lround(std::log2(double(n))), (long long)lo, (long long)hi);
  if (ends("_ways")) n = 1ll << int(std::floor(std::log2(double(n))));
  if (ends("rx_buffer_bytes")) n = std::max<long long>(1536, n / 128 * 128);
  return std::to_string(n);
}

double metric_or(const ws::RunResult& r, const std::string& name, double none) {
  for (const auto& [k, v] : r.metrics)
    if (k == name) return v;
  return none;
}

// What a point that ran reports, against what no configuration can exceed.
void check_bounds(const std::string& platform, const ws::ParamTable& p, const ws::RunResult& r, const std::string& what) {
  constexpr double kSlack = 1e-6;
  for (const auto& u : r.resources) EXPECT_LE(u.util_pct, 100 + kSlack) << what << ": " << u.name;
  for (const auto& [k, v] : r.metrics)
    if (k.ends_with("_pct")) {
      EXPECT_GE(v, 0) << what << ": " << k;
      EXPECT_LE(v, 100 + kSlack) << what << ": " << k;
    }
  EXPECT_LE(metric_or(r, "link_efficiency", 0), 1 + kSlack) << what;
  // A tester's frames: every one sent came back or is lost, and the lost are
  // invalid, dropped or still in the board; an echo or a forwarded frame
  // crosses two gigabit wires whole, so it takes at least twice its bytes' time.
  if (const double sent = metric_or(r, "sent", -1); sent >= 0) {
    const double lost = metric_or(r, "lost", 0);
    EXPECT_EQ(lost, metric_or(r, "invalid", 0) + metric_or(r, "dropped", 0) + metric_or(r, "in_flight", 0)) << what;
    EXPECT_LE(lost, sent) << what;
    if (lost < sent) {
      EXPECT_GE(metric_or(r, "latency_avg_us", 0), 2 * p.r("tester.frame_bytes") * 8 / 1e3 * (1 - kSlack)) << what;
    }
  }
  if (platform == "k2h" && metric_or(r, "rtt_us", 0) > 0) {
    EXPECT_GE(metric_or(r, "rtt_us", 0), p.r("pc.nic.stack_us")) << what << ": below the PC's stack time";
    EXPECT_LE(metric_or(r, "mbytes_s", 0), 125.0 * 1460 / 1538) << what << ": above TCP's payload line rate";
  }
  if (platform == "a7_rtthread" && p.s("workload") == "iperf") {
    EXPECT_LE(metric_or(r, "mbps", 0), std::stod(p.s("emac.mbps"))) << what << ": above the EMAC's line rate";
  }
  if (platform == "polarfire_pcie" && p.s("dma.op") == "read") {
    EXPECT_GE(metric_or(r, "transfer_us", 0) * 1e3, p.r("pcie.completer_latency_ns")) << what
        << ": a read ends no sooner than the PC's read latency";
  }
}

struct Tally {
  int ran = 0, refused = 0;
};

Tally run_random(const std::string& platform, const std::vector<std::pair<std::string, std::string>>& fixed,
                 unsigned count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const ws::Platform* p = ws::find_platform(platform);
  ws::ParamTable specs;
  p->declare(specs);
  std::vector<std::string> keys;
  for (const auto& [k, s] : specs.specs())
    if (!kControlled.count(k) && k.rfind("uec0.", 0) != 0) keys.push_back(k);  // UEC0 only with qe.uecs=2
  std::vector<ws::Point> points;
  std::vector<std::string> described;
  Tally t;
  while (points.size() + size_t(t.refused) < count) {
    ws::Point pt{p, specs, {}};
    std::string what;
    for (const auto& [k, v] : fixed) pt.params.set(k, v, "test");
    for (int n = 0; n < 6; ++n) {
      const std::string& k = keys[std::uniform_int_distribution<size_t>(0, keys.size() - 1)(rng)];
      const std::string v = random_value(specs.spec(k), rng);
      pt.params.set(k, v, "random");
      what += " " + k + "=" + v;
    }
    try {
      p->check(pt.params);
    } catch (const ws::InputError&) {
      ++t.refused;  // refused before running: what bad input must get
      continue;
    }
    points.push_back(std::move(pt));
    described.push_back(what);
  }
  // The points' processes inherit the limit (each counts its own CPU time).
  const rlimit cpu{kPointCpuSeconds, kPointCpuSeconds + 5};
  setrlimit(RLIMIT_CPU, &cpu);
  const auto outcomes = ws::run_points(points, 2);
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const auto& o = outcomes[i];
    const std::string hang = o.error.find("signal " + std::to_string(SIGXCPU)) != std::string::npos
                                 ? fmt::format(" (a hang: over {} s of CPU)", kPointCpuSeconds) : "";
    EXPECT_TRUE(o.ok || o.exit_code == 2) << platform << described[i] << ": " << o.error << hang;
    if (o.ok) check_bounds(platform, points[i].params, o.result, platform + described[i]);
    if (o.exit_code == 2) ++t.refused;
    else ++t.ran;
  }
  return t;
}

// What a platform draws: a fixed seed each (by its place in the catalogue), 300
// configurations around its short run, of which at least half must run; one
// measured by the tester's modes (tester.mode) also draws 150 RFC 2544 searches,
// which its short run leaves out. Of those a quarter must run: a search tries
// 100 % of line rate first, and a random instruction count near its top (10^6)
// leaves hundreds of frames in the board after the 20 ms drain, which is
// refused naming tester.drain_us (on the MPC8572 106 of 150 are).
struct Plan {
  std::vector<std::pair<std::string, std::string>> also_fixed;
  unsigned count;
  uint64_t seed;
  int min_ran;
};

// WS_RANDOM_SEED (an integer) moves every seed by that much: other draws, to
// look for defects by hand; CI leaves it unset and draws the same every run.
uint64_t seed_offset() {
  const char* s = std::getenv("WS_RANDOM_SEED");
  if (!s) return 0;
  char* end = nullptr;
  const uint64_t v = std::strtoull(s, &end, 10);
  if (end == s || *end) throw std::invalid_argument(std::string("WS_RANDOM_SEED: '") + s + "' is not an integer");
  return v;
}

std::vector<Plan> plans(const ws::Platform& p) {
  const auto place = uint64_t(&p - ws::platforms().data()) + seed_offset();
  std::vector<Plan> v = {{{}, 300, 20261202 + place, 150}};
  ws::ParamTable t;
  p.declare(t);
  if (t.specs().count("tester.mode"))
    v.push_back({{{"tester.mode", "rfc2544"}, {"tester.resolution_pct", "5"}}, 150, 20262202 + place, 37});
  return v;
}

class RandomConfigurations : public testing::TestWithParam<std::string> {};

}  // namespace

// Every platform of the catalogue.
TEST_P(RandomConfigurations, RunOrAreRefusedBeforeRunning) {
  const ws::Platform& platform = *ws::find_platform(GetParam());
  ASSERT_FALSE(platform.short_run.empty()) << GetParam() << ": give it a short run (Platform::short_run)";
  for (const Plan& p : plans(platform)) {
    auto fixed = platform.short_run;
    for (const auto& [k, v] : p.also_fixed) {
      std::erase_if(fixed, [&](const auto& kv) { return kv.first == k; });
      fixed.emplace_back(k, v);
    }
    const auto t = run_random(GetParam(), fixed, p.count, p.seed);
    EXPECT_GE(t.ran, p.min_ran) << "most random configurations are valid and must run";
  }
}

INSTANTIATE_TEST_SUITE_P(Catalogue, RandomConfigurations, testing::ValuesIn(ws::test::platform_names()),
                         [](const testing::TestParamInfo<std::string>& i) { return i.param; });
