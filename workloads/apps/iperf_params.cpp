#include "workloads/apps/iperf_params.hpp"

namespace ws::apps {

void declare_iperf_params(ParamTable& t) {
  using K = ParamSpec::Kind;
  t.declare_model(model_choice("iperf.proto", {"tcp", "udp"}, "-", "the test's protocol"));
  t.declare_model(model_choice("iperf.dir", {"rx", "tx"}, "-", "rx: the board receives; tx: the board sends"));
  t.declare_model(model_number("iperf.seconds", K::Real, 0.02, 120, "s", "length of the measured test"));
  t.declare_model(model_number("iperf.udp_mbps", K::Real, 0, 1000, "Mbit/s",
                               "UDP payload rate the sender offers; 0: the board's default (its meaning says which)"));
}

}  // namespace ws::apps
