#include "models/pcie/pcie_controller.hpp"

#include <fmt/format.h>
#include <stdexcept>
#include "models/pcie/tlp_split.hpp"
#include "models/sim/sim_time.hpp"

namespace ws::pcie {

PcieController::PcieController(sc_core::sc_module_name name, const ControllerConfig& cfg, Scheduler& sched,
                               StatsRegistry& stats, Rng& rng, TraceWriter& trace)
    : sc_module(name),
      mem("mem"),
      cfg_(cfg),
      sched_(sched),
      trace_(trace),
      name_(sc_module::name()),
      mps_(cfg.mps_supported),
      phy_(cfg.phy, stats.resource(name_ + ".link_tx")),
      assembly_(stats.resource(name_ + ".tlp_assembly")),
      dll_(sched, cfg.dll, rng, stats, name_),
      tl_(stats, name_, cfg.read_tags),
      rx_stats_(stats.resource(name_ + ".rx_tlps")),
      completer_latency_(ns(cfg.completer_latency_ns)) {
  mem.register_invalidate_direct_mem_ptr(this, &PcieController::invalidate_direct_mem_ptr);
  for (unsigned c = 0; c < 3; ++c) rx_fc_.init(FcClass(c), cfg.advert[c]);
  dll_.on_tx_ready = [this] { kick(); };
  // Another TLP is on its way to us if the partner started one after the TLP that
  // is arriving now (which ended one pipeline latency ago).
  dll_.rx_active = [this] {
    return peer_ && peer_->last_tlp_end_ + phy_.latency() > ws::now();
  };
  dll_.make_update_fc = [this](FcClass c) {
    rx_fc_.sent_update(c);
    fc_timer_[size_t(c)].cancel();
    Dllp d;
    d.type = Dllp::Type::UpdateFc;
    d.fc = c;
    d.hdr_fc = rx_fc_.hdr_limit(c);
    d.data_fc = rx_fc_.data_limit(c);
    return d;
  };
  dll_.on_update_fc = [this](const Dllp& d) {
    tl_.gate().update(d.fc, d.hdr_fc, d.data_fc);
    kick();
  };
}

OneShotTimer PcieController::fc_timer(FcClass c) {
  return OneShotTimer(sched_, ns(cfg_.fc_update_timeout_ns), [this, c] {
    if (rx_fc_.pending(c) > 0) dll_.queue_update_fc(c);
  });
}

void PcieController::connect(PcieController& a, PcieController& b) {
  a.peer_ = &b;
  b.peer_ = &a;
  a.mps_ = b.mps_ = std::min(a.cfg_.mps_supported, b.cfg_.mps_supported);
  for (unsigned c = 0; c < 3; ++c) {
    a.tl_.gate().init(FcClass(c), b.cfg_.advert[c]);
    b.tl_.gate().init(FcClass(c), a.cfg_.advert[c]);
  }
}

uint64_t PcieController::outbound(uint64_t local_addr, uint64_t len) const {
  auto a = outbound_.translate(local_addr, len);
  if (!a) throw std::runtime_error(fmt::format("{}: no outbound window holds 0x{:x}+{}", name_, local_addr, len));
  return *a;
}

uint64_t PcieController::inbound(uint64_t pcie_addr, uint64_t len) const {
  auto a = inbound_.translate(pcie_addr, len);
  if (!a) throw std::runtime_error(fmt::format("{}: no inbound window holds 0x{:x}+{}", name_, pcie_addr, len));
  return *a;
}

void PcieController::track(SteadyState& s) {
  for (uint64_t* c : {&tlps_sent_, &dllps_sent_, &room_wakeups_, &inbound_write_bytes_}) s.count(*c);
  dll_.track(s);
  s.state([this](Fingerprint& f) {
    f.ahead(phy_.free_at());
    f.ahead(assembly_.free_at());
    f.ahead(last_tlp_end_ + phy_.latency());  // rx_active looks one pipeline latency back
    f.add(posted_reserved_);
    f.add(room_waiters_.size());
    for (auto& t : fc_timer_) t.fingerprint(f);
    rx_fc_.fingerprint(f);
    tl_.fingerprint(f);
    dll_.fingerprint(f);
  });
}

bool PcieController::can_post(uint32_t n) const {
  return posted_reserved_ + n <= cfg_.posted_buffer_bytes;
}

void PcieController::post_write(uint64_t local_addr, const uint8_t* data, uint32_t n,
                                std::function<void()> on_acked, Arrival in, DataTaken taken) {
  const uint64_t base = outbound(local_addr, n);
  // Cut piece by piece (no list per call: the DMA posts one TLP-sized piece at a time).
  for (uint64_t at = base, end = base + n; at < end;) {
    const Piece p = first_piece(at, end - at, mps_);
    at += p.len;
    posted_reserved_ += p.len;
    const bool last = at == end;
    assemble(share(Tlp::mem_write(cfg_.id, 0, p.addr, data + (p.addr - base), p.len, cfg_.ecrc)),
             last ? std::move(on_acked) : std::function<void()>{}, in, last ? std::move(taken) : DataTaken{});
  }
}

// A TLP with payload is copied into the transmit (replay) buffer at the
// controller's internal rate, from when its first bytes arrive; the copy cannot
// end before the last byte arrives. Transmission may start once
// `cut_through_bytes` are in (cut-through), but never so early that the wire
// would overtake the copy. The engine then closes the TLP's buffer entry
// (`assembly_tlp_ns`) before it takes the next TLP: that delays no TLP of its
// own, but bounds back-to-back TLPs to one per copy plus close, a cost per TLP
// that does not shrink with MPS or link speed.
void PcieController::assemble(std::shared_ptr<const Tlp> t, std::function<void()> on_acked, Arrival in,
                              DataTaken taken) {
  // The copy engine is taken in the order data arrives, so wait for its first bytes.
  if (in.first > now()) {
    if (in.last <= in.first) {  // all bytes at once: one callback does both
      sched_.at(in.first, [this, t = std::move(t), on_acked = std::move(on_acked), taken = std::move(taken)]() mutable {
        assemble(std::move(t), std::move(on_acked));
        if (taken) taken();
      });
      return;
    }
    sched_.at(in.first, [this, t = std::move(t), on_acked = std::move(on_acked), last = in.last]() mutable {
      assemble(std::move(t), std::move(on_acked), Arrival{now(), last});
    });
    if (taken) sched_.at(in.last, std::move(taken));
    return;
  }
  const double bytes = double(t->bytes().size());
  const sc_core::sc_time full = ns(bytes / cfg_.assembly_bytes_per_ns);
  // The copy engine stays with the TLP until its last byte is in.
  const sc_core::sc_time start = std::max(now(), assembly_.free_at());
  const sc_core::sc_time copied = std::max(start + full, in.last);
  assembly_.serve(start, copied - start + ns(cfg_.assembly_tlp_ns), t->payload_len());
  const sc_core::sc_time threshold = ns(std::min(bytes, double(cfg_.cut_through_bytes)) / cfg_.assembly_bytes_per_ns);
  const sc_core::sc_time wire = phy_.packet_time(t->wire_symbols());
  const sc_core::sc_time ready = std::max(start + threshold, copied > start + wire ? copied - wire : start);
  sched_.at(ready, [this, t = std::move(t), on_acked = std::move(on_acked)]() mutable {
    tl_.enqueue(std::move(t), std::move(on_acked));
    kick();
  });
  if (taken) sched_.at(std::max(now(), in.last), std::move(taken));
}

void PcieController::read(uint64_t local_addr, uint32_t n, std::shared_ptr<ReadSink> sink) {
  const uint64_t base = outbound(local_addr, n);
  for (const Piece& p : split_aligned(base, n, cfg_.mrrs)) tl_.add_read(p.addr, p.len, p.addr - base, sink);
  for (auto& t : tl_.issue_reads(cfg_.id, cfg_.ecrc)) tl_.enqueue(std::move(t));
  kick();
}

void PcieController::post_room_freed() {
  if (room_waiters_.empty()) return;
  // A waiter may wait again: it joins the next round.
  auto waking = std::move(room_waiters_);
  room_waiters_ = std::move(spare_waiters_);
  room_waiters_.clear();
  room_wakeups_ += waking.size();
  for (auto& w : waking) w();
  waking.clear();
  spare_waiters_ = std::move(waking);
}

void PcieController::kick() {
  if (!peer_ || !phy_.idle(ws::now())) return;
  WirePacket p;
  uint64_t payload = 0;
  bool room = false;
  if (dll_.has_dllp()) {
    p = dll_.take_dllp();
    ++dllps_sent_;
  } else if (dll_.replaying()) {
    p = dll_.take_replay();
    payload = p.tlp->payload_len();
  } else {
    TransactionLayer::Ready r;
    if (!tl_.next(dll_, r)) return;
    payload = r.tlp->payload_len();
    if (r.tlp->kind() == TlpKind::MWr) {
      posted_reserved_ -= payload;
      room = true;
    }
    p = dll_.send(std::move(r.tlp), std::move(r.on_acked));
    ++tlps_sent_;
  }
  transmit(std::move(p), payload);
  if (room) post_room_freed();
}

// A packet's span on the trace, named by TLP type, payload (or requested)
// length and tag, or by the DLLP's kind; its args carry the fields to look up:
// a TLP's kind, bytes, tag and sequence number, an Ack's or Nak's sequence
// number, an UpdateFC's credit limits. A TLP a bit error hit is described as
// it was sent (its wire bytes may not parse) and marked lcrc_error.
static void trace_packet(TraceWriter& trace, const std::string& track, const WirePacket& p, sc_core::sc_time start,
                         sc_core::sc_time dur) {
  if (!p.tlp) {
    const Dllp d = Dllp::decode(p.dllp);
    if (d.type != Dllp::Type::UpdateFc)
      return trace.complete(track, d.type == Dllp::Type::Ack ? "Ack" : "Nak", start, dur, {{"seq", d.seq}});
    const char* name = d.fc == FcClass::P ? "UpdateFC-P" : d.fc == FcClass::NP ? "UpdateFC-NP" : "UpdateFC-Cpl";
    return trace.complete(track, name, start, dur, {{"hdr_fc", d.hdr_fc}, {"data_fc", d.data_fc}});
  }
  const TlpHeader h = (p.corrupted ? p.sent : p.tlp)->parse();
  const char* kind = h.kind == TlpKind::MWr ? "MWr" : h.kind == TlpKind::MRd ? "MRd" : "CplD";
  const std::string name = h.kind == TlpKind::MWr ? fmt::format("MWr {}B", h.bytes)
                                                  : fmt::format("{} {}B tag {}", kind, h.bytes, h.tag);
  if (p.corrupted)
    return trace.complete(track, name, start, dur,
                          {{"kind", kind}, {"bytes", h.bytes}, {"tag", h.tag}, {"seq", p.seq}, {"lcrc_error", 1}});
  trace.complete(track, name, start, dur, {{"kind", kind}, {"bytes", h.bytes}, {"tag", h.tag}, {"seq", p.seq}});
}

void PcieController::transmit(WirePacket p, uint64_t payload) {
  const auto start = ws::now();
  const auto end = phy_.send(p.symbols(), payload);
  if (p.tlp) last_tlp_end_ = end;
  if (trace_.enabled()) {
    trace_packet(trace_, name_ + ".tx", p, start, end - start);
    trace_.counter(name_ + ".replay_buffer", "bytes", start, double(dll_.replay_bytes()));
    trace_.counter(name_ + ".posted_queue", "bytes", start, double(posted_reserved_));
  }
  // With no pipeline latency the wire frees as the packet arrives: one callback
  // does both, in the order two same-time posts would run.
  if (phy_.latency() == sc_core::SC_ZERO_TIME) {
    sched_.at(end, [this, p = std::move(p)] {
      kick();
      peer_->receive(p);
    });
    return;
  }
  sched_.at(end, [this] { kick(); });
  sched_.at(end + phy_.latency(), [peer = peer_, p = std::move(p)] { peer->receive(p); });
}

void PcieController::receive(const WirePacket& p) {
  if (!p.tlp) {
    dll_.receive_dllp(p);
    return;
  }
  if (auto t = dll_.receive_tlp(p)) {
    handle(*t);
  }
}

void PcieController::handle(const Tlp& t) {
  const TlpHeader h = t.parse();
  // The payload's place comes from the parsed header, not from how the sender built it.
  const uint8_t* data = t.bytes().data() + header_bytes(h.four_dw);
  rx_stats_->add_busy(sc_core::SC_ZERO_TIME, h.kind == TlpKind::MRd ? 0 : h.bytes);
  switch (h.kind) {
    case TlpKind::MWr:
      serve_write(h, data + (h.addr & 3));
      break;
    case TlpKind::MRd:
      serve_read(h);
      break;
    case TlpKind::CplD:
      if (!tl_.complete(h.tag, h.lower_addr, data + (h.lower_addr & 3), h.bytes))
        throw std::runtime_error(fmt::format("{}: completion for tag {} matches no read", name_, h.tag));
      release(FcClass::Cpl, t.data_credits());
      for (auto& r : tl_.issue_reads(cfg_.id, cfg_.ecrc)) tl_.enqueue(std::move(r));
      kick();
      break;
  }
}

void PcieController::serve_write(const TlpHeader& h, const uint8_t* data) {
  const uint32_t credits = (h.length_dw + 3) / 4;  // data credits of 4 DW, from the header's Length
  const auto d = direct_.timed(mem, tlm::TLM_WRITE_COMMAND, inbound(h.addr, h.bytes), const_cast<uint8_t*>(data), h.bytes);
  inbound_write_bytes_ += h.bytes;
  last_inbound_write_ = std::max(last_inbound_write_, ws::now() + d);
  if (on_inbound_write) on_inbound_write();
  // The receive buffer entry is free, and its credits return, once memory took the data.
  sched_.after(d, [this, credits] { release(FcClass::P, credits); });
}

void PcieController::serve_read(const TlpHeader& h) {
  // The data read, until cut into completions (memory fills every byte).
  auto buf = std::allocate_shared<Tlp::Bytes>(RecyclingAllocator<Tlp::Bytes>{}, h.bytes);
  const auto d = direct_.timed(mem, tlm::TLM_READ_COMMAND, inbound(h.addr, h.bytes), buf->data(), h.bytes);
  // The request leaves the receive buffer (its NP credit returns) once memory has
  // the data; forming and queueing its completions takes the completer latency.
  sched_.after(d, [this] { release(FcClass::NP, 0); });
  sched_.after(d + completer_latency_, [this, h, buf] {
    // The copy engine takes the request in turn with the TLPs it assembles.
    assembly_.serve(std::max(now(), assembly_.free_at()), ns(cfg_.completer_request_ns), 0);
    // Completions of at most the completion size, each ending on a multiple of it
    // (a multiple of RCB), so a misaligned read costs one more completion.
    const uint32_t step = cfg_.cpl_bytes;  // at most the MPS (checked with the parameters)
    uint64_t addr = h.addr;
    uint32_t left = h.bytes;
    while (left > 0) {
      const uint32_t n = std::min<uint64_t>(left, step - addr % step);
      assemble(share(Tlp::completion(cfg_.id, h.requester, h.tag, addr, left, buf->data() + (addr - h.addr), n,
                                     cfg_.ecrc)));
      addr += n;
      left -= n;
    }
    kick();
  });
}

void PcieController::release(FcClass c, uint32_t data_credits) {
  if (rx_fc_.infinite(c)) return;
  if (rx_fc_.release(c, data_credits, cfg_.fc_update_every)) {
    dll_.queue_update_fc(c);
  } else {
    fc_timer_[size_t(c)].start();
  }
}

}  // namespace ws::pcie
