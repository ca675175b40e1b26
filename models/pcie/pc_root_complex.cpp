#include "models/pcie/pc_root_complex.hpp"

namespace ws::pcie {

namespace {

ControllerConfig root_port_config(const ParamTable& p) {
  ControllerConfig c = controller_config(p, 0x0000, /*root=*/true);
  c.assembly_bytes_per_ns = p.r("host.completion_bytes_per_ns");
  c.assembly_tlp_ns = 0;        // per-TLP and per-request costs are inside the read latency
  c.completer_request_ns = 0;
  return c;
}

}  // namespace

PcRootComplex::PcRootComplex(sc_core::sc_module_name name, const ParamTable& p, Scheduler& sched,
                             StatsRegistry& stats, Rng& rng, TraceWriter& trace)
    : sc_module(name),
      memory("memory", Memory::from(p, "host_mem", kMemorySize), stats),
      port("port", root_port_config(p), sched, stats, rng, trace) {
  port.mem.bind(memory.socket);
}

void PcRootComplex::declare_params(ParamTable& t) {
  Memory::declare_params(t, "host_mem", /*clocked=*/false);
  t.declare_model(model_number("host.completion_bytes_per_ns", ParamSpec::Kind::Real, 0.1, 64, "B/ns",
                               "rate at which the root port forms the completions of a read once its data is in, "
                               "pipelined with the link"));
}

}  // namespace ws::pcie
