#include "workloads/lib/splitmix64.hpp"

#include <cstring>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace ws {
namespace {

constexpr uint64_t kGamma = 0x9E3779B97F4A7C15ull, kMul1 = 0xBF58476D1CE4E5B9ull, kMul2 = 0x94D049BB133111EBull;

inline uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * kMul1;
  z = (z ^ (z >> 27)) * kMul2;
  return z ^ (z >> 31);
}

#if defined(__x86_64__)
// Four outputs at once: every output depends only on its position in the stream.
// AVX2 has no 64-bit multiply; the low 64 bits of z * m come from three 32-bit
// products (z_lo m_lo + (z_hi m_lo + z_lo m_hi) << 32).
#define WS_AVX2 __attribute__((target("avx2")))
WS_AVX2 inline __m256i mul64(__m256i z, __m256i m_lo, __m256i m_hi) {
  const __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(z, 32), m_lo), _mm256_mul_epu32(z, m_hi));
  return _mm256_add_epi64(_mm256_mul_epu32(z, m_lo), _mm256_slli_epi64(cross, 32));
}
WS_AVX2 inline __m256i xorshift(__m256i z, int s) { return _mm256_xor_si256(z, _mm256_srli_epi64(z, s)); }
WS_AVX2 size_t fill_avx2(uint64_t& state, uint8_t* p, size_t words) {
  const __m256i m1_lo = _mm256_set1_epi64x(int64_t(kMul1 & 0xFFFFFFFF)), m1_hi = _mm256_set1_epi64x(int64_t(kMul1 >> 32));
  const __m256i m2_lo = _mm256_set1_epi64x(int64_t(kMul2 & 0xFFFFFFFF)), m2_hi = _mm256_set1_epi64x(int64_t(kMul2 >> 32));
  const __m256i step = _mm256_set1_epi64x(int64_t(4 * kGamma));
  __m256i z = _mm256_set_epi64x(int64_t(state + 4 * kGamma), int64_t(state + 3 * kGamma), int64_t(state + 2 * kGamma),
                                int64_t(state + kGamma));
  size_t k = 0;
  for (; k + 4 <= words; k += 4, p += 32) {
    __m256i v = mul64(xorshift(z, 30), m1_lo, m1_hi);
    v = xorshift(mul64(xorshift(v, 27), m2_lo, m2_hi), 31);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
    z = _mm256_add_epi64(z, step);
  }
  state += k * kGamma;
  return k;
}
#endif

}  // namespace

void splitmix64_fill(uint64_t& state, uint8_t* p, size_t n) {
  size_t words = n / 8;
#if defined(__x86_64__)
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) {
    const size_t done = fill_avx2(state, p, words);
    p += done * 8, words -= done;
  }
#endif
  for (; words > 0; --words, p += 8) {
    const uint64_t v = mix(state += kGamma);
    std::memcpy(p, &v, 8);
  }
  if (const size_t tail = n % 8) {
    const uint64_t v = mix(state += kGamma);
    std::memcpy(p, &v, tail);
  }
}

}  // namespace ws
