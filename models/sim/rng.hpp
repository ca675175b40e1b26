#pragma once
// Seeded random source: every random choice in a run draws from one of these, so a
// scenario with the same seed replays bit for bit.
#include <cstdint>
#include <random>

namespace ws {

class Rng {
 public:
  explicit Rng(uint64_t seed) : gen_(seed) {}
  double uniform() {
    ++draws_;
    return std::uniform_real_distribution<double>(0.0, 1.0)(gen_);
  }
  bool chance(double p) { return p > 0.0 && uniform() < p; }
  uint64_t next() {
    ++draws_;
    return gen_();
  }
  // Draws so far: a run whose draws go on never repeats its state (SteadyState).
  uint64_t draws() const { return draws_; }

 private:
  std::mt19937_64 gen_;
  uint64_t draws_ = 0;
};

}  // namespace ws
