#include "models/nav/packet_dma.hpp"

#include "models/nav/descriptor.hpp"
#include "models/sim/sim_time.hpp"

namespace ws::nav {

void PacketDma::declare_params(ParamTable& t, const std::string& prefix) {
  t.declare_model(model_number(prefix + ".desc_ns", ParamSpec::Kind::Real, 0, 10000, "ns",
                               "the packet DMA's work on one descriptor beyond its bus accesses"));
}

PacketDma::PacketDma(sc_core::sc_module_name name, const Config& cfg, Qmss& qmss, Scheduler& sched,
                     StatsRegistry& stats)
    : sc_module(name),
      socket("socket"),
      cfg_(cfg),
      qmss_(qmss),
      sched_(sched),
      rx_stats_(stats.resource(std::string(basename()) + ".rx")),
      tx_stats_(stats.resource(std::string(basename()) + ".tx")) {
  socket.register_invalidate_direct_mem_ptr(this, &PacketDma::invalidate_direct_mem_ptr);
}

unsigned PacketDma::add_rx_flow(unsigned free_queue, unsigned dest_queue) {
  flows_.push_back({free_queue, dest_queue});
  return unsigned(flows_.size() - 1);
}

void PacketDma::add_tx_channel(unsigned queue, Transmit transmit) {
  channels_.push_back({queue, std::move(transmit)});
  const unsigned ch = unsigned(channels_.size() - 1);
  qmss_.watch(queue, [this, ch] {
    if (!channels_[ch].busy) serve(ch);
  });
}

void PacketDma::receive(unsigned flow, const uint8_t* bytes, uint32_t len) {
  const Flow& f = flows_.at(flow);
  const uint32_t addr = qmss_.pop(f.free_queue);
  if (addr == 0) {
    ++starved_;
    rx_stats_->drop("free_queue_empty");
    return;
  }
  uint8_t raw[kDescBytes];
  sc_core::sc_time t = direct_.timed(socket, tlm::TLM_READ_COMMAND, addr, raw, kDescBytes) + ns(cfg_.desc_ns);
  HostDesc d = HostDesc::decode(raw);
  const uint32_t n = std::min(len, d.orig_len);
  if (n < len) rx_stats_->drop("buffer_short");  // the tail does not fit: the packet is cut to the buffer
  buf_.assign(bytes, bytes + n);
  t = direct_.timed(socket, tlm::TLM_WRITE_COMMAND, d.orig_buffer, buf_.data(), n, t);
  d.packet_len = d.buffer_len = n;
  d.buffer = d.orig_buffer;
  d.encode(raw);
  t = direct_.timed(socket, tlm::TLM_WRITE_COMMAND, addr, raw, kDescBytes, t);
  rx_stats_->add_busy(t, n, now() + t);
  sched_.after(t, [this, dest = f.dest_queue, addr] { qmss_.push(dest, addr); });
}

void PacketDma::serve(unsigned ch) {
  Channel& c = channels_[ch];
  const uint32_t addr = qmss_.pop(c.queue);
  if (addr == 0) {
    c.busy = false;
    return;
  }
  c.busy = true;
  uint8_t raw[kDescBytes];
  sc_core::sc_time t = direct_.timed(socket, tlm::TLM_READ_COMMAND, addr, raw, kDescBytes) + ns(cfg_.desc_ns);
  const HostDesc d = HostDesc::decode(raw);
  buf_.resize(d.packet_len);
  t = direct_.timed(socket, tlm::TLM_READ_COMMAND, d.buffer, buf_.data(), d.packet_len, t);
  tx_stats_->add_busy(t, d.packet_len, now() + t);
  const Departure out = c.transmit(buf_.data(), d.packet_len, now() + t);
  // The descriptor goes back once its packet has left; the next packet is read
  // while this one is on the wire (the port holds one packet ahead), so the
  // wire, not the channel's own reads, sets the rate.
  sched_.at(out.end, [this, addr, ret = d.return_queue] {
    qmss_.push(ret & 0xFFF, addr);  // the queue number within its manager (one manager here)
  });
  sched_.at(out.start, [this, ch] { serve(ch); });
}

}  // namespace ws::nav
