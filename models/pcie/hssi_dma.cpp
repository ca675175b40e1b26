#include "models/pcie/hssi_dma.hpp"

#include <memory>
#include <stdexcept>
#include "models/pcie/tlp_split.hpp"
#include "models/sim/sim_time.hpp"

namespace ws::pcie {

using sc_core::sc_time;

HssiDma::HssiDma(sc_core::sc_module_name name, const DmaConfig& cfg, Scheduler& sched, StatsRegistry& stats,
                 PcieController& pcie)
    : sc_module(name),
      mem("mem"),
      cfg_(cfg),
      clk_(cfg.clock_hz),
      sched_(sched),
      pcie_(pcie),
      descriptors_(stats.resource(std::string(sc_module::name()) + ".descriptors")),
      datapath_(stats.resource(std::string(sc_module::name()) + ".datapath")),
      chan_(cfg.channels) {
  mem.register_invalidate_direct_mem_ptr(this, &HssiDma::invalidate_direct_mem_ptr);
}

void HssiDma::track(SteadyState& s) {
  s.count(read_bytes_landed_);
  s.state([this](Fingerprint& f) {
    f.ahead(descriptors_.free_at());
    f.ahead(datapath_.free_at());
    for (auto& c : chan_) {
      f.add(c.busy);
      f.add(c.cursor);
      for (const Queued& q : c.chain) {  // a linked descriptor: read ahead or not, when, and its work
        f.add(q.prefetching);
        f.ahead(q.fetched);
        f.add(q.job.len);
        f.add(q.job.remote % 4096);
        f.add(q.job.local % 4096);
      }
    }
  });
}

void HssiDma::submit(unsigned channel, DmaJob job) {
  if (job.len == 0) throw std::invalid_argument(std::string(name()) + ": a DMA job of 0 bytes");
  Channel& c = chan_.at(channel);
  if (c.busy) {  // linked to the running chain
    c.chain.push_back(Queued{std::move(job)});
    return;
  }
  c.busy = true;  // an idle channel starts from its registers: no descriptor read
  set_up(channel, std::move(job));
}

// The channel is free and its chain was linked while it ran: a descriptor not read
// ahead costs two dependent reads now, the finished descriptor's link (empty when
// it was read), then the new descriptor; one read ahead may still be arriving.
void HssiDma::start_next(unsigned ch) {
  Channel& c = chan_[ch];
  if (c.chain.empty()) return;
  c.busy = true;
  Queued q = std::move(c.chain.front());
  c.chain.pop_front();
  const sc_time now = ws::now();
  const sc_time fetch = !q.prefetching        ? clk_.cycles(2 * cfg_.bd_fetch_cycles)
                        : q.fetched > now     ? q.fetched - now
                                              : sc_core::SC_ZERO_TIME;
  if (fetch == sc_core::SC_ZERO_TIME) {
    set_up(ch, std::move(q.job));
    return;
  }
  // The shared descriptor engine is taken only once the descriptor is in.
  sched_.at(now + fetch, [this, ch, job = std::move(q.job)]() mutable { set_up(ch, std::move(job)); });
}

void HssiDma::set_up(unsigned ch, DmaJob job) {
  const sc_time cost = clk_.cycles(cfg_.desc_cycles);
  const sc_time begun = descriptors_.serve(ws::now(), cost) + cost;
  sched_.at(begun, [this, ch, job = std::move(job)]() mutable {
    // Set up, the descriptor's link is known: a descriptor linked by now is read
    // ahead while this one runs (every queued descriptor was linked to a running chain).
    Channel& c = chan_[ch];
    if (!c.chain.empty() && !c.chain.front().prefetching) {
      c.chain.front().prefetching = true;
      c.chain.front().fetched = ws::now() + clk_.cycles(cfg_.bd_fetch_cycles);
    }
    if (job.write) {
      c.writing = std::move(job);
      c.cursor = 0;
      step_write(ch);
    } else {
      start_read(ch, std::move(job));
    }
  });
}

// Moves the job piece by piece (one piece per TLP), as far as the controller's
// posted buffer has room; resumes when room frees.
void HssiDma::step_write(unsigned ch) {
  Channel& c = chan_[ch];
  const DmaJob& job = c.writing;
  const sc_time now = ws::now();
  while (c.cursor < job.len) {
    const Piece p = first_piece(job.remote + c.cursor, job.len - c.cursor, pcie_.mps());
    if (!pcie_.can_post(p.len)) {
      pcie_.when_posted_room([this, ch] { step_write(ch); });
      return;
    }
    // The piece streams through in bursts (no cost per burst beyond its bytes; the
    // first burst is not cut at the source's alignment): the first burst is read
    // and moved, the rest follows. The data path stays with the piece until its
    // last burst is through, so pieces arrive in order; reads of later pieces
    // overlap earlier moves.
    piece_.resize(p.len);
    const uint64_t src = job.local + (p.addr - job.remote);
    const uint32_t head = std::min(p.len, cfg_.burst_bytes);
    const sc_time head_read = direct_.timed(mem, tlm::TLM_READ_COMMAND, src, piece_.data(), head);
    sc_time all_read = head_read;
    uint32_t tail = head;  // the last burst
    if (head < p.len) {
      all_read = direct_.timed(mem, tlm::TLM_READ_COMMAND, src + head, piece_.data() + head, p.len - head);
      tail = (p.len - head - 1) % cfg_.burst_bytes + 1;
    }
    const sc_time begin = std::max(now + head_read, datapath_.free_at());
    const sc_time end = std::max(begin + move_time(p.len), now + all_read + move_time(tail));
    datapath_.serve(begin, end - begin, p.len);
    const PcieController::Arrival in{begin + move_time(head), end};
    c.cursor += p.len;
    const bool last = c.cursor == job.len;
    // The channel takes its next descriptor once the last piece has left the
    // data path, which is when the controller has all of it.
    pcie_.post_write(p.addr, piece_.data(), p.len, last && cfg_.done_on_ack ? job.done : std::function<void()>{},
                     in, last ? PcieController::DataTaken([this, ch] { finish_write(ch); }) : PcieController::DataTaken{});
  }
}

void HssiDma::finish_write(unsigned ch) {
  Channel& c = chan_[ch];
  if (!cfg_.done_on_ack) c.writing.done();
  c.busy = false;
  start_next(ch);
}

void HssiDma::start_read(unsigned ch, DmaJob job) {
  auto sink = std::make_shared<ReadSink>();
  auto left = std::make_shared<uint32_t>(job.len);
  sink->data = [this, local = job.local, left, done = job.done](uint64_t offset, const uint8_t* data, uint32_t n) {
    const sc_time now = ws::now();
    const sc_time move = move_time(n);
    const sc_time start = datapath_.serve(now, move, n);
    const sc_time written =
        direct_.timed(mem, tlm::TLM_WRITE_COMMAND, local + offset, const_cast<uint8_t*>(data), n, start - now);
    *left -= n;
    read_bytes_landed_ += n;
    if (*left == 0) sched_.at(now + std::max(written, start - now + move), done);
  };
  pcie_.read(job.remote, job.len, sink);
  chan_[ch].busy = false;
  start_next(ch);
}

}  // namespace ws::pcie
