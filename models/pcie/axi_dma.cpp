#include "models/pcie/axi_dma.hpp"

#include <memory>
#include <stdexcept>
#include "models/pcie/tlp_split.hpp"
#include "models/sim/sim_time.hpp"

namespace ws::pcie {

using sc_core::sc_time;

namespace {
constexpr uint64_t kBoundary = 4096;  // no AXI burst crosses a 4 KB boundary (AMBA AXI, A3.4.1)
}  // namespace

AxiDma::AxiDma(sc_core::sc_module_name name, const AxiDmaConfig& cfg, Scheduler& sched, StatsRegistry& stats,
               PcieController& pcie)
    : sc_module(name),
      mem("mem"),
      cfg_(cfg),
      clk_(cfg.clock_hz),
      sched_(sched),
      pcie_(pcie),
      issue_(stats.resource(std::string(sc_module::name()) + ".address")),
      datapath_(stats.resource(std::string(sc_module::name()) + ".datapath")),
      local_(stats.resource(std::string(sc_module::name()) + ".local")) {
  mem.register_invalidate_direct_mem_ptr(this, &AxiDma::invalidate_direct_mem_ptr);
}

void AxiDma::start(DmaJob job) {
  if (busy_) throw std::logic_error(std::string(name()) + ": a transfer started while one runs");
  if (job.len == 0) throw std::invalid_argument(std::string(name()) + ": a DMA transfer of 0 bytes");
  job_ = std::move(job);
  busy_ = true;
  issued_ = request_end_ = cursor_ = read_to_ = 0;
  read_ahead_.clear();
  buffers_busy_ = 0;
  if (job_.write)
    step_write();
  else
    pump_reads();
}

// A request never crosses a 4 KB boundary of the far address (AXI bursts may not).
uint32_t AxiDma::next_request_bytes() const {
  const uint64_t at = job_.remote + issued_;
  return uint32_t(std::min<uint64_t>({uint64_t(cfg_.burst_beats) * cfg_.bytes_per_beat, job_.len - issued_, kBoundary - at % kBoundary}));
}

sc_time AxiDma::issue_request() {
  const sc_time cost = clk_.cycles(cfg_.request_cycles);
  ++requests_;
  ++in_flight_;
  return issue_.serve(ws::now(), cost) + cost;
}

void AxiDma::pump_reads() {
  while (in_flight_ < cfg_.outstanding && issued_ < job_.len && (cfg_.buffers == 0 || buffers_busy_ < cfg_.buffers)) {
    period_boundary();
    const uint32_t off = uint32_t(issued_), n = next_request_bytes();
    issued_ += n;
    buffers_busy_ += cfg_.buffers > 0;
    sched_.at(issue_request(), [this, off, n] {
      auto sink = std::make_shared<ReadSink>();
      // Completions cross the data path; their bytes wait here for a local burst.
      auto held = std::make_shared<std::vector<uint8_t>>();
      sink->data = [this, off, n, held, left = n](uint64_t at, const uint8_t* data, uint32_t k) mutable {
        const sc_time now = ws::now(), move = move_time(k);
        const sc_time start = datapath_.serve(now, move, k);
        left -= k;
        if (cfg_.local_burst_bytes == 0) {  // straight into local memory
          const sc_time written = direct_.timed(mem, tlm::TLM_WRITE_COMMAND, job_.local + off + at,
                                             const_cast<uint8_t*>(data), k, start - now);
          const sc_time landed = now + std::max(written, start - now + move);
          read_bytes_landed_ += k;
          last_read_landed_ = std::max(last_read_landed_, landed);
          if (left == 0) sched_.at(landed, [this] {
            buffers_busy_ -= cfg_.buffers > 0;  // a staging engine's buffer, written straight out
            request_done();
          });
          return;
        }
        held->insert(held->end(), data, data + k);
        const bool staged = cfg_.buffers > 0;
        const uint32_t burst = staged ? n : cfg_.local_burst_bytes;
        const uint32_t done = n - left, base = done - uint32_t(held->size());
        if (held->size() < burst && left > 0) return;
        // Whole bursts (a staging engine: the whole request) out through the local path.
        const sc_time arrived = start + move;
        sc_time landed = arrived;
        for (uint32_t o = 0; o < held->size();) {
          const uint32_t m = std::min<uint32_t>(std::min(cfg_.local_burst_bytes, burst), uint32_t(held->size()) - o);
          landed = local_burst(true, job_.local + off + base + o, held->data() + o, m, landed);
          o += m;
        }
        read_bytes_landed_ += held->size();
        last_read_landed_ = std::max(last_read_landed_, landed);
        held->clear();
        if (left > 0) return;
        if (staged) {  // the read is done once in its buffer; the buffer frees once written out
          sched_.at(arrived, [this] { request_done(); });
          sched_.at(landed, [this] {
            --buffers_busy_;
            request_done(/*buffer_only=*/true);
          });
        } else {
          sched_.at(landed, [this] { request_done(); });
        }
      };
      pcie_.read(job_.remote + off, n, sink);
    });
  }
}

sc_time AxiDma::local_burst(bool write, uint64_t addr, uint8_t* data, uint32_t n, const sc_time& ready) {
  const sc_time now = ws::now();
  const sc_time memory = direct_.timed(mem, write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND, addr, data, n);
  const sc_time hold = std::max(move_time(n), memory) + ns(write ? cfg_.local_write_ns : cfg_.local_read_ns);
  return local_.serve(std::max(now, ready), hold, n) + hold;
}

// Streams the transfer into the controller piece by piece (one MWr each), in
// address order as AXI write data goes; a new request starts when one of the
// `outstanding` is free, a piece when the controller's posted queue has room.
void AxiDma::step_write() {
  while (cursor_ < job_.len) {
    if (cursor_ == request_end_) {
      if (in_flight_ == cfg_.outstanding) return;  // request_done resumes
      period_boundary();
      const uint32_t n = next_request_bytes();
      issued_ += n;
      request_end_ = uint32_t(issued_);
      request_ready_ = issue_request();
    }
    const Piece p = first_piece(job_.remote + cursor_, request_end_ - cursor_, pcie_.mps());
    if (!pcie_.can_post(p.len)) {
      // One wait at a time: request_done also resumes the stream, and a second
      // waiter per wait would pile up (each round re-registering them all).
      if (!room_wait_) {
        room_wait_ = true;
        pcie_.when_posted_room([this] {
          room_wait_ = false;
          step_write();
        });
      }
      return;
    }
    const sc_time now = ws::now();
    piece_.resize(p.len);
    sc_time data_ready;
    if (cfg_.local_burst_bytes == 0) {
      data_ready = now + direct_.timed(mem, tlm::TLM_READ_COMMAND, job_.local + cursor_, piece_.data(), p.len);
    } else {
      while (!read_ahead_.empty() && read_ahead_.front().first <= cursor_) read_ahead_.pop_front();
      // Local bursts read ahead, one in flight on the local path, as many as the buffers hold (one without).
      const size_t depth = std::max(1u, cfg_.buffers);
      while (read_ahead_.size() < depth && read_to_ < job_.len) {
        const uint32_t m = std::min<uint32_t>(cfg_.local_burst_bytes, uint32_t(job_.len) - read_to_);
        std::vector<uint8_t> scratch(m);
        const sc_time after = read_ahead_.empty() ? now : read_ahead_.back().second;
        read_to_ += m;
        read_ahead_.push_back({read_to_, local_burst(false, job_.local + read_to_ - m, scratch.data(), m, after)});
      }
      direct_.timed(mem, tlm::TLM_READ_COMMAND, job_.local + cursor_, piece_.data(), p.len);  // the bytes; timed above
      data_ready = read_ahead_.front().second;
    }
    const sc_time begin = std::max({data_ready, request_ready_, datapath_.free_at()});
    const sc_time end = begin + move_time(p.len);
    datapath_.serve(begin, end - begin, p.len);
    cursor_ += p.len;
    const bool request_last = cursor_ == request_end_;
    pcie_.post_write(p.addr, piece_.data(), p.len, {}, {begin + move_time(cfg_.bytes_per_beat), end},
                     request_last ? PcieController::DataTaken([this] { request_done(); })
                                  : PcieController::DataTaken{});
  }
}

void AxiDma::track(SteadyState& s, std::function<void(uint64_t offset, uint64_t n)> move) {
  steady_ = &s;
  s.count(issued_, kBoundary);
  s.count(requests_);
  s.count(read_bytes_landed_);
  s.state([this](Fingerprint& f) {
    f.ahead(issue_.free_at());
    f.ahead(datapath_.free_at());
    f.ahead(local_.free_at());
    f.ahead(request_ready_);
    f.ahead(last_read_landed_);
    f.add(in_flight_);
    f.add(buffers_busy_);
    if (job_.write) {  // a write's positions, relative to the requests issued
      f.add(uint64_t(cursor_) - issued_);
      f.add(uint64_t(request_end_) - issued_);
      f.add(uint64_t(read_to_) - issued_);
    }
    for (const auto& [end, ready] : read_ahead_) {
      f.add(uint64_t(end) - issued_);
      f.ahead(ready);
    }
    f.add(room_wait_);
  });
  s.on_skip([this, move = std::move(move)](uint64_t) {
    const uint32_t gain = uint32_t(steady_->gain(issued_));
    move(issued_, gain);
    if (!job_.write) return;
    cursor_ += gain;  // a write streams in address order: every position moves on alike
    request_end_ += gain;
    read_to_ += gain;
    for (auto& r : read_ahead_) r.first += gain;
  });
}

void AxiDma::period_boundary() {
  const uint64_t at = job_.remote + issued_;
  if (steady_ && at % kBoundary == 0) steady_->boundary((job_.len - issued_) / kBoundary);
}

void AxiDma::request_done(bool buffer_only) {
  if (!buffer_only) --in_flight_;
  // Every request issued and none in flight: a write's last beat is in the
  // controller, a read's last byte in local memory.
  if (issued_ == job_.len && in_flight_ == 0 && buffers_busy_ == 0) {
    busy_ = false;
    if (job_.done) job_.done();
    return;
  }
  if (job_.write)
    step_write();
  else
    pump_reads();
}

}  // namespace ws::pcie

