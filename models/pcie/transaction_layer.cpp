#include "models/pcie/transaction_layer.hpp"

#include <utility>
#include <array>

namespace ws::pcie {

TransactionLayer::TransactionLayer(StatsRegistry& stats, const std::string& name, unsigned tags)
    : tags_(tags), stats_(stats.resource(name + ".tx_queue")) {}

void TransactionLayer::enqueue(std::shared_ptr<const Tlp> t, std::function<void()> on_acked) {
  const size_t c = size_t(t->fc_class());
  q_[c].push_back(Entry{std::move(t), std::move(on_acked), stamp_++});
  stats_->note_queue(q_[0].size() + q_[1].size() + q_[2].size(), "TLPs");
}

bool TransactionLayer::next(const DataLinkLayer& dll, Ready& out) {
  // Non-empty heads from oldest to youngest (three at most: sorted by hand).
  std::array<size_t, 3> idx;
  size_t n = 0;
  for (size_t c = 0; c < 3; ++c)
    if (!q_[c].empty()) idx[n++] = c;
  auto older = [&](size_t a, size_t b) { return q_[a].front().stamp < q_[b].front().stamp; };
  if (n > 1 && older(idx[1], idx[0])) std::swap(idx[0], idx[1]);
  if (n > 2 && older(idx[2], idx[1])) {
    std::swap(idx[1], idx[2]);
    if (older(idx[1], idx[0])) std::swap(idx[0], idx[1]);
  }
  bool older_blocked_not_np = false;  // an older blocked P or Cpl: only P may pass it
  for (size_t k = 0; k < n; ++k) {
    const size_t c = idx[k];
    const Tlp& t = *q_[c].front().tlp;
    const bool may_pass = !older_blocked_not_np || FcClass(c) == FcClass::P;
    if (may_pass && gate_.can_send(FcClass(c), t.data_credits()) && dll.room_for(t)) {
      gate_.consume(FcClass(c), t.data_credits());
      out.tlp = std::move(q_[c].front().tlp);
      out.on_acked = std::move(q_[c].front().on_acked);
      q_[c].pop_front();
      return true;
    }
    if (FcClass(c) != FcClass::NP) older_blocked_not_np = true;
  }
  return false;
}

void TransactionLayer::add_read(uint64_t pcie_addr, uint32_t len, uint64_t offset,
                                std::shared_ptr<ReadSink> sink) {
  reads_.push_back(PendingRead{pcie_addr, len, offset, std::move(sink)});
}

std::vector<std::shared_ptr<const Tlp>> TransactionLayer::issue_reads(uint16_t requester, bool ecrc) {
  std::vector<std::shared_ptr<const Tlp>> out;
  for (uint8_t tag = 0; tag < tags_.size() && !reads_.empty(); ++tag) {
    if (tags_[tag].busy) continue;
    PendingRead r = std::move(reads_.front());
    reads_.pop_front();
    tags_[tag] = Tag{true, r.addr, r.offset, r.len, 0, std::move(r.sink)};
    out.push_back(share(Tlp::mem_read(requester, tag, r.addr, r.len, ecrc)));
  }
  return out;
}

bool TransactionLayer::complete(uint8_t tag, uint8_t lower_addr, const uint8_t* data, uint32_t n) {
  if (tag >= tags_.size() || !tags_[tag].busy) return false;
  Tag& t = tags_[tag];
  // Completions of one request arrive in address order; Lower Address confirms it.
  if (((t.addr + t.received) & 0x7F) != lower_addr || t.received + n > t.len) return false;
  auto sink = t.sink;
  const uint64_t at = t.offset + t.received;
  t.received += n;
  if (t.received == t.len) {
    t = Tag{};
  }
  sink->data(at, data, n);
  return true;
}

void TransactionLayer::fingerprint(Fingerprint& f) const {
  for (auto& q : q_) {  // each class's queue, and how long ago its head was queued (the oldest head goes first)
    f.add(q.size());
    if (!q.empty()) f.add(stamp_ - q.front().stamp);
  }
  f.add(reads_.size());
  for (auto& t : tags_) f.add(t.busy ? uint64_t(t.received) << 32 | t.len : ~0ull);
  gate_.fingerprint(f);
}

}  // namespace ws::pcie
