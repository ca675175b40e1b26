#pragma once
// splitmix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014): a cheap seeded stream for test patterns.
#include <cstddef>
#include <cstdint>

namespace ws {

// Fills n bytes with consecutive outputs of the stream at `state`, each stored
// little-endian; a last partial word takes the low bytes of one more output.
// `state` moves past every output used.
void splitmix64_fill(uint64_t& state, uint8_t* p, size_t n);

}  // namespace ws
