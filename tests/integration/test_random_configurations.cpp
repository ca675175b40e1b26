// Random in-range configurations of every platform of the catalogue, from a
// fixed seed: each must either run (and then hold every end-of-run invariant:
// frames and bytes conserved, no throughput above its link, utilisation within
// 0..100 %, every byte intact) or be refused as bad input before it runs. Never
// a model failure, a crash or a hang. Runs are kept short so the whole set runs
// in about a minute.
#include <gtest/gtest.h>
#include <fmt/format.h>
#include <sys/resource.h>
#include <csignal>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <random>
#include <set>
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
    for (const auto& [k, v] : ws::test::short_run(p.name)) keys.insert(k);
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
    if (o.exit_code == 2) ++t.refused;
    else ++t.ran;
  }
  return t;
}

// How many random configurations a platform draws from which seed, what it
// keeps fixed besides its short run, and how many must run (most draws are valid).
struct Plan {
  std::vector<std::pair<std::string, std::string>> also_fixed;
  unsigned count;
  uint64_t seed;
  int min_ran;
};

const std::map<std::string, std::vector<Plan>>& plans() {
  static const std::map<std::string, std::vector<Plan>> all = {
      {"msc815x_pcie", {{{}, 300, 20261202, 150}}},
      {"msc8144",
       {{{}, 300, 20261201, 150},
        {{{"tester.mode", "rfc2544"}, {"tester.resolution_pct", "5"}}, 150, 20261203, 75}}},  // the searches
      {"a7_rtthread", {{{}, 300, 20261204, 150}}},
      {"k2h", {{{}, 300, 20261205, 150}}},
      {"mpc8572", {{{}, 300, 20261206, 150}}},
  };
  return all;
}

class RandomConfigurations : public testing::TestWithParam<std::string> {};

}  // namespace

// Every platform of the catalogue: a platform added without a plan fails here.
TEST_P(RandomConfigurations, RunOrAreRefusedBeforeRunning) {
  const auto it = plans().find(GetParam());
  ASSERT_NE(it, plans().end()) << GetParam() << ": give it a plan of short random runs";
  for (const Plan& p : it->second) {
    auto fixed = ws::test::short_run(GetParam());
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
