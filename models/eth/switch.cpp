#include "models/eth/switch.hpp"

#include <algorithm>

namespace ws::eth {

void Switch::declare_params(ParamTable& t, const std::string& prefix) {
  using K = ParamSpec::Kind;
  t.declare_model(model_number(prefix + ".output_buffer_bytes", K::Int, 1518, 64 << 20, "B",
                               "output buffer of each switch port: frames waiting for the wire"));
  t.declare_model(model_number(prefix + ".latency_ns", K::Real, 0, 100000, "ns",
                               "a frame's last bit in to its forwarding decision (store and forward)"));
}

Switch::Config Switch::from(const ParamTable& p, const std::string& prefix, std::vector<double> port_bits_per_s) {
  const auto ports = unsigned(port_bits_per_s.size());
  return Config{ports, 1e9, uint32_t(p.i(prefix + ".output_buffer_bytes")), p.r(prefix + ".latency_ns"),
                std::move(port_bits_per_s)};
}

Switch::Switch(const std::string& name, const Config& cfg, Scheduler& sched, StatsRegistry& stats, FramePool& pool)
    : name_(name), cfg_(cfg), sched_(sched), pool_(pool), ports_(cfg.ports) {
  for (unsigned i = 0; i < cfg.ports; ++i) {
    const std::string port = name + ".port" + std::to_string(i);
    ports_[i].wire = std::make_unique<Wire>(port + ".tx", bits_per_s(i), sched, stats);
    ports_[i].stats = stats.resource(port);
  }
}

double Switch::bits_per_s(unsigned port) const {
  return port < cfg_.port_bits_per_s.size() ? cfg_.port_bits_per_s[port] : cfg_.bits_per_s;
}

void Switch::receive(unsigned port, Frame* f) {
  ++in_lookup_;
  sched_.after(ns(cfg_.latency_ns), [this, port, f] {
    --in_lookup_;
    forward(port, f);
  });
}

void Switch::forward(unsigned in, Frame* f) {
  MacAddr dst, src;
  std::copy(f->bytes.begin(), f->bytes.begin() + 6, dst.begin());
  std::copy(f->bytes.begin() + 6, f->bytes.begin() + 12, src.begin());
  if (!(src[0] & 1)) learnt_[src] = in;  // a unicast source lives on this port
  auto it = (dst[0] & 1) ? learnt_.end() : learnt_.find(dst);
  if (it != learnt_.end()) {
    if (it->second == in) return pool_.put(f);  // it is already where it goes
    return enqueue(it->second, f);
  }
  // Unknown or broadcast: a copy to every other port.
  std::vector<unsigned> outs;
  for (unsigned p = 0; p < ports_.size(); ++p)
    if (p != in) outs.push_back(p);
  for (size_t k = 0; k < outs.size(); ++k) {
    Frame* copy = k + 1 == outs.size() ? f : pool_.get();
    if (copy != f) *copy = *f;
    enqueue(outs[k], copy);
  }
  if (outs.empty()) pool_.put(f);
}

void Switch::enqueue(unsigned out, Frame* f) {
  Port& p = ports_[out];
  if (p.queued + f->len > cfg_.output_buffer_bytes) {
    ++p.dropped;
    p.stats->drop("output_buffer_full");
    return pool_.put(f);
  }
  p.queued += f->len;
  p.stats->note_queue(p.queued, "B");
  const uint32_t len = f->len;
  const sc_core::sc_time end = p.wire->transmit(f, now());
  sched_.at(end, [&p, len] { p.queued -= len; });  // the buffer frees as its last bit leaves
}

}  // namespace ws::eth
