#include "models/pcie/hssi_dma.hpp"

#include <memory>
#include <stdexcept>
#include "models/mem/tlm_access.hpp"
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
      chan_(cfg.channels) {}

void HssiDma::submit(unsigned channel, DmaJob job) {
  if (job.len == 0) throw std::invalid_argument(std::string(name()) + ": a DMA job of 0 bytes");
  chan_.at(channel).chain.push_back(std::move(job));
  start_next(channel);
}

void HssiDma::start_next(unsigned ch) {
  Channel& c = chan_[ch];
  if (c.busy || c.chain.empty()) return;
  c.busy = true;
  DmaJob job = std::move(c.chain.front());
  c.chain.pop_front();
  const sc_time cost = clk_.cycles(cfg_.desc_cycles);
  const sc_time start = descriptors_.serve(ws::now(), cost);
  sched_.at(start + cost, [this, ch, job = std::move(job)]() mutable {
    if (job.write) {
      chan_[ch].writing = std::move(job);
      chan_[ch].cursor = 0;
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
    // Store and forward: the piece is read from memory, then moved through the
    // data path into the controller; reads of later pieces overlap earlier moves.
    piece_.resize(p.len);
    const sc_time move = move_time(p.len);
    const uint64_t src = job.local + (p.addr - job.remote);
    const sc_time mem_ready = tlm_access(mem, tlm::TLM_READ_COMMAND, src, piece_.data(), p.len);
    const sc_time start = datapath_.serve(now + mem_ready, move, p.len);
    const sc_time ready = start + move;
    c.cursor += p.len;
    const bool last = c.cursor == job.len;
    // The channel takes its next descriptor once the last piece has left the
    // data path, which is when the controller takes it in: one callback does both.
    pcie_.post_write(p.addr, piece_.data(), p.len, last && cfg_.done_on_ack ? job.done : std::function<void()>{},
                     ready, last ? PcieController::DataTaken([this, ch] { finish_write(ch); }) : PcieController::DataTaken{});
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
        tlm_access(mem, tlm::TLM_WRITE_COMMAND, local + offset, const_cast<uint8_t*>(data), n, start - now);
    *left -= n;
    if (*left == 0) sched_.at(now + std::max(written, start - now + move), done);
  };
  pcie_.read(job.remote, job.len, sink);
  chan_[ch].busy = false;
  start_next(ch);
}

}  // namespace ws::pcie
