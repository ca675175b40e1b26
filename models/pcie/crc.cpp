#include "models/pcie/crc.hpp"

#include <array>
#include <cstring>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace ws::pcie {
namespace {

// Slice-by-8 tables for the reflected CRC-32 (polynomial 04C11DB7h, reflected EDB88320h).
struct Crc32Tables {
  std::array<std::array<uint32_t, 256>, 8> t{};
  Crc32Tables() {
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int b = 0; b < 8; ++b) c = (c & 1) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
      t[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; ++i)
      for (size_t k = 1; k < 8; ++k) t[k][i] = (t[k - 1][i] >> 8) ^ t[0][t[k - 1][i] & 0xFF];
  }
};
const Crc32Tables kCrc32;

uint32_t crc32_tables(const uint8_t* p, size_t n, uint32_t c) {
  const auto& t = kCrc32.t;
  for (; n >= 8; n -= 8, p += 8) {
    uint32_t lo, hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + 4, 4);
    lo ^= c;
    c = t[7][lo & 0xFF] ^ t[6][(lo >> 8) & 0xFF] ^ t[5][(lo >> 16) & 0xFF] ^ t[4][lo >> 24] ^ t[3][hi & 0xFF] ^
        t[2][(hi >> 8) & 0xFF] ^ t[1][(hi >> 16) & 0xFF] ^ t[0][hi >> 24];
  }
  while (n--) c = (c >> 8) ^ t[0][(c ^ *p++) & 0xFF];
  return c;
}

#if defined(__x86_64__)
// Folding with carry-less multiplication (Gopal et al., "Fast CRC Computation
// for Generic Polynomials Using PCLMULQDQ", Intel 2009; the constants are those
// of its bit-reflected CRC-32 example, as zlib uses them). Takes the register
// value c (not inverted), the first 16-byte block and the n bytes after it (a
// multiple of 16): four blocks at a time while 64 B remain, then one.
#define WS_CLMUL __attribute__((target("pclmul,sse4.1")))
WS_CLMUL inline __m128i load(const uint8_t* q) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(q)); }
// x times x^(distance) mod P (k holds the two constants), folded onto the next block y.
WS_CLMUL inline __m128i fold(__m128i x, __m128i k, __m128i y) {
  return _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x11), _mm_clmulepi64_si128(x, k, 0x00)), y);
}
WS_CLMUL uint32_t crc32_clmul(const uint8_t* first, const uint8_t* p, size_t n, uint32_t c) {
  const __m128i k1k2 = _mm_set_epi64x(0x01c6e41596, 0x0154442bd4);
  const __m128i k3k4 = _mm_set_epi64x(0x00ccaa009e, 0x01751997d0);
  // Folding 32 and 48 bytes at once (the same rule: x^(D-32) and x^(D+32) mod P
  // for a distance of D bits, bit-reflected and shifted by one).
  const __m128i k256 = _mm_set_epi64x(0x015a546366, 0x00f1da05aa);
  const __m128i k384 = _mm_set_epi64x(0x0174359406, 0x003db1ecdc);
  const __m128i k5k0 = _mm_set_epi64x(0, 0x0163cd6124);
  const __m128i poly = _mm_set_epi64x(0x01f7011641, 0x01db710641);
  __m128i x1 = _mm_xor_si128(load(first), _mm_cvtsi32_si128(int(c)));
  if (n >= 48) {
    __m128i x2 = load(p), x3 = load(p + 16), x4 = load(p + 32);
    for (p += 48, n -= 48; n >= 64; p += 64, n -= 64) {
      x1 = fold(x1, k1k2, load(p));
      x2 = fold(x2, k1k2, load(p + 16));
      x3 = fold(x3, k1k2, load(p + 32));
      x4 = fold(x4, k1k2, load(p + 48));
    }
    // The four lanes onto the last side by side: one fold's latency, not three in a chain.
    const __m128i zero = _mm_setzero_si128();
    x1 = _mm_xor_si128(_mm_xor_si128(fold(x1, k384, zero), fold(x2, k256, zero)), fold(x3, k3k4, x4));
  }
  for (; n >= 16; p += 16, n -= 16) x1 = fold(x1, k3k4, load(p));
  // 128 bits to 64, then Barrett reduction to 32.
  const __m128i lo32 = _mm_setr_epi32(~0, 0, ~0, 0);
  x1 = _mm_xor_si128(_mm_srli_si128(x1, 8), _mm_clmulepi64_si128(x1, k3k4, 0x10));
  x1 = _mm_xor_si128(_mm_srli_si128(x1, 4), _mm_clmulepi64_si128(_mm_and_si128(x1, lo32), k5k0, 0x00));
  __m128i x2r = _mm_clmulepi64_si128(_mm_and_si128(x1, lo32), poly, 0x10);
  x2r = _mm_clmulepi64_si128(_mm_and_si128(x2r, lo32), poly, 0x00);
  return uint32_t(_mm_extract_epi32(_mm_xor_si128(x1, x2r), 1));
}
const bool kHasClmul = [] {
  __builtin_cpu_init();  // may run before libgcc's own constructor
  return __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
}();
#endif

