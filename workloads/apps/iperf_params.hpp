#pragma once
// The keys every board's iperf run shares, declared once: the test's protocol,
// its direction, its length and the UDP rate offered. A board gives their
// values, may narrow a range (the study's own test lengths) and says in its
// words what a UDP rate of 0 means there (its line rate, or a search for the
// largest rate with little loss). The iperf versions' other knobs (iperf3's
// block size, iperf 2's datagram size) stay the boards'.
#include "models/sim/param.hpp"

namespace ws::apps {

// "iperf.proto", "iperf.dir", "iperf.seconds", "iperf.udp_mbps".
void declare_iperf_params(ParamTable& t);

}  // namespace ws::apps
