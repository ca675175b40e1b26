// The traffic tester's and the measurement's parameters (RFC 2544 terms).
#include "models/tester/rfc2544.hpp"
#include "models/tester/traffic_tester.hpp"

namespace ws::tester {

using K = ParamSpec::Kind;

void TrafficTester::declare_params(ParamTable& t) {
  t.declare_model(model_number("tester.frame_bytes", K::Int, 64, 1518, "B", "tester frame size, FCS included"));
  t.declare_model(model_choice("tester.udp_checksum", {"on", "off"}, "-", "UDP checksum in the tester's frames"));
}

TrafficTester::Config TrafficTester::config(const ParamTable& p, uint16_t echo_port_offset) {
  return {1e9, uint32_t(p.i("tester.frame_bytes")), echo_port_offset, p.s("tester.udp_checksum") == "on"};
}

void Rfc2544::declare_params(ParamTable& t) {
  t.declare_model(model_choice("tester.mode", {"rfc2544", "fixed", "line_rate_size"}, "-",
                               "rfc2544: binary search for the zero-loss throughput; fixed: one trial at "
                               "tester.load_pct; line_rate_size: the smallest frame size (multiple of "
                               "tester.size_step_bytes) carried at line rate"));
  t.declare_model(model_number("tester.load_pct", K::Real, 0.1, 100, "% of line rate",
                               "offered load per port in fixed mode"));
  t.declare_model(model_number("tester.trial_ms", K::Real, 0.1, 1000, "ms", "sending time of one trial"));
  t.declare_model(model_number("tester.drain_us", K::Real, 10, 1000000, "us",
                               "longest wait after a trial's last frame for the board to drain (every frame back, "
                               "invalid or dropped); a trial ends as soon as it has"));
  t.declare_model(model_number("tester.resolution_pct", K::Real, 0.01, 10, "% of line rate",
                               "binary search stops when the pass/fail bracket is this narrow"));
  t.declare_model(model_number("tester.loss_tolerance_pct", K::Real, 0, 10, "%", "lost share of frames a trial may have"));
  t.declare_model(model_number("tester.size_step_bytes", K::Int, 1, 256, "B", "frame size granularity of line_rate_size"));
}

}  // namespace ws::tester
