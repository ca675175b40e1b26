#pragma once
// An Ethernet frame in flight on a wire or in a FIFO: real bytes, FCS included.
// Frames come from a pool and go back to it, so the per-frame path allocates nothing.
#include <array>
#include <cstdint>
#include <memory>
#include <vector>
#include "models/eth/ethernet.hpp"

namespace ws::eth {

struct Frame {
  std::array<uint8_t, kMaxFrameBytes> bytes;
  uint32_t len = 0;  // FCS included
};

class FramePool {
 public:
  Frame* get() {
    if (free_.empty()) {
      all_.push_back(std::make_unique<Frame>());
      return all_.back().get();
    }
    Frame* f = free_.back();
    free_.pop_back();
    return f;
  }
  void put(Frame* f) { free_.push_back(f); }
  // Frames handed out and not yet returned (a leak check for tests).
  size_t in_use() const { return all_.size() - free_.size(); }

 private:
  std::vector<std::unique_ptr<Frame>> all_;
  std::vector<Frame*> free_;
};

}  // namespace ws::eth
