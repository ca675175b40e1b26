#include "workloads/lib/byte_pattern.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace ws::lib {

BytePattern::BytePattern(uint8_t mul, unsigned shift, uint8_t add) : mul_(mul), add_(add), inverse_(0), shift_(shift) {
  if (mul % 2 == 0) throw std::invalid_argument("BytePattern: the multiplier must be odd");
  while (uint8_t(mul * inverse_) != 1) ++inverse_;
  table_.resize(256 + (size_t(1) << shift));
  for (size_t j = 0; j < table_.size(); ++j) table_[j] = uint8_t(j * mul);
}

size_t BytePattern::run(uint64_t i, size_t n, const uint8_t*& expected) const {
  const uint64_t block = uint64_t(1) << shift_;
  const auto k = uint8_t((i >> shift_) + add_);
  const size_t in_block = size_t(i & (block - 1));
  expected = &table_[uint8_t(i + uint8_t(k * inverse_))];
  return std::min<size_t>(n, block - in_block);
}

void BytePattern::fill(uint8_t* d, uint64_t from, size_t n) const {
  while (n) {
    const uint8_t* e;
    const size_t m = run(from, n, e);
    std::memcpy(d, e, m);
    d += m, from += m, n -= m;
  }
}

uint64_t BytePattern::mismatches(const uint8_t* d, uint64_t from, size_t n) const {
  uint64_t wrong = 0;
  while (n) {
    const uint8_t* e;
    const size_t m = run(from, n, e);
    if (std::memcmp(d, e, m) != 0)
      for (size_t j = 0; j < m; ++j) wrong += d[j] != e[j];
    d += m, from += m, n -= m;
  }
  return wrong;
}

}  // namespace ws::lib