namespace ws::pcie {

// A request is one burst: its bytes are the burst's beats times the width, so
// the Config keeps beats and the engine multiplies (burst_beats below).
const Bindings<AxiDmaConfig>& AxiDma::bindings() {
  using C = AxiDmaConfig;
  using K = ParamSpec::Kind;
  static const Bindings<C> b = [] {
    Bindings<C> b;
    b.derived(model_number("clock_mhz", K::Real, 10, 1000, "MHz", "AXI clock of the engine's data path"),
              [](C& c, const ParamTable& p, const std::string& key) { c.clock_hz = p.r(key) * 1e6; });
    b.derived(model_choice("bytes_per_beat", {"4", "8", "16", "32", "64"}, "B", "AXI data width: bytes moved per clock"),
              [](C& c, const ParamTable& p, const std::string& key) { c.bytes_per_beat = unsigned(p.i(key)); });
    b.number("burst_beats", &C::burst_beats, K::Int, 1, 256, "beats",
             "largest AXI burst the engine issues (AXI4 INCR: at most 256); a request is one burst and never crosses "
             "a 4 KB boundary");
    b.number("outstanding", &C::outstanding, K::Int, 1, 256, "requests",
             "requests the engine keeps in flight: a read until its last byte is in local memory, a write until the "
             "controller has taken its last beat");
    b.number("request_cycles", &C::request_cycles, K::Real, 0, 10000, "AXI cycles",
             "address phase and set-up of each request on the engine's one issue port");
    b.number("local_burst_bytes", &C::local_burst_bytes, K::Int, 0, 4096, "B",
             "bursts to local memory, one in flight through the fabric interconnect (0: no such limit)");
    b.optional();
    b.number("local_read_ns", &C::local_read_ns, K::Real, 0, 10000, "ns",
             "a local read burst's turnaround through the interconnect, beyond the memory's own time");
    b.optional();
    b.number("local_write_ns", &C::local_write_ns, K::Real, 0, 10000, "ns",
             "a local write burst's response through the interconnect, beyond the memory's own time");
    b.optional();
    b.number("buffers", &C::buffers, K::Int, 0, 16, "requests",
             "staging buffers: a read request is done once in one, which frees once written out (0: none)");
    b.optional();
    return b;
  }();
  return b;
}

}  // namespace ws::pcie
