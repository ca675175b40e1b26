#pragma once
// Transaction layer transmit side and requester bookkeeping (PCIe Base Spec 1.1
// §2.4, §2.6): one queue per credit class; a TLP leaves only when the partner's
// credits and the replay buffer allow it, and a younger TLP may pass a blocked
// older one only as the ordering rules permit (posted may pass anything; anything
// may pass a non-posted request). Reads wait for a free tag, which bounds the
// non-posted requests outstanding.
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <vector>
#include "models/pcie/data_link_layer.hpp"
#include "models/pcie/flow_control.hpp"
#include "models/pcie/tlp.hpp"
#include "models/sim/stats.hpp"

namespace ws::pcie {

struct ReadSink {
  // Bytes of a read landed at `offset` from the start of the read.
  std::function<void(uint64_t offset, const uint8_t* data, uint32_t n)> data;
};

class TransactionLayer {
 public:
  TransactionLayer(StatsRegistry& stats, const std::string& name, unsigned tags);

  FcGate& gate() { return gate_; }
  // Queues a TLP; `on_acked` runs when the link partner has acknowledged it.
  void enqueue(std::shared_ptr<const Tlp> t, std::function<void()> on_acked = {});
  // Removes and returns the next TLP allowed on the wire, consuming its credits.
  struct Ready {
    std::shared_ptr<const Tlp> tlp;
    std::function<void()> on_acked;
  };
  bool next(const DataLinkLayer& dll, Ready& out);

  // Requester: one MRd per piece, each waiting for a free tag.
  void add_read(uint64_t pcie_addr, uint32_t len, uint64_t offset, std::shared_ptr<ReadSink> sink);
  // Builds the MRds that free tags allow; returns them for enqueue.
  std::vector<std::shared_ptr<const Tlp>> issue_reads(uint16_t requester, bool ecrc);
  // Routes a completion to its read; returns false if the tag is not outstanding.
  bool complete(uint8_t tag, uint8_t lower_addr, const uint8_t* data, uint32_t n);
  // Queued TLPs, waiting reads, tags in use and their progress, credits left.
  void fingerprint(Fingerprint& f) const;

 private:
  struct Entry {
    std::shared_ptr<const Tlp> tlp;
    std::function<void()> on_acked;
    uint64_t stamp;  // enqueue order, to find the oldest head
  };
  struct PendingRead {
    uint64_t addr;
    uint32_t len;
    uint64_t offset;
    std::shared_ptr<ReadSink> sink;
  };
  struct Tag {
    bool busy = false;
    uint64_t addr = 0, offset = 0;
    uint32_t len = 0, received = 0;
    std::shared_ptr<ReadSink> sink;
  };

  FcGate gate_;
  std::deque<Entry> q_[3];
  uint64_t stamp_ = 0;
  std::deque<PendingRead> reads_;
  std::vector<Tag> tags_;
  ResourceStats* stats_;
};

}  // namespace ws::pcie
