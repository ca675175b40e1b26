#pragma once
// An Ethernet frame in flight on a wire or in a FIFO: real bytes, FCS included.
// Frames come from a pool and go back to it, so the per-frame path allocates nothing.
#include <array>
#include <cstdint>
#include <memory>
#include <vector>
#include "models/eth/ethernet.hpp"

namespace ws::eth {

struct Frame;

// A producer that makes a frame's bytes when they are first needed: a tester
// at overload sends frames of which most are dropped unread (a full FIFO or
// ring takes only their length), and its frame costs as much host work as a
// drop. The bytes it makes are those it would have written when it sent the frame.
class FrameSource {
 public:
  virtual void make(Frame& f) = 0;

 protected:
  ~FrameSource() = default;
};

struct Frame {
  std::array<uint8_t, kMaxFrameBytes> bytes;
  uint32_t len = 0;  // FCS included
  // Its producer appended the FCS over these bytes (seal()) and nothing has
  // written them since, so a receiver's check would pass and is not repeated
  // (fcs_ok(const Frame&)). Whoever writes into a sealed frame either seals it
  // again or clears this; a frame from the pool is unsealed.
  bool sealed = false;
  // Bytes not made yet: `source` makes them from `recipe` (its own words) on
  // need(); defer() gives it its len and seal. Only a wire's or
  // a MAC's receiver that says it takes unmade frames gets one; it calls need()
  // before it reads the bytes.
  FrameSource* source = nullptr;
  std::array<uint64_t, 2> recipe{};
  // Sent unmade: `len` bytes with their FCS that `s` makes from `r` on need().
  void defer(FrameSource& s, uint32_t bytes_with_fcs, const std::array<uint64_t, 2>& r) {
    len = bytes_with_fcs;
    sealed = true;
    source = &s;
    recipe = r;
  }
  void need() {
    if (!source) return;
    FrameSource* s = source;
    source = nullptr;
    s->make(*this);
  }
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
    f->sealed = false;
    f->source = nullptr;
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