// A length that is not a multiple of 16 is folded whole all the same: k zero
// bytes ahead of the message, from the register value that those k bytes take
// to the start value ~0 (a step of the register is invertible: the bit shifted
// out is the one the polynomial's top bit marks), leave the CRC as it was. So
// a minimal Ethernet frame's 60 B fold as four blocks with no table tail,
// whose chain of dependent loads cost as much as the folding. Here for every
// k, for the start ~0 (seed 0: every frame and TLP CRC but the LCRC's chaining).
struct ZeroPrefixStarts {
  std::array<uint32_t, 16> c{};
  ZeroPrefixStarts() {
    for (size_t k = 0; k < c.size(); ++k) {
      uint32_t v = ~0u;
      for (size_t bit = 0; bit < 8 * k; ++bit) v = (v & 0x80000000u) ? ((v ^ 0xEDB88320u) << 1) | 1 : v << 1;
      c[k] = v;
    }
  }
};
const ZeroPrefixStarts kZeroPrefix;

}  // namespace

uint32_t crc32(const uint8_t* p, size_t n, uint32_t seed) {
  uint32_t c = ~seed;
#if defined(__x86_64__)
  // Every TLP and every Ethernet frame is CRC'd; folding takes the bulk at a
  // fraction of the table cost.
  if (kHasClmul && n >= 16) {
    const size_t r = n % 16;
    if (r == 0) return ~crc32_clmul(p, p + 16, n - 16, c);
    if (seed == 0) {
      uint8_t first[16] = {};
      std::memcpy(first + 16 - r, p, r);
      return ~crc32_clmul(first, p + r, n - r, kZeroPrefix.c[16 - r]);
    }
    const size_t bulk = n - r;
    c = crc32_clmul(p, p + 16, bulk - 16, c);
    p += bulk, n = r;
  }
#endif
  return ~crc32_tables(p, n, c);
}

uint16_t crc16_dllp(const uint8_t* p, size_t n) {
  static const auto table = [] {
    std::array<uint16_t, 256> t{};
    for (unsigned i = 0; i < 256; ++i) {
      uint16_t c = static_cast<uint16_t>(i << 8);
      for (int b = 0; b < 8; ++b) c = static_cast<uint16_t>((c & 0x8000) ? (c << 1) ^ 0x100B : c << 1);
      t[i] = c;
    }
    return t;
  }();
  uint16_t crc = 0xFFFF;
  for (size_t i = 0; i < n; ++i) crc = static_cast<uint16_t>((crc << 8) ^ table[((crc >> 8) ^ p[i]) & 0xFF]);
  return static_cast<uint16_t>(~crc);
}

}  // namespace ws::pcie
