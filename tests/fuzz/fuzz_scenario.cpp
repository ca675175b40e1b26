// libFuzzer target for the scenario loader: any bytes as a scenario file must be
// loaded or refused with an InputError (exit 2 for a user), never crash, hang,
// leak or read out of bounds (built with AddressSanitizer). Accepted files are
// applied to a parameter table with keys of every kind, as `run` would.
#include <unistd.h>
#include <cstdint>
#include <cstdio>
#include <string>
#include "models/sim/param.hpp"
#include "models/sim/scenario.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = "/tmp/ws_fuzz_scenario_" + std::to_string(getpid()) + ".yaml";
  if (FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(data, 1, size, f);
    std::fclose(f);
  }
  try {
    const ws::Scenario sc = ws::load_scenario(path);
    ws::ParamTable t;
    t.declare(ws::number("app.cores", ws::ParamSpec::Kind::Int, "1", 1, 4, "cores", "-", "-"));
    t.declare(ws::number("class.hop_ns", ws::ParamSpec::Kind::Real, "10", 0, 200, "ns", "-", "-"));
    t.declare(ws::choice("qe.parse_mode", "extended", {"extended", "mpc82xx"}, "-", "-", "-"));
    ws::apply(sc, t);
    for (const auto& [key, values] : sc.sweeps)
      for (const auto& v : values) t.set(key, v.value, v.where);
  } catch (const ws::InputError&) {
    // refused with a message: what bad input must get
  }
  return 0;
}
