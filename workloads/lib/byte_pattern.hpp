#pragma once
// A test payload's byte at stream offset i: uint8_t(i * mul + (i >> shift) + add),
// mul odd. The apps fill and check every byte they send and receive; done byte by
// byte that was a third of a gigabit iperf run's host time. Since mul is odd it
// is invertible mod 256, so i * mul + k == (i + k * mul^-1) * mul (mod 256): the
// pattern is one 256-periodic sequence, entered at a new phase every 2^shift
// bytes. A table of one period plus one block turns a fill into memcpy and a
// check into memcmp (counting bytes only where a block differs).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ws::lib {

class BytePattern {
 public:
  BytePattern(uint8_t mul, unsigned shift, uint8_t add);
  uint8_t at(uint64_t i) const { return uint8_t(i * mul_ + (i >> shift_) + add_); }
  // d[0..n) = the pattern from offset `from`.
  void fill(uint8_t* d, uint64_t from, size_t n) const;
  // How many of d[0..n) differ from the pattern from offset `from`.
  uint64_t mismatches(const uint8_t* d, uint64_t from, size_t n) const;

 private:
  // The longest run from `i` (at most n) inside one block, and where it starts in table_.
  size_t run(uint64_t i, size_t n, const uint8_t*& expected) const;
  uint8_t mul_, add_, inverse_;
  unsigned shift_;
  std::vector<uint8_t> table_;  // table_[j] = uint8_t(j * mul), j < 256 + 2^shift
};

}  // namespace ws::lib
